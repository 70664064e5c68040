import { createMultiplex, type FrameChannel } from '../../src/embed';
import type { StreamPayload } from '../../src/embed';

/** Two ends of an in-memory channel that keeps what crossed it, cloned as postMessage would. */
function channelPair() {
  const wire: StreamPayload[] = [];
  const listeners = {
    a: new Set<(d: StreamPayload) => void>(),
    b: new Set<(d: StreamPayload) => void>(),
  };
  const end = (self: 'a' | 'b', other: 'a' | 'b'): FrameChannel => ({
    send(data) {
      wire.push(structuredClone(data));
      for (const listener of listeners[other]) listener(structuredClone(data));
    },
    onData(listener) {
      listeners[self].add(listener);
      return () => listeners[self].delete(listener);
    },
  });
  return { a: end('a', 'b'), b: end('b', 'a'), wire, listeners };
}

function collect(substream: { onData(l: (d: unknown) => void): () => void }) {
  const received: unknown[] = [];
  substream.onData((d) => received.push(d));
  return received;
}

describe('multiplex', () => {
  it('frames each substream as {name, data} and routes by name', () => {
    const { a, b, wire } = channelPair();
    const host = createMultiplex(a);
    const wallet = createMultiplex(b);
    const init = collect(wallet.substream('init_stream'));
    const status = collect(host.substream('status'));
    const logout = collect(wallet.substream('logout'));
    const visibility = collect(wallet.substream('torus-widget-visibility'));

    host.substream('init_stream').send({ name: 'init_stream', data: { network: 'mainnet' } });
    wallet.substream('status').send({ loggedIn: false });
    host.substream('torus-widget-visibility').send(false); // falsy data is fine inside a frame

    expect(wire).toEqual([
      { name: 'init_stream', data: { name: 'init_stream', data: { network: 'mainnet' } } },
      { name: 'status', data: { loggedIn: false } },
      { name: 'torus-widget-visibility', data: false },
    ]);
    expect(init).toEqual([{ name: 'init_stream', data: { network: 'mainnet' } }]);
    expect(status).toEqual([{ loggedIn: false }]);
    expect(visibility).toEqual([false]);
    expect(logout).toEqual([]);
  });

  it('returns the same substream for the same name', () => {
    const mux = createMultiplex(channelPair().a);
    expect(mux.substream('provider')).toBe(mux.substream('provider'));
    expect(mux.substream('provider')).not.toBe(mux.substream('oauth'));
  });

  it('ignores unknown substreams and malformed frames, warning once each, and keeps working', () => {
    const { a, b } = channelPair();
    const warnings: string[] = [];
    const wallet = createMultiplex(b, { warn: (m) => warnings.push(m) });
    const provider = collect(wallet.substream('provider'));

    expect(() => {
      a.send({ name: 'phishing', data: { hostname: 'x' } });
      a.send({ name: 'phishing', data: { hostname: 'y' } });
      a.send({ data: 'no name' });
      a.send('a bare string');
      a.send({ name: '', data: 1 });
      a.send({ name: 'provider', data: { id: 1, method: 'eth_chainId' } });
    }).not.toThrow();

    expect(provider).toEqual([{ id: 1, method: 'eth_chainId' }]);
    expect(warnings).toEqual([
      'multiplex: ignored data for unknown substream "phishing"',
      'multiplex: ignored a frame without a substream name',
    ]);
  });

  it('refuses to send null or undefined, which would end a stream-based peer substream', () => {
    const { a, wire } = channelPair();
    const provider = createMultiplex(a).substream('provider');
    expect(() => provider.send(null)).toThrow('substream "provider" cannot send null');
    expect(() => provider.send(undefined)).toThrow('cannot send undefined');
    expect(() => createMultiplex(a).substream('')).toThrow('non-empty string');
    expect(wire).toEqual([]);
  });

  it('close stops delivery and unsubscribes from the stream', () => {
    const { a, b, listeners } = channelPair();
    const wallet = createMultiplex(b);
    const provider = collect(wallet.substream('provider'));
    wallet.close();
    a.send({ name: 'provider', data: { id: 2 } });
    expect(provider).toEqual([]);
    expect(listeners.b.size).toBe(0);
  });

  it('keeps delivering to other listeners when one throws, and reports the error', () => {
    const { a, b } = channelPair();
    const provider = createMultiplex(b).substream('provider');
    provider.onData(() => {
      throw new Error('listener bug');
    });
    const received = collect(provider);
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      a.send({ name: 'provider', data: { id: 3 } });
      expect(received).toEqual([{ id: 3 }]);
      expect(reported).toHaveBeenCalledWith(new Error('listener bug'));
    } finally {
      reported.mockRestore();
    }
  });
});
