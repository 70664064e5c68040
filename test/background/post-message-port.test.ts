import { MessageChannel, type MessagePort } from 'node:worker_threads';

import { portOverPostMessage } from '../../src/background/contract/post-message-port';
import type { BackgroundMessage, ViewMessage } from '../../src/background/contract/protocol';

describe('portOverPostMessage', () => {
  const channels: MessagePort[] = [];
  afterEach(() => {
    for (const port of channels.splice(0)) port.close();
  });

  /** Both ends of a real MessageChannel: structured clone and asynchronous delivery, as with a Worker. */
  function pair() {
    const { port1, port2 } = new MessageChannel();
    channels.push(port1, port2);
    const target = (port: MessagePort) =>
      port as unknown as Parameters<typeof portOverPostMessage>[0];
    return {
      view: portOverPostMessage<BackgroundMessage, ViewMessage>(target(port1)),
      background: portOverPostMessage<ViewMessage, BackgroundMessage>(target(port2)),
    };
  }

  const next = <T>(port: { onMessage(listener: (message: T) => void): () => void }) =>
    new Promise<T>((resolve) => {
      const stop = port.onMessage((message) => {
        stop();
        resolve(message);
      });
    });

  it('carries messages both ways as copies', async () => {
    const { view, background } = pair();
    const request: ViewMessage = { type: 'request', id: 1, action: 'setTheme', params: ['dark'] };
    const received = next(background);
    view.postMessage(request);
    const copy = await received;
    expect(copy).toEqual(request);
    expect(copy).not.toBe(request);

    const answer = next(view);
    background.postMessage({ type: 'response', id: 1, result: null });
    expect(await answer).toEqual({ type: 'response', id: 1, result: null });
  });

  it('stops delivering to a listener once it unsubscribes', async () => {
    const { view, background } = pair();
    const seen: ViewMessage[] = [];
    const stop = background.onMessage((message) => seen.push(message));
    view.postMessage({ type: 'subscribe' });
    await next(background);
    stop();
    view.postMessage({ type: 'unsubscribe' });
    await next(background);
    expect(seen).toEqual([{ type: 'subscribe' }]);
  });
});
