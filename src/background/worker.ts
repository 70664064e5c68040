/// <reference lib="webworker" />
/**
 * The browser's background: a dedicated Web Worker that owns the engine. Keys and vault contents
 * stay in this realm; the page only ever sees UI-visible state and action results.
 */
import { createEngine } from './engine/create-engine';
import { IndexedDbStorage } from './persistence/indexeddb-storage';
import type { BackgroundMessage, MessageChannelPort, ViewMessage } from './sync/protocol';
import { bufferUntilListening } from './sync/buffered-port';
import { serveView } from './sync/serve-view';
import { readRuntimeConfig } from './runtime-config';

declare const self: DedicatedWorkerGlobalScope;

const port: MessageChannelPort<ViewMessage, BackgroundMessage> = {
  postMessage: (message) => self.postMessage(message),
  onMessage: (listener) => {
    const handler = (event: MessageEvent<ViewMessage>) => listener(event.data);
    self.addEventListener('message', handler);
    return () => self.removeEventListener('message', handler);
  },
};

// A view may subscribe while the engine still starts; its messages wait in the buffer.
const bufferedPort = bufferUntilListening(port);

async function start(): Promise<void> {
  const config = await readRuntimeConfig(new URL('config.json', self.location.href));
  const engine = await createEngine({ storage: new IndexedDbStorage(), network: config.network });
  serveView(engine, bufferedPort);
}

start().catch((error: unknown) => {
  console.error('Orrery: the background failed to start', error);
});
