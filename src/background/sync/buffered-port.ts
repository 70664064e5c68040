import type { MessageChannelPort } from './protocol';

/**
 * Wraps a port so that messages arriving before anyone listens are kept and handed to the first
 * listener, in order. The worker needs this: a view may subscribe while the engine still starts.
 */
export function bufferUntilListening<Incoming, Outgoing>(
  port: MessageChannelPort<Incoming, Outgoing>,
): MessageChannelPort<Incoming, Outgoing> {
  const queue: Incoming[] = [];
  const listeners = new Set<(message: Incoming) => void>();
  port.onMessage((message) => {
    if (listeners.size === 0) queue.push(message);
    for (const listener of listeners) listener(message);
  });
  return {
    postMessage: (message) => port.postMessage(message),
    onMessage(listener) {
      listeners.add(listener);
      for (const message of queue.splice(0)) listener(message);
      return () => listeners.delete(listener);
    },
  };
}
