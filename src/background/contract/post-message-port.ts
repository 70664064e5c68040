import type { MessageChannelPort } from './protocol';

/** Anything that posts messages and emits them as `message` events: a Worker, the worker's `self`, a MessagePort. */
export interface PostMessageTarget {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Speaks the protocol over a postMessage target: the page's Worker on one side, `self` on the other. */
export function portOverPostMessage<Incoming, Outgoing>(
  target: PostMessageTarget,
): MessageChannelPort<Incoming, Outgoing> {
  return {
    postMessage: (message) => target.postMessage(message),
    onMessage: (listener) => {
      const handler = (event: MessageEvent) => listener(event.data as Incoming);
      target.addEventListener('message', handler);
      return () => target.removeEventListener('message', handler);
    },
  };
}
