/**
 * How a page of the wallet origin reaches the one engine of the browser profile:
 * - `shared`: a SharedWorker runs the engine; the page talks to it over its own port.
 * - `dedicated`: where there is no SharedWorker, the pages elect one (Web Locks) that hosts the
 *   engine in its dedicated Worker; every page talks to it over the broadcast channel.
 * Both keep the engine lock discipline of src/background/sync/engine-host.ts. The query
 * parameter `engine=dedicated` (or `engine=shared`) forces a mode, so tests can cover both.
 */
import {
  ENGINE_CHANNEL,
  pageLockName,
  type LockManagerLike,
  type PortMessageToEngine,
  type PortMessageToPage,
} from '../../background/contract/protocol';
import { portOverPostMessage } from '../../background/contract/post-message-port';
import { joinElection, type Candidacy } from './election';
import { createBroadcastLink, createSharedWorkerLink } from './engine-link';
import { PageWire } from './page-wire';

export type EngineMode = 'shared' | 'dedicated';

/**
 * The browser denies this page the storage the engine needs: a cross-site frame in a browser that
 * blocks third-party cookies and does not partition third-party storage (Chromium with
 * ThirdPartyStoragePartitioning off, as Playwright launches it; a user's "block third-party
 * data" setting). Browsers that partition (Chrome 115+, Firefox, Safari) never get here: the
 * frame runs its own engine in its partition. The message says what the user can do.
 */
export class StorageDeniedError extends Error {
  constructor(walletOrigin = typeof location === 'undefined' ? 'the wallet' : location.origin) {
    super(
      'The browser denies the wallet its storage here (a cross-site frame with third-party ' +
        'storage blocked), so it cannot reach its engine. Allow third-party cookies and site ' +
        `data for ${walletOrigin} in the browser's settings, or open the wallet in its own tab ` +
        `at ${walletOrigin}.`,
    );
    this.name = 'StorageDeniedError';
  }
}

export function chooseEngineMode(search: string, hasSharedWorker: boolean): EngineMode {
  const forced = new URLSearchParams(search).get('engine');
  if (forced === 'dedicated') return 'dedicated';
  if (forced === 'shared' && hasSharedWorker) return 'shared';
  return hasSharedWorker ? 'shared' : 'dedicated';
}

/**
 * A window this page opens reaches the engine the same way: a forced mode (tests) goes with it.
 * Without it, a window opened from a page forced to `dedicated` would start a SharedWorker that
 * queues for the engine lock and, winning it at the next handover, would run a second lineage
 * of engines that ends whenever that window closes.
 */
export function carryEngineMode(url: string, search = location.search): string {
  const forced = new URLSearchParams(search).get('engine');
  if (forced !== 'dedicated' && forced !== 'shared') return url;
  const carried = new URL(url);
  carried.searchParams.set('engine', forced);
  return carried.href;
}

export interface EngineConnection {
  wire: PageWire;
  mode: EngineMode;
  clientId: string;
  /** The page's place in the election (dedicated mode only). */
  candidacy: Candidacy | null;
}

/** Resolves once the page holds its own lock, which it keeps until it is gone. */
function holdPageLock(locks: LockManagerLike, clientId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    locks
      .request(pageLockName(clientId), {}, () => {
        resolve();
        return new Promise<never>(() => {});
      })
      .catch(reject);
  });
}

export async function connectToEngine(
  mode = chooseEngineMode(location.search, typeof SharedWorker === 'function'),
): Promise<EngineConnection> {
  const locks = navigator.locks as LockManagerLike | undefined;
  if (!locks) {
    throw new Error('Orrery needs Web Locks, which browsers give secure contexts only (https).');
  }
  const clientId = crypto.randomUUID();
  // Held before any hello: the engine ends this page's session when the lock is free.
  await holdPageLock(locks, clientId).catch((error: unknown) => {
    // Chromium denies Web Locks (and IndexedDB) to a cross-site frame while third-party
    // storage is blocked: there is no engine to reach from here.
    if ((error as { name?: unknown })?.name === 'SecurityError') throw new StorageDeniedError();
    throw error;
  });
  const broadcastLink = () => createBroadcastLink(new BroadcastChannel(ENGINE_CHANNEL), clientId);

  if (mode === 'shared') {
    const worker = new SharedWorker(new URL('../../background/shared-worker.ts', import.meta.url), {
      name: 'orrery-engine',
    });
    worker.addEventListener('error', () => console.error('Orrery: the engine worker failed'));
    const port = portOverPostMessage<PortMessageToPage, PortMessageToEngine>(worker.port);
    worker.port.start();
    const link = createSharedWorkerLink(port, clientId, broadcastLink);
    return { wire: new PageWire(link), mode, clientId, candidacy: null };
  }

  const candidacy = joinElection(locks, () => {
    // Its own name: webpack names the worker's chunk after it, and merges chunks of one name.
    const worker = new Worker(new URL('../../background/worker.ts', import.meta.url), {
      name: 'orrery-engine-leader',
    });
    worker.addEventListener('error', (event) =>
      console.error('Orrery: the engine worker failed', event.message),
    );
    return () => worker.terminate();
  });
  return { wire: new PageWire(broadcastLink()), mode, clientId, candidacy };
}
