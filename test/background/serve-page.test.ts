/**
 * One page's multi-channel wire on the engine's side, against a real engine: the view and
 * action channels, and provider streams that become `engine.connect(origin)` connections for
 * the origin the page's code chose, closed with the stream or with the page.
 */
import { DEFAULT_WALLET_ORIGIN } from '../../src/controllers/approvals/ApprovalController';
import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import type { OriginProvider } from '../../src/background/rpc/origin-provider';
import { createMemoryPortPair } from '../../src/background/sync/memory-port';
import type {
  EngineFrame,
  PageFrame,
  ProviderStreamEvent,
} from '../../src/background/contract/protocol';
import { servePage, type PageHost } from '../../src/background/sync/serve-page';
import { UNREACHABLE_RPC, waitFor } from './helpers';

let engine: Engine;
beforeAll(async () => {
  engine = await createEngine({ storage: new MemoryStorage(), network: UNREACHABLE_RPC });
});
afterAll(async () => {
  await engine.destroy();
});

/** The engine as servePage sees it, recording every connection it makes. */
function recordingHost() {
  const connections: OriginProvider[] = [];
  const host: PageHost = {
    getSnapshot: () => engine.getSnapshot(),
    subscribe: (listener) => engine.subscribe(listener),
    call: (action, params) => engine.call(action, params),
    connect(origin) {
      const provider = engine.connect(origin);
      connections.push(provider);
      return provider;
    },
  };
  return { host, connections };
}

function page(options: { maxProviderStreams?: number } = {}) {
  const { host, connections } = recordingHost();
  const [pagePort, enginePort] = createMemoryPortPair<EngineFrame, PageFrame>();
  const received: EngineFrame[] = [];
  pagePort.onMessage((frame) => received.push(frame));
  const stop = servePage(host, enginePort, { walletOrigin: DEFAULT_WALLET_ORIGIN, ...options });
  const send = (frame: unknown) => pagePort.postMessage(frame as PageFrame);
  const providerEvents = (stream: number): ProviderStreamEvent[] =>
    received.flatMap((frame) =>
      frame.channel === 'provider' && frame.stream === stream ? [frame.message] : [],
    );
  const response = (stream: number, id: number) =>
    waitFor(
      () =>
        providerEvents(stream).find(
          (event) => event.type === 'response' && event.response.id === id,
        ) as (ProviderStreamEvent & { type: 'response' }) | undefined,
      `the response to request ${id} on stream ${stream}`,
    ).then((event) => event.response);
  const open = async (stream: number, origin: unknown) => {
    send({ channel: 'provider', stream, message: { type: 'open', origin } });
    return waitFor(
      () => providerEvents(stream).find((e) => e.type === 'opened' || e.type === 'closed'),
      `stream ${stream} to open or close`,
    );
  };
  const request = (stream: number, id: number, method: string, params?: unknown) =>
    send({
      channel: 'provider',
      stream,
      message: { type: 'request', request: { id, method, ...(params ? { params } : {}) } },
    });
  return { send, received, stop, connections, providerEvents, response, open, request };
}

