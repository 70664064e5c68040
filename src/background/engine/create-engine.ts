import type { StateMetadata } from '@metamask/base-controller';
import type { Json } from '@metamask/utils';

import type { GasApiOptions } from '../../controllers/gas/gas-api';
import { createUserIdleTracker } from '../../controllers/gas/user-idle';
import type { Timers } from '../../controllers/polling/timers';
import { LOCALHOST_NETWORK, type ProviderConfig } from '../../shared/networks';
import type { ActionApi } from '../contract/action-api';
import { createActionHandlers, dispatchAction } from '../actions/action-handlers';
import type { Migration } from '../persistence/migrations';
import { loadPersistedState, PersistenceManager } from '../persistence/persistence-manager';
import type { StorageAdapter } from '../persistence/storage-adapter';
import type { LoginSessionStore } from '../../controllers/login/login-session';
import { DEFAULT_WALLET_ORIGIN } from '../../controllers/approvals/ApprovalController';
import { OriginConnection } from '../rpc/origin-connection';
import type { OriginProvider } from '../rpc/origin-provider';
import type { RpcLogEntry } from '../rpc/rpc-context';
import { type ImmerPatch, type PatchBatch, UiStateSource } from '../sync/ui-state-source';
import type { UiState } from '../contract/ui-state';
import { type AssetsOptions, buildControllers } from './build-controllers';
import type { EngineController } from './controller-module';
import { pollGasWhileConfirming } from './gas-demand';
import { requireBlocksWhilePending } from './block-demand';
import { createRootMessenger, type RootMessenger } from './root-messenger';
import { syncGrantsToBackend } from './permission-sync';
import { keepSelectedAddressValid } from './selected-address';

export interface EngineOptions {
  /** Where persisted state lives: MemoryStorage, FileStorage (Node) or IndexedDbStorage (browser). */
  storage: StorageAdapter;
  /** The network to use; defaults to the local development chain (chain id 5777 on 127.0.0.1:8545). */
  network?: Partial<ProviderConfig> & Pick<ProviderConfig, 'rpcUrl' | 'chainId'>;
  /**
   * A fixed block polling interval in ms (tests). By default the block tracker runs only while
   * something needs blocks, at an interval that follows the chain's measured block time.
   */
  blockPollingInterval?: number;
  /** An external gas fee API; without it, estimates come from the node. */
  gasApi?: GasApiOptions;
  /** How long state changes are gathered before one write (default 200 ms). */
  persistDebounceMs?: number;
  /** The schema history, for tests of migrations; defaults to the wallet's own. */
  migrations?: readonly Migration[];
  /** Clock in epoch ms for permission grants (their expiry); tests pass their own. */
  now?: () => number;
  /** Receives one entry per dapp request (origin, method, duration, error code). */
  onRpcRequest?: (entry: RpcLogEntry) => void;
  /** The backend API's base URL (preferences sync, currency rates, past transactions). */
  backendUrl?: string | null;
  /** Shows a desktop notification, e.g. 'Sent Transaction' for a newly submitted transaction. */
  notify?: (notification: { title: string; body: string; url: string }) => void;
  /** HTTP used to check an add-chain request's RPC URL and to read NFT metadata; defaults to fetch. */
  fetchFn?: typeof fetch;
  /** The timers of every poller (blocks, gas, rates, user record); tests pass a manual clock. */
  timers?: Timers;
  /**
   * The white-label configuration as given (config.json's `whiteLabel`): checked field by
   * field; refused values are listed in `WhiteLabelController.refused` for the views to show.
   */
  whiteLabel?: unknown;
  /** Token and NFT detection: known-token lists, IPFS gateway, Multicall3, polling intervals. */
  assets?: AssetsOptions;
  /**
   * Where login sessions are kept (restored after a reload without a popup): IndexedDB in the
   * browser; without one a social login lasts until the wallet locks.
   */
  loginSessions?: LoginSessionStore;
}

export interface Engine {
  /** The typed action API, called directly (a view calls the same actions over messages). */
  readonly actions: ActionApi;
  /** The root messenger, for integrations and tests that listen to controller events. */
  readonly messenger: RootMessenger;
  /** The UI-visible state: only keys whose metadata says `usedInUi`. */
  getState(): UiState;
  /** The UI-visible state with the sequence number of the last patch batch it includes. */
  getSnapshot(): { seq: number; state: UiState };
  /**
   * Patch batches with consecutive sequence numbers, for every UI-visible change. While anyone
   * is subscribed (a view is open), the engine polls what views show: blocks and balances, gas
   * fees, rates. With no view and nothing pending it asks the node nothing.
   */
  subscribe(listener: (batch: PatchBatch) => void): () => void;
  /** Runs an action by name; how views' request messages arrive. Resolves once the change is stored. */
  call(action: string, params: unknown[]): Promise<unknown>;
  /**
   * An EIP-1193 provider for a dapp origin, with its own JSON-RPC engine, filters,
   * subscriptions and notifications. The wallet's own origin ('orrery') is trusted: its
   * provider's `controller` is the action API; any other origin's is undefined.
   */
  connect(origin: string): OriginProvider;
  /** Writes pending state now. */
  flush(): Promise<void>;
  /** Stops polling, rejects pending approvals, closes connections and writes the last state. */
  destroy(): Promise<void>;
}

type StateChangeListener = (controllerName: string, patches: readonly ImmerPatch[]) => void;

function toProviderConfig(network: EngineOptions['network']): ProviderConfig | undefined {
  if (!network) return undefined;
  return { ...LOCALHOST_NETWORK, type: 'rpc', ...network };
}

