/**
 * The realm that may run the engine (SharedWorker or elected leader's Worker): it runs the
 * engine only while it holds the engine lock, so two engines never share the database, hands
 * over when the holder ends, and serves pages by port and over the broadcast channel. Web Locks
 * are faked (Node has none); BroadcastChannel is Node's own, which behaves as the browser's.
 */
import {
  startEngineHost,
  type EngineHost,
  type HostedEngine,
} from '../../src/background/sync/engine-host';
import { createMemoryPortPair } from '../../src/background/sync/memory-port';
import {
  ENGINE_LOCK,
  pageLockName,
  WIRE_VERSION,
  type BroadcastMessage,
  type PortMessageToEngine,
  type PortMessageToPage,
  type ProviderNotification,
} from '../../src/background/contract/protocol';
import type { UiState } from '../../src/background/contract/ui-state';
import { FakeLocks } from './fake-locks';
import { waitFor } from './helpers';

let channelCount = 0;
const openChannels: BroadcastChannel[] = [];
const hosts: EngineHost[] = [];

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.stop()));
  for (const channel of openChannels.splice(0)) channel.close();
});

/** Engines that count how many run at once, with connections that record their closing. */
function engineFactory() {
  const stats = {
    started: 0,
    live: 0,
    maxLive: 0,
    connections: [] as { origin: string; closed: boolean }[],
  };
  const startEngine = async (): Promise<HostedEngine> => {
    stats.started += 1;
    stats.live += 1;
    stats.maxLive = Math.max(stats.maxLive, stats.live);
    return {
      getSnapshot: () => ({ seq: 0, state: {} as UiState }),
      subscribe: () => () => undefined,
      call: async () => null,
      connect(origin) {
        const connection = { origin, closed: false };
        stats.connections.push(connection);
        return {
          request: async () => origin,
          onNotification: (_listener: (n: ProviderNotification) => void) => () => undefined,
          close: () => {
            connection.closed = true;
          },
        };
      },
      async destroy() {
        stats.live -= 1;
      },
    };
  };
  return { stats, startEngine };
}

function channelPair(name: string) {
  const a = new BroadcastChannel(name);
  const b = new BroadcastChannel(name);
  openChannels.push(a, b);
  return [a, b] as const;
}

function newHost(
  locks: FakeLocks,
  channel: BroadcastChannel,
  startEngine: () => Promise<HostedEngine>,
) {
  const host = startEngineHost({ locks, channel, startEngine, walletOrigin: 'orrery' });
  hosts.push(host);
  return host;
}

/** A page's port to a host, recording what the host answers. */
function portTo(host: EngineHost) {
  const [page, realm] = createMemoryPortPair<PortMessageToPage, PortMessageToEngine>();
  const received: PortMessageToPage[] = [];
  page.onMessage((message) => received.push(message));
  host.acceptPort(realm);
  return { send: (message: PortMessageToEngine) => page.postMessage(message), received };
}

