import { BaseController, type ControllerGetStateAction, type ControllerStateChangeEvent, type StateMetadata } from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';
import { PollingBlockTracker } from 'eth-block-tracker';

import { blockPollingInterval, LOCALHOST_NETWORK, type ProviderConfig } from './networks';
import { createHttpProvider, type RpcProvider } from './rpc-provider';

export const networkControllerName = 'NetworkController';

/** 'loading' until a net_version lookup succeeds; back to 'loading' on error or switch (spec §4). */
export type NetworkStatus = 'loading' | 'available';

export type NetworkState = {
  providerConfig: ProviderConfig;
  networkStatus: NetworkStatus;
  /** The net_version answer, once known. */
  networkId: string | null;
  /** The latest block number the block tracker has seen. */
  latestBlockNumber: number | null;
};

const metadata: StateMetadata<NetworkState> = {
  providerConfig: { persist: true, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
  networkStatus: { persist: false, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
  networkId: { persist: false, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
  latestBlockNumber: { persist: false, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
};

export function getDefaultNetworkState(providerConfig: ProviderConfig = LOCALHOST_NETWORK): NetworkState {
  return { providerConfig, networkStatus: 'loading', networkId: null, latestBlockNumber: null };
}

export type NetworkControllerGetStateAction = ControllerGetStateAction<typeof networkControllerName, NetworkState>;
export type NetworkControllerGetProviderAction = {
  type: `${typeof networkControllerName}:getProvider`;
  handler: () => RpcProvider;
};
export type NetworkControllerStateChangeEvent = ControllerStateChangeEvent<typeof networkControllerName, NetworkState>;
export type NetworkControllerNewBlockEvent = {
  type: `${typeof networkControllerName}:newBlock`;
  payload: [blockNumber: number];
};

export type NetworkControllerActions = NetworkControllerGetStateAction | NetworkControllerGetProviderAction;
export type NetworkControllerEvents = NetworkControllerStateChangeEvent | NetworkControllerNewBlockEvent;
export type NetworkControllerMessenger = Messenger<
  typeof networkControllerName,
  NetworkControllerActions,
  NetworkControllerEvents
>;

export interface NetworkControllerOptions {
  messenger: NetworkControllerMessenger;
  state?: Partial<NetworkState>;
  /** Overrides the persisted provider config, e.g. the network the engine was created with. */
  providerConfig?: ProviderConfig;
  /** Block polling interval in ms; defaults to the network's own (1 s on localhost). */
  pollingInterval?: number;
}

/**
 * Owns the selected network: its provider, its reachability and the block tracker.
 * Switching networks and custom networks build on this (issue: chain core).
 */
export class NetworkController extends BaseController<
  typeof networkControllerName,
  NetworkState,
  NetworkControllerMessenger
> {
  #provider: RpcProvider;
  #blockTracker: PollingBlockTracker;
  readonly #pollingInterval: number | undefined;

  constructor({ messenger, state, providerConfig, pollingInterval }: NetworkControllerOptions) {
    const initial = { ...getDefaultNetworkState(), ...state };
    if (providerConfig) initial.providerConfig = providerConfig;
    // Reachability and blocks are facts about the present; never trust restored ones.
    super({
      messenger,
      metadata,
      name: networkControllerName,
      state: { ...initial, networkStatus: 'loading', networkId: null, latestBlockNumber: null },
    });
    this.#pollingInterval = pollingInterval;
    this.#provider = createHttpProvider(this.state.providerConfig.rpcUrl);
    this.#blockTracker = this.#createBlockTracker();
    this.messenger.registerActionHandler(`${networkControllerName}:getProvider`, () => this.#provider);
  }

  get provider(): RpcProvider {
    return this.#provider;
  }

  /** Starts block tracking and the first reachability lookup. Separate from the constructor so wiring order is free. */
  async init(): Promise<void> {
    this.#blockTracker.on('latest', this.#onLatestBlock);
    this.#blockTracker.on('error', this.#onTrackerError);
    await this.lookupNetwork();
  }

  /** Asks the node for net_version; 'available' on success, 'loading' on failure. */
  async lookupNetwork(): Promise<void> {
    const config = this.state.providerConfig;
    try {
      const networkId = await this.#provider.request<string>({ method: 'net_version' });
      if (config !== this.state.providerConfig) return; // switched meanwhile
      this.update((state) => {
        state.networkId = networkId;
        state.networkStatus = 'available';
      });
    } catch {
      if (config !== this.state.providerConfig) return;
      this.#setLoading();
    }
  }

  async destroy(): Promise<void> {
    this.#blockTracker.removeAllListeners();
    await this.#blockTracker.destroy();
    super.destroy();
  }

  #createBlockTracker(): PollingBlockTracker {
    return new PollingBlockTracker({
      // eth-block-tracker types expect its own provider type; ours speaks the same sendAsync form.
      provider: this.#provider as unknown as ConstructorParameters<typeof PollingBlockTracker>[0]['provider'],
      pollingInterval: this.#pollingInterval ?? blockPollingInterval(this.state.providerConfig),
      retryTimeout: this.#pollingInterval ?? 1_000,
      setSkipCacheFlag: true,
    });
  }

  #onLatestBlock = (hexBlockNumber: string): void => {
    const blockNumber = Number.parseInt(hexBlockNumber, 16);
    this.update((state) => {
      state.latestBlockNumber = blockNumber;
    });
    // A block answered, so the node is back: confirm the network if it was marked loading.
    if (this.state.networkStatus === 'loading') void this.lookupNetwork();
    this.messenger.publish(`${networkControllerName}:newBlock`, blockNumber);
  };

  #onTrackerError = (): void => {
    this.#setLoading();
  };

  #setLoading(): void {
    if (this.state.networkStatus === 'loading' && this.state.networkId === null) return;
    this.update((state) => {
      state.networkStatus = 'loading';
      state.networkId = null;
    });
  }
}
