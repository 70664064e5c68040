import type { Hex } from '../../shared/primitives';
import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';
import type { PollingBlockTracker } from 'eth-block-tracker';

import {
  customNetworkToProviderConfig,
  findCustomNetworkByChainId,
  toCustomNetwork,
  type CustomNetwork,
  type CustomNetworkInput,
} from './custom-networks';
import {
  BUILT_IN_NETWORKS,
  blockPollingInterval,
  findBuiltInNetworkByChainId,
  isBuiltInNetworkType,
  LOCALHOST_NETWORK,
  parseChainId,
  RPC_PROVIDER_TYPE,
  type ProviderConfig,
} from '../../shared/networks';
import { createRpcClient, type RpcClient } from './rpc-client';
import type { MethodActions } from '../messenger/method-actions';
import { NetworkError, NetworkErrorCode, UNSUPPORTED_CHAIN_MESSAGE } from './errors';
import type { RpcProvider } from './rpc-provider';

export const networkControllerName = 'NetworkController';

/** 'loading' until a net_version lookup succeeds; back to 'loading' on error or switch (spec §4). */
export type NetworkStatus = 'loading' | 'available';

/** Facts detected about the selected network. Cleared on every switch. */
export type NetworkDetails = {
  /** EIP-1559 support, from the latest block having a base fee; absent until detected. */
  EIPS: { 1559?: boolean };
};

export type NetworkState = {
  providerConfig: ProviderConfig;
  networkStatus: NetworkStatus;
  /** The net_version answer, once known. */
  networkId: string | null;
  /** The latest block number the block tracker has seen. */
  latestBlockNumber: number | null;
  networkDetails: NetworkDetails;
  /** The user's custom networks by id. */
  customNetworks: Record<string, CustomNetwork>;
};

