// Our transport against the reference implementations on the other end of a fake window pair:
// openlogin-jrpc 8.3.0 (what @toruslabs/torus-embed 5.0.2 runs) and @metamask/post-message-stream
// 10.0.0 + @metamask/object-multiplex 2.1.0. Node streams exist here, so they run unchanged.
import type { Duplex } from 'stream';
import type * as MetaMaskStreams from '@metamask/post-message-stream';
import type MetaMaskObjectMultiplex from '@metamask/object-multiplex';
import type * as OpenloginJrpc from '@toruslabs/openlogin-jrpc';
import {
  createMultiplex,
  createWindowMessageStream,
  type WindowMessageStream,
} from '../../src/embed';
import {
  FakeMessageEvent,
  type FakeWindow,
  HOST_ORIGIN,
  WALLET_ORIGIN,
  createWindowPair,
  settle,
  until,
} from './fake-windows';

type Global = Record<string, unknown>;
const realMessageEvent = (globalThis as Global).MessageEvent;
const ours: WindowMessageStream[] = [];
const theirs: { stream: { destroy(): void }; window: FakeWindow }[] = [];

let metamask: typeof MetaMaskStreams;
let MetaMaskMultiplex: typeof MetaMaskObjectMultiplex;
let openlogin: typeof OpenloginJrpc;

beforeAll(async () => {
  // MetaMask's stream reads origin and source through MessageEvent.prototype's getters, captured
  // when the module loads: give it the fake windows' event class.
  (globalThis as Global).MessageEvent = FakeMessageEvent;
  metamask = await import('@metamask/post-message-stream');
  // CommonJS `export =`: the class is the module's default export.
  MetaMaskMultiplex = (await import('@metamask/object-multiplex')).default;
  openlogin = await import('@toruslabs/openlogin-jrpc');
});

afterEach(() => {
  ours.splice(0).forEach((stream) => stream.close());
  for (const { stream, window } of theirs.splice(0)) {
    (globalThis as Global).window = window; // their _destroy unlistens on the global window
    stream.destroy();
  }
  delete (globalThis as Global).window;
});

afterAll(() => {
  (globalThis as Global).MessageEvent = realMessageEvent;
});

interface End {
  name: string;
  target: string;
  own: FakeWindow;
  other: FakeWindow;
  targetOrigin?: string;
}

/** Our stream living in `own`, talking to `other`. */
function ourEnd({ name, target, own, other, targetOrigin }: End) {
  const stream = createWindowMessageStream({
    name,
    target,
    targetWindow: other,
    selfWindow: own,
    ...(targetOrigin ? { targetOrigin } : {}),
  });
  ours.push(stream);
  return { stream, mux: createMultiplex(stream) };
}

/** What torus-embed 5.0.2's _setupWeb3 builds: BasePostMessageStream + setupMultiplex. */
function sdkEnd({ name, target, own, other }: End) {
  (globalThis as Global).window = own; // reference streams listen on the global window
  const stream = new openlogin.BasePostMessageStream({
    name,
    target,
    targetWindow: other as unknown as Window,
    targetOrigin: other.origin,
  });
  theirs.push({ stream: stream as unknown as Duplex, window: own });
  const mux = openlogin.setupMultiplex(stream);
  // getStream is typed `Substream | symbol` (symbol for ignored names, which we never use).
  return { getStream: (substream: string) => mux.getStream(substream) as unknown as Duplex };
}

function metamaskEnd({ name, target, own, other, targetOrigin }: End) {
  (globalThis as Global).window = own;
  const stream = new metamask.WindowPostMessageStream({
    name,
    target,
    targetWindow: other as unknown as Window,
    targetOrigin: targetOrigin ?? other.origin,
  });
  theirs.push({ stream: stream as unknown as Duplex, window: own });
  const mux = new MetaMaskMultiplex();
  // Their readable-stream typings are not installed: view both as Node duplexes to pipe them.
  const duplex = stream as unknown as Duplex;
  duplex.pipe(mux as unknown as Duplex).pipe(duplex);
  return { createStream: (substream: string) => mux.createStream(substream) as unknown as Duplex };
}