/** Each controller as the persistence layer and the UI stream see it: name, live state, metadata. */
function describeControllers(controllers: readonly EngineController[]) {
  return controllers.map((controller) => ({
    name: controller.name,
    // Each controller's metadata is typed by its own state; consumers only read flags by key.
    metadata: controller.metadata as StateMetadata<Record<string, Json>>,
    get state() {
      return controller.state;
    },
  }));
}

/**
 * The composition root. Builds the controllers from persisted state, wires persistence, the UI
 * state stream and per-origin RPC, then starts them. The same code runs in a browser worker and
 * headless in Node.
 */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const { states, version, migrated } = await loadPersistedState(
    options.storage,
    options.migrations,
  );
  const messenger = createRootMessenger();
  const userIdle = createUserIdleTracker({});
  // Transactions write ahead through persistence, which is built below from the controllers; it
  // is in place before the engine starts them.
  const written = { flush: () => Promise.resolve() };
  const built = buildControllers(messenger, states, {
    writeAhead: () => written.flush(),
    providerConfig: toProviderConfig(options.network),
    blockPollingInterval: options.blockPollingInterval,
    gasApi: options.gasApi,
    isUserIdle: userIdle.isIdle,
    now: options.now,
    backendUrl: options.backendUrl,
    notify: options.notify,
    timers: options.timers,
    whiteLabel: options.whiteLabel,
    assets: options.assets,
    fetchFn: options.fetchFn,
    loginSessions: options.loginSessions,
  });
  const { controllers } = built;
  const described = describeControllers(built.all);

  // One subscription per controller's stateChange feeds both the UI stream and persistence.
  const stateChangeListeners = new Set<StateChangeListener>();
  const onStateChange = (listener: StateChangeListener) => {
    stateChangeListeners.add(listener);
    return () => stateChangeListeners.delete(listener);
  };
  for (const { name } of described) {
    (
      messenger.subscribe as (
        event: string,
        handler: (state: unknown, patches: ImmerPatch[]) => void,
      ) => void
    )(`${name}:stateChange`, (_state, patches) => {
      for (const listener of stateChangeListeners) listener(name, patches);
    });
  }
  const uiState = new UiStateSource(described);
  onStateChange((name, patches) => uiState.publish(name, patches));
  const persistence = new PersistenceManager({
    storage: options.storage,
    controllers: described,
    debounceMs: options.persistDebounceMs,
    version,
  });
  written.flush = () => persistence.flush();
  persistence.start({ onStateChange }, { writeNow: migrated || Object.keys(states).length === 0 });

  const connections = new Set<OriginConnection>();

  const stopSelectedAddressSync = keepSelectedAddressValid(
    messenger,
    controllers.PreferencesController,
  );
  // Grants are recorded on the backend while signed in; a failed record leaves the grant standing.
  const stopGrantSync = syncGrantsToBackend(
    messenger,
    controllers.BackendRecordsController,
    (error) => console.warn('The backend did not record a dapp permission:', error),
  );
  // Gas fees: while a view is open and a transaction awaits approval or a screen shows fees.
  const gasDemand = pollGasWhileConfirming(
    messenger,
    controllers.GasFeeController,
    controllers.TransactionController,
  );
  const actions = createActionHandlers({ ...controllers, userIdle, gasDemand });

  // A 401 'Token expired' from the backend logs the user out (spec part 2 §7): the whole logout.
  const onLoggedOut = () => {
    actions.logout().catch((error: unknown) => console.warn('Logout failed:', error));
  };
  messenger.subscribe('BackendSessionController:loggedOut', onLoggedOut);

  await built.init();
  // A submitted transaction needs every block until it settles; nothing else here does.
  const stopPendingBlocks = requireBlocksWhilePending(
    messenger,
    controllers.NetworkController,
    controllers.TransactionController,
  );

  // What views show (blocks and balances, rates, assets) is polled only while one is
  // subscribed; the descriptors say which controllers poll. Gas fees: while a view is open and
  // a transaction awaits approval (the one screen that shows them).
  const { viewPolling } = built;

  let viewCount = 0;
  const subscribe = (listener: (batch: PatchBatch) => void) => {
    const stop = uiState.subscribe(listener);
    if (++viewCount === 1) {
      for (const controller of viewPolling) controller.startPolling();
      gasDemand.setViewsOpen(true);
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      stop();
      if (--viewCount === 0) {
        for (const controller of viewPolling) controller.stopPolling();
        gasDemand.setViewsOpen(false);
      }
    };
  };

  let destroyed = false;
  return {
    actions,
    messenger,
    getState: () => uiState.getState(),
    getSnapshot: () => uiState.getSnapshot(),
    subscribe,
    // A view's action resolves only once its change is stored: a browser may end the worker
    // as soon as the page closes, before a debounced write would run.
    async call(action, params) {
      const result = await dispatchAction(actions, action, params);
      await persistence.flush();
      return result;
    },
    connect(origin) {
      if (destroyed) throw new Error('The engine has been destroyed.');
      const connection = new OriginConnection({
        origin,
        messenger,
        walletOrigin: DEFAULT_WALLET_ORIGIN,
        actions,
        log: options.onRpcRequest,
        fetchFn: options.fetchFn,
        onClose: (closed) => connections.delete(closed),
      });
      connections.add(connection);
      return connection.provider;
    },
    flush: () => persistence.flush(),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const connection of [...connections]) connection.close();
      connections.clear();
      stopSelectedAddressSync();
      stopGrantSync();
      stopPendingBlocks();
      gasDemand.stop();
      messenger.unsubscribe('BackendSessionController:loggedOut', onLoggedOut);
      await built.destroy();
      await persistence.stop();
    },
  };
}
