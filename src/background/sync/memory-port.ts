import type { MessageChannelPort } from '../contract/protocol';

/**
 * Two connected in-memory ports. Delivery is asynchronous (a microtask later) and messages are
 * structured-cloned, as across a real Worker boundary, so code tested over this pair behaves
 * the same in the browser.
 */
export function createMemoryPortPair<A, B>(): [MessageChannelPort<A, B>, MessageChannelPort<B, A>] {
  const listenersOfA = new Set<(message: A) => void>();
  const listenersOfB = new Set<(message: B) => void>();
  const deliver = <T>(listeners: Set<(message: T) => void>, message: T) => {
    const copy = structuredClone(message);
    queueMicrotask(() => {
      for (const listener of listeners) listener(copy);
    });
  };
  const portA: MessageChannelPort<A, B> = {
    postMessage: (message) => deliver(listenersOfB, message),
    onMessage: (listener) => {
      listenersOfA.add(listener);
      return () => listenersOfA.delete(listener);
    },
  };
  const portB: MessageChannelPort<B, A> = {
    postMessage: (message) => deliver(listenersOfA, message),
    onMessage: (listener) => {
      listenersOfB.add(listener);
      return () => listenersOfB.delete(listener);
    },
  };
  return [portA, portB];
}