function collect(source: { on(event: 'data', l: (d: unknown) => void): unknown }): unknown[];
function collect(source: { onData(l: (d: unknown) => void): unknown }): unknown[];
function collect(source: object): unknown[] {
  const received: unknown[] = [];
  const push = (d: unknown) => received.push(d);
  if ('onData' in source) (source as { onData(l: typeof push): void }).onData(push);
  else (source as Duplex).on('data', push);
  return received;
}

/** Every data envelope (not a handshake word) must name an exact origin, never '*'. */
function expectNoDataToAnyOrigin(...windows: FakeWindow[]) {
  for (const { message, targetOrigin } of windows.flatMap((w) => w.posted)) {
    if (typeof (message as { data: unknown }).data === 'object') expect(targetOrigin).not.toBe('*');
  }
}

describe('wire compatibility with torus-embed 5.0.2 (openlogin-jrpc 8.3.0)', () => {
  it('serves both streams as the wallet iframe: comm substreams and the provider', async () => {
    const { host, iframe } = createWindowPair();
    // The SDK builds its streams and writes before the iframe has loaded.
    const sdkComm = sdkEnd({ name: 'embed_comm', target: 'iframe_comm', own: host, other: iframe });
    const sdkMeta = sdkEnd({
      name: 'embed_metamask',
      target: 'iframe_metamask',
      own: host,
      other: iframe,
    });
    const initRequest = { name: 'init_stream', data: { network: { host: 'mainnet', chainId: 1 } } };
    sdkComm.getStream('init_stream').write(initRequest);
    const sdkProvider = sdkMeta.getStream('provider');
    sdkProvider.write({ id: 1, jsonrpc: '2.0', method: 'wallet_getProviderState', params: [] });
    await settle();

    const walletComm = ourEnd({
      name: 'iframe_comm',
      target: 'embed_comm',
      own: iframe,
      other: host,
    });
    const walletMeta = ourEnd({
      name: 'iframe_metamask',
      target: 'embed_metamask',
      own: iframe,
      other: host,
    });
    const initAtWallet = collect(walletComm.mux.substream('init_stream'));
    const rpcAtWallet = collect(walletMeta.mux.substream('provider'));
    const initAtSdk = collect(sdkComm.getStream('init_stream'));
    const rpcAtSdk = collect(sdkProvider);

    await until(() => initAtWallet.length === 1 && rpcAtWallet.length === 1);
    expect(initAtWallet).toEqual([initRequest]);
    expect(rpcAtWallet).toEqual([
      { id: 1, jsonrpc: '2.0', method: 'wallet_getProviderState', params: [] },
    ]);
    expect(walletComm.stream.targetOrigin).toBe(HOST_ORIGIN);

    walletComm.mux
      .substream('init_stream')
      .send({ name: 'init_complete', data: { success: true } });
    const state = { accounts: [], chainId: '0x1', networkVersion: '1', isUnlocked: false };
    walletMeta.mux.substream('provider').send({ id: 1, jsonrpc: '2.0', result: state });
    await until(() => initAtSdk.length === 1 && rpcAtSdk.length === 1);
    expect(initAtSdk).toEqual([{ name: 'init_complete', data: { success: true } }]);
    expect(rpcAtSdk).toEqual([{ id: 1, jsonrpc: '2.0', result: state }]);

    // The exact envelopes each side put on the wire.
    expect(iframe.envelopes()).toContainEqual({
      target: 'iframe_comm',
      data: initRequest.name && { name: 'init_stream', data: initRequest },
    });
    expect(host.posted).toContainEqual({
      message: {
        target: 'embed_comm',
        data: { name: 'init_stream', data: { name: 'init_complete', data: { success: true } } },
      },
      targetOrigin: HOST_ORIGIN,
    });
    expectNoDataToAnyOrigin(host, iframe);
  });

  it('reconnects after the wallet iframe reloads: the SDK stream resets on BRK', async () => {
    const { host, iframe } = createWindowPair();
    const sdkComm = sdkEnd({ name: 'embed_comm', target: 'iframe_comm', own: host, other: iframe });
    const statusAtSdk = collect(sdkComm.getStream('status'));
    const first = ourEnd({ name: 'iframe_comm', target: 'embed_comm', own: iframe, other: host });
    await until(() => first.stream.connected);
    first.stream.close();
    first.mux.close();

    const second = ourEnd({ name: 'iframe_comm', target: 'embed_comm', own: iframe, other: host });
    second.mux.substream('status').send({ loggedIn: false, rehydrate: true });
    const oauthAtWallet = collect(second.mux.substream('oauth'));
    await until(() => statusAtSdk.length === 1);
    expect(statusAtSdk).toEqual([{ loggedIn: false, rehydrate: true }]);
    sdkComm.getStream('oauth').write({ name: 'oauth_modal', data: { calledFromEmbed: true } });
    await until(() => oauthAtWallet.length === 1);
    expect(oauthAtWallet).toEqual([{ name: 'oauth_modal', data: { calledFromEmbed: true } }]);
  });
});

