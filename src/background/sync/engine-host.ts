import { serveBroadcastPages } from './broadcast-hub';
import { isClientId, PageSessions, type PagePort } from './page-sessions';
import {
  ENGINE_LOCK,
  WIRE_VERSION,
  type BroadcastChannelLike,
  type LockManagerLike,
  type MessageChannelPort,
  type PageFrame,
  type PortMessageToEngine,
  type PortMessageToPage,
} from '../contract/protocol';
import { servePage, type PageHost } from './serve-page';

/** The engine as its host sees it: what pages use, and how it ends. */
export type HostedEngine = PageHost & { destroy(): Promise<void> };

export interface EngineHostOptions {
  locks: LockManagerLike;
  /** The broadcast channel every page of the origin shares with the engine. */
  channel: BroadcastChannelLike;
  /** Creates the engine; called only while this realm holds the engine lock. */
  startEngine: () => Promise<HostedEngine>;
  /** The engine's name for the wallet's own origin (provider streams of `{kind: 'wallet'}`). */
  walletOrigin: string;
  engineId?: string;
}

export type EngineHostState =
  'waiting' | 'elsewhere' | 'starting' | 'running' | 'failed' | 'stopped';

export interface EngineHost {
  readonly engineId: string;
  readonly state: EngineHostState;
  /** Resolves once the engine runs in this realm (never, while another realm runs it). */
  readonly running: Promise<void>;
  /** A page's own port to this realm (a SharedWorker's connection). */
  acceptPort(port: MessageChannelPort<PortMessageToEngine, PortMessageToPage>): void;
  /** Stops serving, destroys the engine, releases the lock. A browser realm simply ends instead. */
  stop(): Promise<void>;
}

/**
 * A realm that may run the wallet's one engine: a SharedWorker, or the dedicated Worker of the
 * page that won the election. It runs the engine only while it holds the engine's Web Lock,
 * which it keeps for the engine's whole life and takes before the engine opens IndexedDB, so
 * two engines never share the database. A realm that finds the lock taken waits in its queue
 * and takes over when the holder ends (a handover: the new engine starts from storage).
 *
 * While it runs the engine it serves every page: those on the broadcast channel, and those
 * that reached it by port (told `elsewhere` while another realm runs the engine).
 */
export function startEngineHost(options: EngineHostOptions): EngineHost {
  const { locks, channel, walletOrigin } = options;
  const engineId = options.engineId ?? globalThis.crypto.randomUUID();
  let state: EngineHostState = 'waiting';
  let sessions: PageSessions | null = null;
  /** Ports whose hello came before this realm knew whether it runs the engine. */
  const waitingPorts: Array<{
    clientId: string;
    port: PagePort;
    answer: (m: PortMessageToPage) => void;
  }> = [];

  let markRunning!: () => void;
  const running = new Promise<void>((resolve) => (markRunning = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const abortQueue = new AbortController();

  const answerWaitingPorts = () => {
    for (const { clientId, port, answer } of waitingPorts.splice(0)) {
      if (state === 'running' && sessions) {
        answer({ kind: 'welcome', engineId });
        sessions.open(clientId, port);
      } else if (state === 'elsewhere') {
        answer({ kind: 'elsewhere' });
      }
    }
  };

  const runEngine = async (): Promise<void> => {
    state = 'starting';
    let engine: HostedEngine;
    try {
      engine = await options.startEngine();
    } catch (error) {
      state = 'failed';
      console.error('Orrery: the engine failed to start', error);
      return; // releases the lock: another realm may try
    }
    if (abortQueue.signal.aborted) {
      await engine.destroy();
      return;
    }
    const served = new PageSessions(locks, (port) => servePage(engine, port, { walletOrigin }));
    sessions = served;
    const stopBroadcast = serveBroadcastPages({ channel, engineId, sessions: served });
    state = 'running';
    markRunning();
    answerWaitingPorts();
    await released;
    stopBroadcast();
    served.closeAll();
    sessions = null;
    await engine.destroy();
  };

  // Try at once: a realm that finds the lock taken tells its pages to look elsewhere, then
  // queues, so it takes over when the realm running the engine ends.
  const finished = locks
    .request(ENGINE_LOCK, { ifAvailable: true }, (lock) =>
      lock ? runEngine().then(() => true) : false,
    )
    .then((ranHere) => {
      if (ranHere || abortQueue.signal.aborted) return;
      state = 'elsewhere';
      answerWaitingPorts();
      return locks
        .request(ENGINE_LOCK, { signal: abortQueue.signal }, () => runEngine())
        .catch(() => {
          // Aborted by stop() while queued.
        });
    });

  return {
    engineId,
    get state() {
      return state;
    },
    running,
    acceptPort(port) {
      let clientId: string | null = null;
      const inbox = new Set<(frame: PageFrame) => void>();
      const pagePort: PagePort = {
        postMessage: (frame) => port.postMessage({ kind: 'frame', frame }),
        onMessage(listener) {
          inbox.add(listener);
          return () => inbox.delete(listener);
        },
      };
      port.onMessage((message) => {
        if (message?.kind === 'frame') {
          for (const listener of inbox) listener(message.frame);
          return;
        }
        if (message?.kind !== 'hello' || clientId !== null) return;
        if (message.version !== WIRE_VERSION || !isClientId(message.clientId)) {
          console.warn('Orrery: ignoring a hello of another wire version or without a client id');
          return;
        }
        clientId = message.clientId;
        waitingPorts.push({ clientId, port: pagePort, answer: (m) => port.postMessage(m) });
        if (state === 'running' || state === 'elsewhere') answerWaitingPorts();
      });
    },
    async stop() {
      if (state === 'stopped') return;
      abortQueue.abort();
      release();
      await finished;
      state = 'stopped';
    },
  };
}
