import type { StateMetadata } from '@metamask/base-controller';
import type { Json } from '@metamask/utils';

import {
  KeyringController,
  keyringControllerName,
} from '../../controllers/keyring/KeyringController';
import {
  NetworkController,
  networkControllerName,
  type NetworkState,
} from '../../controllers/network/NetworkController';
import { LOCALHOST_NETWORK, type ProviderConfig } from '../../controllers/network/networks';
import {
  PreferencesController,
  preferencesControllerName,
} from '../../controllers/preferences/PreferencesController';
import type { ActionApi } from '../actions/action-api';
import { createActionHandlers, dispatchAction } from '../actions/action-handlers';
import type { Migration } from '../persistence/migrations';
import { loadPersistedState, PersistenceManager } from '../persistence/persistence-manager';
import type { StorageAdapter } from '../persistence/storage-adapter';
import { OriginProvider } from '../rpc/origin-provider';
import { createOriginRpcEngine } from '../rpc/origin-rpc-engine';
import { type PatchBatch, UiStateSource } from '../sync/ui-state-source';
import type { UiState } from '../ui-state';
import {
  createControllerMessenger,
  createRootMessenger,
  type RootMessenger,
} from './root-messenger';

export interface EngineOptions {
  /** Where persisted state lives: MemoryStorage, FileStorage (Node) or IndexedDbStorage (browser). */
  storage: StorageAdapter;
  /** The network to use; defaults to the local development chain (chain id 5777 on 127.0.0.1:8545). */
  network?: Partial<ProviderConfig> & Pick<ProviderConfig, 'rpcUrl' | 'chainId'>;
  /** Block polling interval in ms (1 s on localhost by default). */
  blockPollingInterval?: number;
  /** How long state changes are gathered before one write (default 200 ms). */
  persistDebounceMs?: number;
  /** The schema history, for tests of migrations; defaults to the wallet's own. */
  migrations?: readonly Migration[];
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
  /** Patch batches with consecutive sequence numbers, for every UI-visible change. */
  subscribe(listener: (batch: PatchBatch) => void): () => void;
  /** Runs an action by name; how views' request messages arrive. */
  call(action: string, params: unknown[]): Promise<unknown>;
  /** An EIP-1193 provider for a dapp origin, with its own JSON-RPC engine. */
  connect(origin: string): OriginProvider;
  /** Writes pending state now. */
  flush(): Promise<void>;
  /** Stops polling, closes connections and writes the last state. */
  destroy(): Promise<void>;
}

function toProviderConfig(network: EngineOptions['network']): ProviderConfig | undefined {
  if (!network) return undefined;
  return { ...LOCALHOST_NETWORK, type: 'rpc', ...network };
}

/**
 * The composition root. Builds the controllers from persisted state, wires persistence, the UI
 * state stream and per-origin RPC, then starts the network. The same code runs in a browser
 * worker and headless in Node.
 */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const { states, version, migrated } = await loadPersistedState(
    options.storage,
    options.migrations,
  );
  const persisted = <T>(name: string) => states[name] as Partial<T> | undefined;

  const messenger = createRootMessenger();
  const network = new NetworkController({
    messenger: createControllerMessenger(messenger, networkControllerName),
    state: persisted<NetworkState>(networkControllerName),
    providerConfig: toProviderConfig(options.network),
    pollingInterval: options.blockPollingInterval,
  });
  const preferences = new PreferencesController({
    messenger: createControllerMessenger(messenger, preferencesControllerName),
    state: persisted(preferencesControllerName),
  });
  const keyring = new KeyringController({
    messenger: createControllerMessenger(messenger, keyringControllerName),
    state: persisted(keyringControllerName),
  });
  const controllers = [network, preferences, keyring] as const;
  const controllerViews = controllers.map((controller) => ({
    name: controller.name,
    // Each controller's metadata is typed by its own state; consumers only read flags by key.
    metadata: controller.metadata as unknown as StateMetadata<Record<string, Json>>,
    get state() {
      return controller.state as unknown as Record<string, Json>;
    },
  }));

  const uiState = new UiStateSource(controllerViews);
  const persistence = new PersistenceManager({
    storage: options.storage,
    controllers: controllerViews,
    debounceMs: options.persistDebounceMs,
    version,
  });

  type PatchListener = (
    name: string,
    patches: readonly {
      op: 'replace' | 'add' | 'remove';
      path: (string | number)[];
      value?: unknown;
    }[],
  ) => void;
  const stateChangeListeners = new Set<PatchListener>();
  for (const controller of controllers) {
    // Each controller's stateChange event carries its immer patches; one subscription feeds both consumers.
    (
      messenger.subscribe as (
        event: string,
        handler: (state: unknown, patches: Parameters<PatchListener>[1]) => void,
      ) => void
    )(`${controller.name}:stateChange`, (_state, patches) => {
      for (const listener of stateChangeListeners) listener(controller.name, patches);
    });
  }
  const onStateChange = (listener: PatchListener) => {
    stateChangeListeners.add(listener);
    return () => stateChangeListeners.delete(listener);
  };
  onStateChange((name, patches) => uiState.publish(name, patches));
  persistence.start({ onStateChange }, { writeNow: migrated || Object.keys(states).length === 0 });

  const connections = new Set<OriginProvider>();
  messenger.subscribe(`${networkControllerName}:stateChange`, (state: NetworkState) => {
    for (const provider of connections) provider.updateNetwork(state);
  });

  const actions = createActionHandlers({ preferences, keyring });
  await network.init();

  let destroyed = false;
  return {
    actions,
    messenger,
    getState: () => uiState.getState(),
    getSnapshot: () => uiState.getSnapshot(),
    subscribe: (listener) => uiState.subscribe(listener),
    // A view's action resolves only once its change is stored: a browser may end the worker
    // as soon as the page closes, before a debounced write would run.
    async call(action, params) {
      const result = await dispatchAction(actions, action, params);
      await persistence.flush();
      return result;
    },
    connect(origin) {
      if (destroyed) throw new Error('The engine has been destroyed.');
      const engine = createOriginRpcEngine({
        origin,
        getNetworkState: () => network.state,
        getNetworkProvider: () => network.provider,
      });
      const provider = new OriginProvider(origin, engine, network.state);
      connections.add(provider);
      return provider;
    },
    flush: () => persistence.flush(),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const provider of connections) provider.close();
      connections.clear();
      keyring.setLocked();
      await network.destroy();
      await persistence.stop();
    },
  };
}