describe('wire compatibility with @metamask/post-message-stream + object-multiplex', () => {
  it('talks to their host end from our iframe end', async () => {
    const { host, iframe } = createWindowPair();
    const theirMux = metamaskEnd({
      name: 'embed_metamask',
      target: 'iframe_metamask',
      own: host,
      other: iframe,
    });
    const theirProvider = theirMux.createStream('provider');
    theirProvider.write({ id: 7, method: 'eth_chainId' });
    await settle();
    const wallet = ourEnd({
      name: 'iframe_metamask',
      target: 'embed_metamask',
      own: iframe,
      other: host,
    });
    const atWallet = collect(wallet.mux.substream('provider'));
    const atHost = collect(theirProvider);

    await until(() => atWallet.length === 1);
    wallet.mux.substream('provider').send({ id: 7, result: '0x1' });
    wallet.mux
      .substream('provider')
      .send({ method: 'wallet_chainChanged', params: { chainId: '0x5' } });
    await until(() => atHost.length === 2);
    expect(atWallet).toEqual([{ id: 7, method: 'eth_chainId' }]);
    expect(atHost).toEqual([
      { id: 7, result: '0x1' },
      { method: 'wallet_chainChanged', params: { chainId: '0x5' } },
    ]);
    expect(iframe.envelopes()).toEqual([
      { target: 'iframe_metamask', data: 'SYN' },
      { target: 'iframe_metamask', data: 'ACK' },
      {
        target: 'iframe_metamask',
        data: { name: 'provider', data: { id: 7, method: 'eth_chainId' } },
      },
    ]);
    expectNoDataToAnyOrigin(host, iframe);
  });

  it('talks to their iframe end from our host end, both starting at once', async () => {
    const { host, iframe } = createWindowPair();
    const dapp = ourEnd({
      name: 'embed_comm',
      target: 'iframe_comm',
      own: host,
      other: iframe,
      targetOrigin: WALLET_ORIGIN,
    });
    const theirMux = metamaskEnd({
      name: 'iframe_comm',
      target: 'embed_comm',
      own: iframe,
      other: host,
    });
    dapp.mux.substream('logout').send({ name: 'logOut' });
    const theirLogout = theirMux.createStream('logout');
    const atWallet = collect(theirLogout);
    const statusAtDapp = collect(dapp.mux.substream('status'));

    await until(() => atWallet.length === 1);
    expect(atWallet).toEqual([{ name: 'logOut' }]);
    theirMux.createStream('status').write({ loggedIn: false });
    await until(() => statusAtDapp.length === 1);
    expect(statusAtDapp).toEqual([{ loggedIn: false }]);
    expect(dapp.stream.connected).toBe(true);
    expectNoDataToAnyOrigin(host, iframe);
  });
});