/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const networkControllerMetadata = {
  providerConfig: {
    persist: true,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  networkStatus: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  networkId: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  latestBlockNumber: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  networkDetails: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  customNetworks: {
    persist: true,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
} satisfies StateMetadata<NetworkState>;

export function getDefaultNetworkState(
  providerConfig: ProviderConfig = LOCALHOST_NETWORK,
): NetworkState {
  return {
    providerConfig,
    networkStatus: 'loading',
    networkId: null,
    latestBlockNumber: null,
    networkDetails: { EIPS: {} },
    customNetworks: {},
  };
}

/** What `setRpcTarget` takes: a network that need not be stored as a custom network. */
export interface RpcTarget {
  rpcUrl: string;
  /** Hex when 0x-prefixed, decimal otherwise. */
  chainId: string | number;
  /** Defaults to ETH. */
  ticker?: string;
  tickerName?: string;
  networkName?: string;
  blockExplorer?: string;
}

export type NetworkControllerGetStateAction = ControllerGetStateAction<
  typeof networkControllerName,
  NetworkState
>;
/** The methods other controllers and the engine may call as `NetworkController:<method>`. */
const MESSENGER_EXPOSED_METHODS = [
  'getProvider',
  'getEIP1559Compatibility',
  'setProviderType',
  'setRpcTarget',
  'switchToChain',
  'findNetworkByChainId',
  'addCustomNetwork',
  'editCustomNetwork',
  'deleteCustomNetwork',
] as const;

export type NetworkControllerMethodActions = MethodActions<
  typeof networkControllerName,
  NetworkController,
  (typeof MESSENGER_EXPOSED_METHODS)[number]
>;
export type NetworkControllerGetProviderAction = MethodActions<
  typeof networkControllerName,
  NetworkController,
  'getProvider'
>;
export type NetworkControllerGetEIP1559CompatibilityAction = MethodActions<
  typeof networkControllerName,
  NetworkController,
  'getEIP1559Compatibility'
>;

export type NetworkControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof networkControllerName,
  NetworkState
>;
export type NetworkControllerNewBlockEvent = {
  type: `${typeof networkControllerName}:newBlock`;
  payload: [blockNumber: number];
};
/** Published after a switch, once the new provider exists (status is 'loading' at that point). */
export type NetworkControllerNetworkDidChangeEvent = {
  type: `${typeof networkControllerName}:networkDidChange`;
  payload: [providerConfig: ProviderConfig];
};

export type NetworkControllerActions =
  NetworkControllerGetStateAction | NetworkControllerMethodActions;
export type NetworkControllerEvents =
  | NetworkControllerStateChangeEvent
  | NetworkControllerNewBlockEvent
  | NetworkControllerNetworkDidChangeEvent;
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
  /** Wait before retrying an unreachable node, in ms; defaults to the polling interval, at most 5 s. */
  retryTimeout?: number;
  /** Where to go when the selected custom network is deleted; defaults to Ethereum mainnet. */
  fallbackProviderConfig?: ProviderConfig;
  /** HTTP transport for RPC calls; tests pass a counting wrapper. */
  fetchFn?: typeof fetch;
}

/**
 * Owns the selected network: its provider (with a per-block cache), its reachability, the block
 * tracker, EIP-1559 detection and the user's custom networks.
 */
export class NetworkController extends BaseController<
  typeof networkControllerName,
  NetworkState,
  NetworkControllerMessenger
> {
  #client: RpcClient;
  /** Bumped on every switch, so answers about a previous network are dropped. */
  #generation = 0;
  #started = false;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #pollingInterval: number | undefined;
  readonly #retryTimeout: number | undefined;
  readonly #fallbackProviderConfig: ProviderConfig;
  readonly #fetchFn: typeof fetch | undefined;

  /** A provider that always talks to the selected network, so holders survive switches. */
  readonly #providerProxy: RpcProvider = {
    request: (args) => this.#client.provider.request(args),
    sendAsync: (request, callback) => this.#client.provider.sendAsync(request, callback),
  };

  constructor({
    messenger,
    state,
    providerConfig,
    pollingInterval,
    retryTimeout,
    fallbackProviderConfig,
    fetchFn,
  }: NetworkControllerOptions) {
    const initial = { ...getDefaultNetworkState(), ...state };
    if (providerConfig) initial.providerConfig = providerConfig;
    // Reachability, blocks and detected features are facts about the present; never trust restored ones.
    super({
      messenger,
      metadata: networkControllerMetadata,
      name: networkControllerName,
      state: {
        ...initial,
        networkStatus: 'loading',
        networkId: null,
        latestBlockNumber: null,
        networkDetails: { EIPS: {} },
      },
    });
    this.#pollingInterval = pollingInterval;
    this.#retryTimeout = retryTimeout;
    this.#fallbackProviderConfig = fallbackProviderConfig ?? BUILT_IN_NETWORKS.mainnet;
    this.#fetchFn = fetchFn;
    this.#client = this.#createClient();

    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /** The selected network's provider; the same object across switches. */
  getProvider(): RpcProvider {
    return this.#providerProxy;
  }

  /** The selected network's block tracker. Replaced on switch: prefer the `newBlock` event. */
  get blockTracker(): PollingBlockTracker {
    return this.#client.blockTracker;
  }

  /** Starts block tracking and the first reachability lookup. Separate from the constructor so wiring order is free. */
  async init(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    this.#attachTracker();
    await this.lookupNetwork();
  }

  /** Asks the node for net_version; 'available' on success, 'loading' (and a retry) on failure. */
  async lookupNetwork(): Promise<void> {
    const generation = this.#generation;
    try {
      const networkId = await this.#client.provider.request<string>({
        method: 'net_version',
        skipCache: true,
      });
      if (generation !== this.#generation) return; // switched meanwhile
      this.#clearRetry();
      if (this.state.networkStatus === 'loading') {
        // The node may have been replaced while unreachable (a restarted dev chain): start clean.
        this.#client.clearCache();
      }
      if (this.state.networkStatus !== 'available' || this.state.networkId !== networkId) {
        this.update((state) => {
          state.networkId = networkId;
          state.networkStatus = 'available';
        });
      }
      void this.getEIP1559Compatibility().catch(() => undefined); // detected eagerly for the UI
    } catch {
      if (generation !== this.#generation) return;
      this.#setLoading();
    }
  }

  /**
   * Whether the selected network supports EIP-1559: its latest block has a base fee. Cached in
   * `networkDetails` until the next switch.
   */
  async getEIP1559Compatibility(): Promise<boolean> {
    const cached = this.state.networkDetails.EIPS[1559];
    if (cached !== undefined) return cached;
    const generation = this.#generation;
    const block = await this.#client.provider.request<{ baseFeePerGas?: string | null } | null>({
      method: 'eth_getBlockByNumber',
      params: ['latest', false],
    });
    if (!block) throw new Error('NetworkController - the node returned no latest block.');
    const supported = block.baseFeePerGas !== undefined && block.baseFeePerGas !== null;
    if (generation === this.#generation && this.state.networkDetails.EIPS[1559] !== supported) {
      this.update((state) => {
        state.networkDetails.EIPS[1559] = supported;
      });
    }
    return supported;
  }

  /** Switches to a built-in network by its host key. Custom networks go through `setRpcTarget`. */
  async setProviderType(type: string): Promise<void> {
    if (type === RPC_PROVIDER_TYPE) {
      throw new NetworkError(
        NetworkErrorCode.unknownNetworkType,
        'NetworkController - cannot call "setProviderType" with type "rpc". Use "setRpcTarget".',
      );
    }
    if (!isBuiltInNetworkType(type))
      throw new NetworkError(
        NetworkErrorCode.unknownNetworkType,
        `NetworkController - Unknown rpc type "${type}".`,
      );
    const config = BUILT_IN_NETWORKS[type];
    if (!config.rpcUrl)
      throw new NetworkError(
        NetworkErrorCode.unknownNetworkType,
        `NetworkController - network "${type}" has no RPC endpoint configured.`,
      );
    await this.#switchTo(config);
  }

  /** Switches to any RPC endpoint; the chain id is parsed as hex when 0x-prefixed, else decimal. */
  async setRpcTarget(target: RpcTarget): Promise<void> {
    const ticker = target.ticker?.trim() || 'ETH';
    const config: ProviderConfig = {
      type: RPC_PROVIDER_TYPE,
      chainId: parseChainId(target.chainId),
      rpcUrl: target.rpcUrl,
      ticker,
      tickerName: target.tickerName ?? ticker,
      networkName: target.networkName ?? '',
      blockExplorer: target.blockExplorer ?? '',
      logo: 'eth.svg',
    };
    // Keep the link to a stored custom network so later edits and deletes can follow it.
    const stored = Object.values(this.state.customNetworks).find(
      (network) => network.host === config.rpcUrl && network.chainId === config.chainId,
    );
    await this.#switchTo(stored ? customNetworkToProviderConfig(stored) : config);
  }

  /** Switches to the stored custom network with this id. */
  async setCustomNetwork(id: string): Promise<void> {
    await this.#switchTo(customNetworkToProviderConfig(this.#requireCustomNetwork(id)));
  }

  /** A built-in or custom network with this chain id (hex, or numeric converted to hex). Built-ins win. */
  findNetworkByChainId(chainId: string | number): ProviderConfig | undefined {
    let hex: Hex;
    try {
      hex = parseChainId(chainId);
    } catch {
      return undefined;
    }
    const builtIn = findBuiltInNetworkByChainId(hex);
    if (builtIn?.rpcUrl) return builtIn;
    const custom = findCustomNetworkByChainId(this.state.customNetworks, hex);
    return custom ? customNetworkToProviderConfig(custom) : undefined;
  }

  /** Switch-chain: to the supported or custom network with this chain id, else the spec's error. */
  async switchToChain(chainId: string | number): Promise<void> {
    const config = this.findNetworkByChainId(chainId);
    if (!config)
      throw new NetworkError(NetworkErrorCode.unsupportedChain, UNSUPPORTED_CHAIN_MESSAGE);
    if (
      config.chainId === this.state.providerConfig.chainId &&
      config.rpcUrl === this.state.providerConfig.rpcUrl
    ) {
      return;
    }
    await this.#switchTo(config);
  }

  /** Stores a custom network (persisted state). The id is the server's when given, else a fresh one. */
  addCustomNetwork(input: CustomNetworkInput & { id?: string | number }): CustomNetwork {
    const id = input.id !== undefined ? String(input.id) : globalThis.crypto.randomUUID();
    if (this.state.customNetworks[id])
      throw new NetworkError(
        NetworkErrorCode.customNetworkExists,
        `NetworkController - a custom network with id "${id}" exists.`,
      );
    const network = toCustomNetwork(input, id);
    this.update((state) => {
      state.customNetworks[id] = network;
    });
    return network;
  }

  /** Replaces a custom network's fields; if it is selected, the provider follows the new settings. */
  async editCustomNetwork(id: string, input: CustomNetworkInput): Promise<CustomNetwork> {
    this.#requireCustomNetwork(id);
    const network = toCustomNetwork(input, id);
    this.update((state) => {
      state.customNetworks[id] = network;
    });
    if (this.state.providerConfig.customNetworkId === id)
      await this.#switchTo(customNetworkToProviderConfig(network));
    return network;
  }

  /** Removes a custom network; if it is selected, switches to the fallback network first. */
  async deleteCustomNetwork(id: string): Promise<void> {
    this.#requireCustomNetwork(id);
    if (this.state.providerConfig.customNetworkId === id)
      await this.#switchTo(this.#fallbackProviderConfig);
    this.update((state) => {
      delete state.customNetworks[id];
    });
  }

  /** Stops block tracking and retries; resolves once the tracker has stopped. */
  override async destroy(): Promise<void> {
    this.#started = false;
    this.#generation += 1;
    this.#clearRetry();
    super.destroy();
    await this.#client.destroy();
  }

  #requireCustomNetwork(id: string): CustomNetwork {
    const network = this.state.customNetworks[id];
    if (!network) {
      throw new NetworkError(
        NetworkErrorCode.customNetworkNotFound,
        `NetworkController - no custom network with id "${id}".`,
      );
    }
    return network;
  }

  async #switchTo(config: ProviderConfig): Promise<void> {
    this.#generation += 1;
    this.#clearRetry();
    const previous = this.#client;
    this.#client = this.#createClient(config);
    void previous.destroy();
    this.update((state) => {
      state.providerConfig = config;
      state.networkStatus = 'loading';
      state.networkId = null;
      state.latestBlockNumber = null;
      state.networkDetails = { EIPS: {} };
    });
    this.messenger.publish(`${networkControllerName}:networkDidChange`, config);
    if (!this.#started) return;
    this.#attachTracker();
    await this.lookupNetwork();
  }

  #createClient(config: ProviderConfig = this.state.providerConfig): RpcClient {
    const pollingInterval = this.#pollingInterval ?? blockPollingInterval(config);
    return createRpcClient({
      rpcUrl: config.rpcUrl,
      pollingInterval,
      retryTimeout: this.#retryInterval(pollingInterval),
      fetchFn: this.#fetchFn,
    });
  }

  #retryInterval(
    pollingInterval = this.#pollingInterval ?? blockPollingInterval(this.state.providerConfig),
  ): number {
    return this.#retryTimeout ?? Math.min(pollingInterval, 5_000);
  }

  #attachTracker(): void {
    const tracker = this.#client.blockTracker;
    const generation = this.#generation;
    tracker.on('latest', (hexBlockNumber: string) => {
      if (generation === this.#generation) this.#onLatestBlock(hexBlockNumber);
    });
    tracker.on('error', () => {
      if (generation === this.#generation) this.#setLoading();
    });
  }

  #onLatestBlock(hexBlockNumber: string): void {
    const blockNumber = Number.parseInt(hexBlockNumber, 16);
    this.update((state) => {
      state.latestBlockNumber = blockNumber;
    });
    // A block answered, so the node is back: confirm the network if it was marked loading.
    if (this.state.networkStatus === 'loading') void this.lookupNetwork();
    this.messenger.publish(`${networkControllerName}:newBlock`, blockNumber);
  }

  #setLoading(): void {
    this.#scheduleRetry();
    if (this.state.networkStatus === 'loading' && this.state.networkId === null) return;
    this.update((state) => {
      state.networkStatus = 'loading';
      state.networkId = null;
    });
  }

  /** While unreachable, asks again on a chained timer (a same-height restart emits no new block). */
  #scheduleRetry(): void {
    if (!this.#started || this.#retryTimer) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      void this.lookupNetwork();
    }, this.#retryInterval());
  }

  #clearRetry(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
  }
}
