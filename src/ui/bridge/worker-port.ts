import type { BackgroundMessage, ViewMessage } from '../../background/sync/protocol';
import type { BackgroundPort } from './background-client';

/** Speaks the protocol over a Web Worker (or any postMessage target with message events). */
export function createWorkerPort(worker: Worker): BackgroundPort {
  return {
    postMessage: (message: ViewMessage) => worker.postMessage(message),
    onMessage: (listener: (message: BackgroundMessage) => void) => {
      const handler = (event: MessageEvent<BackgroundMessage>) => listener(event.data);
      worker.addEventListener('message', handler);
      return () => worker.removeEventListener('message', handler);
    },
  };
}