describe('engine host', () => {
  it('runs the engine only with the engine lock; a second realm waits, says elsewhere, then takes over', async () => {
    const locks = new FakeLocks();
    const name = `test-${++channelCount}`;
    const [first, second] = channelPair(name);
    const engines = engineFactory();

    const one = newHost(locks, first, engines.startEngine);
    await one.running;
    const two = newHost(locks, second, engines.startEngine);
    await waitFor(() => two.state === 'elsewhere', 'the second realm to find the lock taken');
    expect(engines.stats.started).toBe(1);
    expect(locks.queued(ENGINE_LOCK)).toBe(1);

    const toTwo = portTo(two);
    toTwo.send({ kind: 'hello', clientId: crypto.randomUUID(), version: WIRE_VERSION });
    await waitFor(() => toTwo.received.length > 0, 'an answer');
    expect(toTwo.received).toEqual([{ kind: 'elsewhere' }]);
    const toOne = portTo(one);
    toOne.send({ kind: 'hello', clientId: crypto.randomUUID(), version: WIRE_VERSION });
    await waitFor(() => toOne.received.length > 0, 'an answer');
    expect(toOne.received).toEqual([{ kind: 'welcome', engineId: one.engineId }]);

    await one.stop();
    await two.running;
    expect(engines.stats).toMatchObject({ started: 2, live: 1, maxLive: 1 });
  });

  it('never starts an engine while another realm holds the lock', async () => {
    const locks = new FakeLocks();
    const release = await locks.hold(ENGINE_LOCK);
    const [channel] = channelPair(`test-${++channelCount}`);
    const engines = engineFactory();
    const host = newHost(locks, channel, engines.startEngine);
    await waitFor(() => host.state === 'elsewhere', 'the realm to queue');
    expect(engines.stats.started).toBe(0);
    release();
    await host.running;
    expect(engines.stats.started).toBe(1);
  });

  it('answers a port whose hello came while it was still deciding, once it knows', async () => {
    const locks = new FakeLocks();
    const [channel] = channelPair(`test-${++channelCount}`);
    const engines = engineFactory();
    let startNow!: () => void;
    const gate = new Promise<void>((resolve) => (startNow = resolve));
    const host = newHost(locks, channel, async () => {
      await gate;
      return engines.startEngine();
    });
    const port = portTo(host);
    port.send({ kind: 'hello', clientId: crypto.randomUUID(), version: WIRE_VERSION });
    port.send({ kind: 'hello', clientId: 'second-hello-ignored', version: WIRE_VERSION });
    await waitFor(() => host.state === 'starting', 'the engine to start');
    expect(port.received).toEqual([]);
    startNow();
    await waitFor(() => port.received.length > 0, 'the welcome');
    expect(port.received).toEqual([{ kind: 'welcome', engineId: host.engineId }]);
  });

  it('serves pages over the broadcast channel, by client id, until their lock frees', async () => {
    const locks = new FakeLocks();
    const [realm, pages] = channelPair(`test-${++channelCount}`);
    const engines = engineFactory();
    const heard: BroadcastMessage[] = [];
    pages.addEventListener('message', (event) => heard.push(event.data as BroadcastMessage));
    const host = newHost(locks, realm, engines.startEngine);
    await host.running;
    const { engineId } = host;
    await waitFor(() => heard.some((m) => m.kind === 'engine-up'), 'the announcement');
    expect(heard[0]).toEqual({ kind: 'engine-up', engineId, version: WIRE_VERSION });

    const clientId = crypto.randomUUID();
    const leave = await locks.hold(pageLockName(clientId));
    // Of another version, or from a page that never said hello: ignored.
    pages.postMessage({ kind: 'hello', clientId: crypto.randomUUID(), version: WIRE_VERSION + 1 });
    pages.postMessage({
      kind: 'to-engine',
      engineId,
      clientId: crypto.randomUUID(),
      seq: 1,
      frame: {
        channel: 'provider',
        stream: 1,
        message: { type: 'open', origin: { kind: 'wallet' } },
      },
    });
    pages.postMessage({ kind: 'hello', clientId, version: WIRE_VERSION });
    await waitFor(() => heard.some((m) => m.kind === 'welcome'), 'the welcome');
    expect(heard.filter((m) => m.kind === 'welcome')).toEqual([
      { kind: 'welcome', engineId, clientId },
    ]);

    for (const target of ['another-engine', engineId]) {
      pages.postMessage({
        kind: 'to-engine',
        engineId: target,
        clientId,
        seq: 1,
        frame: {
          channel: 'provider',
          stream: 1,
          message: { type: 'open', origin: { kind: 'dapp', origin: 'https://dapp.example' } },
        },
      });
    }
    const opened = await waitFor(
      () => heard.find((m) => m.kind === 'to-page'),
      'the stream to open',
    );
    expect(opened).toEqual({
      kind: 'to-page',
      engineId,
      clientId,
      seq: 1,
      frame: {
        channel: 'provider',
        stream: 1,
        message: { type: 'opened', origin: 'https://dapp.example' },
      },
    });
    expect(engines.stats.connections).toEqual([{ origin: 'https://dapp.example', closed: false }]);
    // Each side acknowledges the other's frame (the channel may lose either).
    await waitFor(
      () => heard.some((m) => m.kind === 'engine-ack' && m.clientId === clientId && m.upTo === 1),
      "the engine's acknowledgement",
    );
    pages.postMessage({ kind: 'page-ack', engineId, clientId, upTo: 1 });

    // The page is gone: its lock frees and the engine closes what it opened.
    leave();
    await waitFor(() => engines.stats.connections[0]!.closed, 'the connection to close');
    expect(locks.isHeld(pageLockName(clientId))).toBe(false);
  });
});