describe('servePage', () => {
  it('carries the view on its channel and the action API on another', async () => {
    const p = page();
    p.send({ channel: 'view', message: { type: 'subscribe' } });
    p.send({
      channel: 'action',
      message: { type: 'request', id: 7, action: 'setTheme', params: ['dark'] },
    });
    const answer = await waitFor(
      () => p.received.find((frame) => frame.channel === 'action'),
      'the action answer',
    );
    expect(answer).toEqual({
      channel: 'action',
      message: { type: 'response', id: 7, result: null },
    });
    const viewTypes = p.received
      .filter((frame) => frame.channel === 'view')
      .map((frame) => frame.message.type);
    expect(viewTypes[0]).toBe('snapshot');
    expect(viewTypes).toContain('patches');
    // An action message on the view channel is not an action.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    p.send({
      channel: 'view',
      message: { type: 'request', id: 8, action: 'setTheme', params: ['light'] },
    });
    p.send({ channel: 'action', message: { type: 'request', id: 9, action: 'nope', params: [] } });
    const refused = await waitFor(
      () => p.received.find((f) => f.channel === 'action' && f.message.type === 'error'),
      'the unknown action error',
    );
    expect(refused.message).toMatchObject({ id: 9, error: { code: -32601 } });
    expect(p.received.some((f) => f.channel === 'action' && f.message.id === 8)).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      'Orrery: ignoring a frame on an unknown channel',
      'view',
      'request',
    );
    warn.mockRestore();
    expect(engine.getState().PreferencesController.theme).toBe('dark');
    p.stop();
  });

  it("opens a provider stream as connect(origin) for the page's chosen origin and relays JSON-RPC", async () => {
    const p = page();
    expect(await p.open(1, { kind: 'dapp', origin: 'https://dapp.example' })).toEqual({
      type: 'opened',
      origin: 'https://dapp.example',
    });
    expect(p.connections.map((c) => c.origin)).toEqual(['https://dapp.example']);

    p.request(1, 1, 'eth_chainId');
    expect(await p.response(1, 1)).toEqual({ id: 1, result: '0x1691' });
    p.request(1, 2, 'eth_accounts');
    expect(await p.response(1, 2)).toEqual({ id: 2, result: [] });
    p.request(1, 3, 'admin_peers');
    const refused = await p.response(1, 3);
    expect(refused).toMatchObject({ id: 3, error: { code: expect.any(Number) } });
    expect((refused as { error: { stack?: unknown } }).error.stack).toBeUndefined();

    // The wallet's own pages ask for the wallet, which the engine names itself.
    expect(await p.open(2, { kind: 'wallet' })).toEqual({
      type: 'opened',
      origin: DEFAULT_WALLET_ORIGIN,
    });
    expect(p.connections.map((c) => c.origin)).toEqual(['https://dapp.example', 'orrery']);
    p.stop();
  });

  it.each([
    ['a pattern', { kind: 'dapp', origin: '*' }],
    ['an opaque origin', { kind: 'dapp', origin: 'null' }],
    ['a URL with a path', { kind: 'dapp', origin: 'https://dapp.example/app' }],
    ['the wallet by name', { kind: 'dapp', origin: 'orrery' }],
    ['a script URL', { kind: 'dapp', origin: 'javascript:alert(1)' }],
    ['a bare string', 'https://dapp.example'],
    ['nothing', undefined],
  ])('refuses a stream for %s and connects nothing', async (_what, origin) => {
    const p = page();
    const event = await p.open(3, origin);
    expect(event).toMatchObject({ type: 'closed', error: { code: -32600 } });
    expect(p.connections).toEqual([]);
    p.request(3, 1, 'eth_chainId');
    expect(await p.response(3, 1)).toMatchObject({ error: { code: 4900 } });
    p.stop();
  });

  it("forwards the connection's notifications to its stream only", async () => {
    const local = await createEngine({ storage: new MemoryStorage(), network: UNREACHABLE_RPC });
    try {
      const [pagePort, enginePort] = createMemoryPortPair<EngineFrame, PageFrame>();
      const received: EngineFrame[] = [];
      pagePort.onMessage((frame) => received.push(frame));
      const stop = servePage(local, enginePort, { walletOrigin: DEFAULT_WALLET_ORIGIN });
      for (const stream of [1, 2]) {
        pagePort.postMessage({
          channel: 'provider',
          stream,
          message: {
            type: 'open',
            origin: { kind: 'dapp', origin: `https://dapp${stream}.example` },
          },
        });
      }
      await waitFor(() => received.length === 2, 'both streams to open');
      await local.actions.createNewVault('correct horse battery staple');
      const notifications = await waitFor(() => {
        const found = received.filter(
          (f) => f.channel === 'provider' && f.message.type === 'notification',
        );
        return found.length >= 2 && found;
      }, 'the unlock notifications');
      expect(notifications).toEqual(
        [1, 2].map((stream) => ({
          channel: 'provider',
          stream,
          message: {
            type: 'notification',
            notification: {
              method: 'wallet_unlockStateChanged',
              params: { isUnlocked: true, accounts: [] },
            },
          },
        })),
      );
      stop();
    } finally {
      await local.destroy();
    }
  });

  it('closes the connection when the page closes its stream, and all of them when the page goes', async () => {
    const p = page();
    for (const stream of [1, 2, 3]) {
      await p.open(stream, { kind: 'dapp', origin: `https://d${stream}.example` });
    }
    p.send({ channel: 'provider', stream: 2, message: { type: 'close' } });
    await waitFor(() => p.connections[1]!.closed, 'stream 2 to close its connection');
    expect(p.connections.map((c) => c.closed)).toEqual([false, true, false]);
    p.request(2, 1, 'eth_chainId');
    expect(await p.response(2, 1)).toMatchObject({ error: { code: 4900 } });

    p.stop();
    expect(p.connections.map((c) => c.closed)).toEqual([true, true, true]);
  });

  it('answers nothing for a stream closed while its request was running', async () => {
    const p = page();
    await p.open(1, { kind: 'dapp', origin: 'https://dapp.example' });
    // Waits for an unlock that never comes.
    p.request(1, 1, 'eth_requestAccounts');
    p.request(1, 2, 'eth_chainId');
    await p.response(1, 2);
    p.send({ channel: 'provider', stream: 1, message: { type: 'close' } });
    await waitFor(() => p.connections[0]!.closed, 'the connection to close');
    // A round trip on another stream lets the closed connection's rejection arrive, if it would.
    await p.open(2, { kind: 'wallet' });
    p.request(2, 1, 'eth_chainId');
    await p.response(2, 1);
    expect(p.providerEvents(1).filter((e) => e.type === 'response')).toHaveLength(1);
    p.stop();
  });

  it('re-opening an open stream id ends it on both sides', async () => {
    const p = page();
    await p.open(1, { kind: 'dapp', origin: 'https://dapp.example' });
    p.send({
      channel: 'provider',
      stream: 1,
      message: { type: 'open', origin: { kind: 'wallet' } },
    });
    await waitFor(() => p.providerEvents(1).some((e) => e.type === 'closed'), 'the refusal');
    expect(p.connections).toHaveLength(1);
    expect(p.connections[0]!.closed).toBe(true);
    p.stop();
  });

  it('limits the streams one page may hold', async () => {
    const p = page({ maxProviderStreams: 2 });
    await p.open(1, { kind: 'wallet' });
    await p.open(2, { kind: 'wallet' });
    expect(await p.open(3, { kind: 'wallet' })).toMatchObject({
      type: 'closed',
      error: { message: expect.stringContaining('at most 2') },
    });
    expect(p.connections).toHaveLength(2);
    p.stop();
  });

  it('refuses malformed frames and requests', async () => {
    const p = page();
    await p.open(1, { kind: 'wallet' });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      p.send(null);
      p.send({ channel: 'debug', message: { type: 'dump' } });
      p.send({
        channel: 'provider',
        stream: -1,
        message: { type: 'open', origin: { kind: 'wallet' } },
      });
      p.send({ channel: 'provider', stream: 1.5, message: { type: 'close' } });
      p.send({
        channel: 'provider',
        stream: 1,
        message: { type: 'request', request: { method: 'eth_chainId' } },
      });
      p.request(1, 2, '');
      p.request(1, 3, 'eth_chainId', 'not params');
      const bad = await Promise.all([p.response(1, 2), p.response(1, 3)]);
      expect(bad.map((r) => (r as { error: { code: number } }).error.code)).toEqual([
        -32600, -32600,
      ]);
      expect(p.connections).toHaveLength(1);
      expect(p.connections[0]!.closed).toBe(false);
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      p.stop();
    }
  });
});
