import { createWindowMessageStream, type WindowMessageStream } from '../../src/embed';
import {
  FakeWindow,
  HOST_ORIGIN,
  WALLET_ORIGIN,
  createWindowPair,
  settle,
  until,
} from './fake-windows';

const open: WindowMessageStream[] = [];
afterEach(() => open.splice(0).forEach((stream) => stream.close()));

function hostStream(host: FakeWindow, iframe: FakeWindow, targetOrigin = WALLET_ORIGIN) {
  const stream = createWindowMessageStream({
    name: 'embed_comm',
    target: 'iframe_comm',
    targetWindow: iframe,
    targetOrigin,
    selfWindow: host,
  });
  open.push(stream);
  return stream;
}

/** The iframe side learns the host's origin from the handshake. */
function iframeStream(host: FakeWindow, iframe: FakeWindow) {
  const stream = createWindowMessageStream({
    name: 'iframe_comm',
    target: 'embed_comm',
    targetWindow: host,
    selfWindow: iframe,
  });
  open.push(stream);
  return stream;
}

function collect(stream: WindowMessageStream): unknown[] {
  const received: unknown[] = [];
  stream.onData((data) => received.push(data));
  return received;
}

describe('window message stream', () => {
  it('handshakes SYN/ACK, pins the origin and delivers what was sent before the peer existed', async () => {
    const { host, iframe } = createWindowPair();
    const hostSide = hostStream(host, iframe);
    hostSide.send({ hello: 'from host' });
    await settle(); // the iframe has no listener yet: the host's first SYN is lost, as in browsers
    const wallet = iframeStream(host, iframe);
    wallet.send({ hello: 'from wallet' });
    const atHost = collect(hostSide);
    const atWallet = collect(wallet);

    await until(() => atHost.length === 1 && atWallet.length === 1);
    expect(atHost).toEqual([{ hello: 'from wallet' }]);
    expect(atWallet).toEqual([{ hello: 'from host' }]);
    expect(wallet.targetOrigin).toBe(HOST_ORIGIN);
    expect(hostSide.connected && wallet.connected).toBe(true);

    // Exact wire: envelopes {target, data}; '*' only on the iframe's first handshake words.
    expect(host.posted).toEqual([
      { message: { target: 'embed_comm', data: 'BRK' }, targetOrigin: '*' },
      { message: { target: 'embed_comm', data: 'SYN' }, targetOrigin: '*' },
      { message: { target: 'embed_comm', data: 'ACK' }, targetOrigin: HOST_ORIGIN },
      {
        message: { target: 'embed_comm', data: { hello: 'from wallet' } },
        targetOrigin: HOST_ORIGIN,
      },
    ]);
    expect(iframe.posted).toEqual([
      { message: { target: 'iframe_comm', data: 'BRK' }, targetOrigin: WALLET_ORIGIN },
      { message: { target: 'iframe_comm', data: 'SYN' }, targetOrigin: WALLET_ORIGIN },
      { message: { target: 'iframe_comm', data: 'ACK' }, targetOrigin: WALLET_ORIGIN },
      {
        message: { target: 'iframe_comm', data: { hello: 'from host' } },
        targetOrigin: WALLET_ORIGIN,
      },
    ]);
  });

  it('connects when both sides start at once, keeping send order', async () => {
    const { host, iframe } = createWindowPair();
    const hostSide = hostStream(host, iframe);
    const wallet = iframeStream(host, iframe);
    const atWallet = collect(wallet);
    for (let i = 1; i <= 5; i += 1) hostSide.send({ i });
    await until(() => atWallet.length === 5);
    expect(atWallet).toEqual([1, 2, 3, 4, 5].map((i) => ({ i })));
    const acks = iframe.envelopes().filter((m) => (m as { data: unknown }).data === 'ACK');
    expect(acks).toHaveLength(1);
  });

  it('holds sends until the handshake and snapshots them when sent', async () => {
    const { host, iframe } = createWindowPair();
    const hostSide = hostStream(host, iframe);
    const payload = { n: 1 };
    hostSide.send(payload);
    payload.n = 2; // a later change by the caller must not leak into the held message
    await settle();
    expect(iframe.envelopes().every((m) => typeof (m as { data: unknown }).data === 'string')).toBe(
      true,
    );
    const atWallet = collect(iframeStream(host, iframe));
    await until(() => atWallet.length === 1);
    expect(atWallet).toEqual([{ n: 1 }]);
  });

  it('bounds the held messages', () => {
    const { host, iframe } = createWindowPair();
    const stream = createWindowMessageStream({
      name: 'a',
      target: 'b',
      targetWindow: iframe,
      targetOrigin: WALLET_ORIGIN,
      selfWindow: host,
      maxBuffered: 2,
    });
    open.push(stream);
    stream.send('one');
    stream.send('two');
    expect(() => stream.send('three')).toThrow('2 messages already wait for the handshake');
  });

  it('ignores messages from another origin or another window once the origin is pinned', async () => {
    const { host, iframe } = createWindowPair();
    const hostSide = hostStream(host, iframe);
    const wallet = iframeStream(host, iframe);
    const atWallet = collect(wallet);
    await until(() => wallet.connected && hostSide.connected);

    const evil = new FakeWindow('https://evil.example');
    const to = (data: unknown) => ({ target: 'iframe_comm', data });
    iframe.deliver(to({ from: 'other origin' }), { origin: 'https://evil.example', source: host });
    iframe.deliver(to({ from: 'other window' }), { origin: HOST_ORIGIN, source: evil });
    iframe.deliver(to('SYN'), { origin: 'https://evil.example', source: host });
    iframe.deliver(to({ from: 'host' }), { origin: HOST_ORIGIN, source: host });
    await until(() => atWallet.length === 1);
    await settle();
    expect(atWallet).toEqual([{ from: 'host' }]);
    expect(wallet.targetOrigin).toBe(HOST_ORIGIN);
    // The foreign SYN did not make the wallet answer anyone.
    expect(host.posted.filter((p) => (p.message as { data: unknown }).data === 'ACK')).toHaveLength(
      1,
    );
  });

  it('pins the origin only from a handshake of the expected window, never an opaque one', async () => {
    const { host, iframe } = createWindowPair();
    const wallet = iframeStream(host, iframe);
    const evil = new FakeWindow('https://evil.example');
    iframe.deliver(
      { target: 'iframe_comm', data: 'SYN' },
      { origin: 'https://evil.example', source: evil },
    );
    iframe.deliver({ target: 'iframe_comm', data: 'SYN' }, { origin: 'null', source: host });
    iframe.deliver(
      { target: 'iframe_comm', data: { x: 1 } },
      { origin: 'https://other.example', source: host },
    );
    await settle();
    expect(wallet.targetOrigin).toBeUndefined();
    expect(host.posted.map((p) => (p.message as { data: unknown }).data)).toEqual(['BRK', 'SYN']);

    hostStream(host, iframe);
    await until(() => wallet.connected);
    expect(wallet.targetOrigin).toBe(HOST_ORIGIN);
  });

  it('on the host side, never connects to a frame of another origin', async () => {
    const { host, iframe } = createWindowPair(HOST_ORIGIN, 'https://phish.example');
    const hostSide = hostStream(host, iframe, WALLET_ORIGIN);
    iframeStream(host, iframe);
    await settle(50);
    expect(hostSide.connected).toBe(false);
    // Its handshake went to the expected origin only, so the phishing frame never received it.
    expect(iframe.posted.every((p) => p.targetOrigin === WALLET_ORIGIN)).toBe(true);
  });

  it('ignores envelopes for another stream name and malformed messages', async () => {
    const { host, iframe } = createWindowPair();
    const hostSide = hostStream(host, iframe);
    const wallet = iframeStream(host, iframe);
    const atWallet = collect(wallet);
    await until(() => hostSide.connected && wallet.connected);
    const from = { origin: HOST_ORIGIN, source: host };
    iframe.deliver({ target: 'iframe_metamask', data: { wrong: 'target' } }, from);
    iframe.deliver({ data: { no: 'target' } }, from);
    iframe.deliver({ target: 'iframe_comm', data: 0 }, from);
    iframe.deliver('iframe_comm', from);
    iframe.deliver(null, from);
    hostSide.send({ right: 'target' });
    await until(() => atWallet.length === 1);
    await settle();
    expect(atWallet).toEqual([{ right: 'target' }]);
  });

  it('reconnects when the other side restarts, and tells onConnect each time', async () => {
    const { host, iframe } = createWindowPair();
    const hostSide = hostStream(host, iframe);
    let connects = 0;
    hostSide.onConnect(() => (connects += 1));
    const atHost = collect(hostSide);
    const first = iframeStream(host, iframe);
    await until(() => connects === 1);
    first.close(); // the iframe reloads

    const second = iframeStream(host, iframe);
    second.send('after reload');
    await until(() => atHost.length === 1 && connects === 2);
    expect(atHost).toEqual(['after reload']);
    const atSecond = collect(second);
    hostSide.send({ to: 'new frame' });
    await until(() => atSecond.length === 1);
    expect(atSecond).toEqual([{ to: 'new frame' }]);
  });

  it('close stops delivery, drops held messages and makes send throw', async () => {
    const { host, iframe } = createWindowPair();
    const hostSide = hostStream(host, iframe);
    hostSide.send('held, then dropped');
    hostSide.close();
    expect(() => hostSide.send('late')).toThrow('window message stream "embed_comm": closed');

    const wallet = iframeStream(host, iframe);
    await settle(50);
    expect(wallet.connected).toBe(false); // nobody answers its SYN any more
    expect(
      iframe.envelopes().some((m) => (m as { data: unknown }).data === 'held, then dropped'),
    ).toBe(false);
  });

  it('stops calling an unsubscribed listener', async () => {
    const { host, iframe } = createWindowPair();
    const hostSide = hostStream(host, iframe);
    const wallet = iframeStream(host, iframe);
    const kept: unknown[] = [];
    const dropped: unknown[] = [];
    wallet.onData((d) => kept.push(d));
    const unsubscribe = wallet.onData((d) => dropped.push(d));
    hostSide.send('one');
    await until(() => kept.length === 1);
    unsubscribe();
    hostSide.send('two');
    await until(() => kept.length === 2);
    expect(dropped).toEqual(['one']);
  });

  it('rejects what the wire cannot carry with a clear error', () => {
    const { host, iframe } = createWindowPair();
    const stream = hostStream(host, iframe);
    for (const bad of [0, '', false, null, undefined, Symbol('s')]) {
      expect(() => stream.send(bad as never)).toThrow(TypeError);
    }
    expect(() => stream.send('SYN')).toThrow('"SYN" is a handshake word');
    const base = { name: 'a', target: 'b', targetWindow: iframe, selfWindow: host };
    expect(() => createWindowMessageStream({ ...base, targetOrigin: '*' })).toThrow(
      'targetOrigin must be an exact origin, got "*"',
    );
    expect(() =>
      createWindowMessageStream({ ...base, targetOrigin: 'https://a.example/path' }),
    ).toThrow('exact origin');
    expect(() => createWindowMessageStream({ ...base, name: '' })).toThrow('non-empty strings');
    expect(iframe.posted).toHaveLength(2); // only the valid stream's BRK and SYN
  });
});
