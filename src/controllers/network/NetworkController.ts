import type { Hex } from '../../shared/primitives';
import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import {
  customNetworkToProviderConfig,
  findCustomNetworkByChainId,
  toCustomNetwork,
  type CustomNetwork,
  type CustomNetworkInput,
} from './custom-networks';
import {
  BUILT_IN_NETWORKS,
  findBuiltInNetworkByChainId,
  isBuiltInNetworkType,
  LOCALHOST_NETWORK,
  parseChainId,
  RPC_PROVIDER_TYPE,
  type ProviderConfig,
} from '../../shared/networks';
import { realTimers, type TimerHandle, type Timers } from '../polling/timers';
import { BlockTimeEstimator } from './block-time';
import {
  decodeHeadAggregate,
  encodeHeadAggregate,
  MULTICALL3_ADDRESS,
  type MulticallRead,
} from './multicall3';
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

/**
 * Why something needs blocks, which sets how often the tracker reads the head:
 * - 'everyBlock': each block promptly, once per measured block time (a pending transaction, a
 *   dapp's subscription or filter);
 * - 'view': what a view shows, refreshed with new blocks but at most every VIEW_BLOCK_POLL_MS.
 */
export type BlockNeed = 'everyBlock' | 'view';

/** The fastest the head is read: the spec's local polling interval (part 2 §9, 1 s). */
export const MIN_BLOCK_POLL_MS = 1_000;
/** The slowest, whatever the measured block time (irregular dev chains measure anything). */
export const MAX_BLOCK_POLL_MS = 30_000;
/**
 * While only views need blocks. Issue 8.3 allows a view 6 node calls a minute; asset detection
 * takes 3 of them (one log scan of three eth_getLogs a minute, the spec's NFT cadence, which the
 * 180 s token scan shares), so the head with its balances is read 3 times a minute. Gas fees are
 * read only while a transaction awaits approval (src/background/engine/gas-demand.ts).
 */
export const VIEW_BLOCK_POLL_MS = 20_000;
/** How far back the one block-time measurement looks when no second block was seen yet. */
const BLOCK_TIME_SPAN = 10;

/**
 * Something read with every head read, in the same Multicall3 call (native balances while a
 * view shows them): one request gives the block number and the reads at that block.
 */
export interface BlockRead {
  /** The reads to make with the next head read; none, nothing is read for it. */
  reads(): readonly MulticallRead[];
  /**
   * Called after every head read with the reads' return data at `blockNumber` (null for one
   * that failed), or with `results` null when they were not made (the chain has no Multicall3,
   * or no reads were asked for): then read yourself, if `blockNumber` is new to you.
   */
  onHead(blockNumber: number, results: readonly (Hex | null)[] | null): void;
}

/** One head read: the block, its timestamp (s), and each block read's results. */
type ChainHead = {
  number: number;
  timestamp: number;
  consumers: readonly BlockRead[];
  results: readonly ((Hex | null)[] | null)[];
};

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
  'requireBlocks',
  'addBlockRead',
  'getHeadBlockNumber',
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
export type NetworkControllerGetHeadBlockNumberAction = MethodActions<
  typeof networkControllerName,
  NetworkController,
  'getHeadBlockNumber'
>;
export type NetworkControllerGetEIP1559CompatibilityAction = MethodActions<
  typeof networkControllerName,
  NetworkController,
  'getEIP1559Compatibility'
>;
export type NetworkControllerRequireBlocksAction = MethodActions<
  typeof networkControllerName,
  NetworkController,
  'requireBlocks'
>;
export type NetworkControllerAddBlockReadAction = MethodActions<
  typeof networkControllerName,
  NetworkController,
  'addBlockRead'
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
  /**
   * A fixed block polling interval in ms (tests). By default it follows the chain's measured
   * block time (see BlockNeed).
   */
  pollingInterval?: number;
  /** Wait before retrying an unreachable node, in ms; defaults to the polling interval, at most 5 s. */
  retryTimeout?: number;
  /** The tracker's and retries' timers; tests pass a manual clock. */
  timers?: Timers;
  /** Where to go when the selected custom network is deleted; defaults to Ethereum mainnet. */
  fallbackProviderConfig?: ProviderConfig;
  /** HTTP transport for RPC calls; tests pass a counting wrapper. */
  fetchFn?: typeof fetch;
}

/**
 * Owns the selected network: its provider (with a per-block cache), its reachability, the block
 * tracker, EIP-1559 detection and the user's custom networks. The block tracker runs only while
 * something needs blocks (`requireBlocks`), at an interval that follows the measured block time.
 */
export class NetworkController extends BaseController<
  typeof networkControllerName,
  NetworkState,
  NetworkControllerMessenger
> {
  #client: RpcClient<ChainHead>;
  /** Bumped on every switch, so answers about a previous network are dropped. */
  #generation = 0;
  #started = false;
  #retryTimer: TimerHandle | undefined;
  readonly #pollingInterval: number | undefined;
  readonly #retryTimeout: number | undefined;
  readonly #fallbackProviderConfig: ProviderConfig;
  readonly #fetchFn: typeof fetch | undefined;
  readonly #timers: Timers;
  /** Who needs blocks now, and why; each entry's token makes its release idempotent. */
  readonly #demand = new Map<string, { need: BlockNeed; token: symbol }>();
  readonly #blockReads = new Map<string, { read: BlockRead; token: symbol }>();
  #releaseViewDemand: (() => void) | undefined;
  /** Per network: */
  #blockTime = new BlockTimeEstimator();
  #blockTimeProbed = false;
  #multicallAbsent = false;
  /** A head read has started and gathers its block reads at the end of this turn. */
  #gatheringReads = false;
  /**
   * The last block seen on this network, kept while the tracker is stopped: a block is new (a
   * `newBlock` event) only if it differs from it, so restarting the tracker within the same
   * block announces nothing (no pending check or dapp notification for a block already seen).
   */
  #lastSeenBlock: number | null = null;

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
    timers = realTimers,
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
    this.#timers = timers;
    this.#client = this.#createClient();

    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /** The selected network's provider; the same object across switches. */
  getProvider(): RpcProvider {
    return this.#providerProxy;
  }

  /** Starts the first reachability lookup, and block tracking if anything needs blocks yet. */
  async init(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    this.#followDemand(true);
    await this.lookupNetwork();
  }

  /**
   * Keeps the block tracker running for `owner` until the returned function is called (calling
   * it twice, or after the owner asked again, releases nothing more). Asking again replaces the
   * owner's need. A new need reads the head at once.
   */
  requireBlocks(owner: string, need: BlockNeed = 'everyBlock'): () => void {
    if (need !== 'everyBlock' && need !== 'view') throw new Error(`Unknown block need "${need}".`);
    const token = Symbol(owner);
    this.#demand.set(owner, { need, token });
    this.#followDemand(true);
    return () => {
      if (this.#demand.get(owner)?.token !== token) return;
      this.#demand.delete(owner);
      this.#followDemand(false);
    };
  }

  /** Makes `read` part of every head read until the returned function is called. */
  addBlockRead(owner: string, read: BlockRead): () => void {
    const token = Symbol(owner);
    this.#blockReads.set(owner, { read, token });
    const tracker = this.#client.blockTracker;
    // A head read that has not yet gathered its reads will include this one.
    if (tracker.isRunning && !this.#gatheringReads) tracker.pollNow();
    return () => {
      if (this.#blockReads.get(owner)?.token === token) this.#blockReads.delete(owner);
    };
  }

  /** While a view is open: its block number and status are kept current (a 'view' need). */
  startPolling(): void {
    this.#releaseViewDemand ??= this.requireBlocks(networkControllerName, 'view');
  }

  stopPolling(): void {
    this.#releaseViewDemand?.();
    this.#releaseViewDemand = undefined;
  }

  /** Who needs blocks now, and why. */
  get blockDemand(): Record<string, BlockNeed> {
    return Object.fromEntries([...this.#demand].map(([owner, { need }]) => [owner, need]));
  }

  /**
   * The head's block number while the tracker runs: the last read, else the first read's answer
   * once it arrives (a view just opened). Null when nothing tracks blocks or the read failed.
   */
  async getHeadBlockNumber(): Promise<number | null> {
    if (this.state.latestBlockNumber !== null) return this.state.latestBlockNumber;
    const head = await this.#client.blockTracker.headInFlight();
    return head?.number ?? null;
  }

  /**
   * Reads the head now, so that 'latest' reads answered from the per-block cache come from the
   * block the node has now (the refresh action); null when nothing tracks blocks or it failed.
   */
  async readHeadNow(): Promise<number | null> {
    const head = await this.#client.blockTracker.readNow();
    return head?.number ?? null;
  }

  get isTrackingBlocks(): boolean {
    return this.#client.blockTracker.isRunning;
  }

  /** The selected chain's block time as measured so far, in ms; null until known. */
  get measuredBlockTimeMs(): number | null {
    return this.#blockTime.blockTimeMs;
  }

  /** The wait between head reads for the present needs and block time. */
  get blockPollIntervalMs(): number {
    if (this.#pollingInterval !== undefined) return this.#pollingInterval;
    const measured = this.#blockTime.blockTimeMs ?? MIN_BLOCK_POLL_MS;
    const perBlock = Math.min(MAX_BLOCK_POLL_MS, Math.max(MIN_BLOCK_POLL_MS, measured));
    const viewsOnly = [...this.#demand.values()].every(({ need }) => need === 'view');
    return viewsOnly ? Math.max(perBlock, VIEW_BLOCK_POLL_MS) : perBlock;
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
    const block = await this.#client.provider.request<{
      number?: string;
      timestamp?: string;
      baseFeePerGas?: string | null;
    } | null>({
      method: 'eth_getBlockByNumber',
      params: ['latest', false],
    });
    if (!block) throw new Error('NetworkController - the node returned no latest block.');
    // A free sample for the block time, and the block the tracker's first read is compared to.
    if (generation === this.#generation && block.number && block.timestamp) {
      this.#blockTime.observe(Number(block.number), Number(block.timestamp));
      this.#lastSeenBlock ??= Number(block.number);
    }
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

  /** Stops block tracking and retries. */
  override async destroy(): Promise<void> {
    this.#started = false;
    this.#generation += 1;
    this.#clearRetry();
    this.#client.destroy();
    super.destroy();
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
    this.#client.destroy();
    this.#client = this.#createClient(config);
    this.#blockTime = new BlockTimeEstimator();
    this.#blockTimeProbed = false;
    this.#multicallAbsent = false;
    this.#lastSeenBlock = null;
    this.update((state) => {
      state.providerConfig = config;
      state.networkStatus = 'loading';
      state.networkId = null;
      state.latestBlockNumber = null;
      state.networkDetails = { EIPS: {} };
    });
    this.messenger.publish(`${networkControllerName}:networkDidChange`, config);
    if (!this.#started) return;
    this.#followDemand(false);
    await this.lookupNetwork();
  }

  #createClient(config: ProviderConfig = this.state.providerConfig): RpcClient<ChainHead> {
    const generation = this.#generation;
    return createRpcClient<ChainHead>({
      rpcUrl: config.rpcUrl,
      fetchFn: this.#fetchFn,
      tracker: {
        readHead: (provider) => this.#readHead(provider, generation),
        onHead: (head) => {
          if (generation === this.#generation) this.#onHead(head);
        },
        onError: () => {
          if (generation === this.#generation) this.#setLoading();
        },
        intervalMs: () => this.blockPollIntervalMs,
        retryMs: () => this.#retryInterval(),
        timers: this.#timers,
      },
    });
  }

  #retryInterval(): number {
    return this.#retryTimeout ?? Math.min(this.blockPollIntervalMs, 5_000);
  }

  /** Runs the tracker while anything needs blocks; a new need reads the head now. */
  #followDemand(added: boolean): void {
    if (!this.#started) return;
    const tracker = this.#client.blockTracker;
    if (this.#demand.size === 0) {
      tracker.stop();
      this.#clearRetry();
      // Nobody follows the chain now: an old block number would only mislead.
      if (this.state.latestBlockNumber !== null) {
        this.update((state) => {
          state.latestBlockNumber = null;
        });
      }
      return;
    }
    if (!tracker.isRunning) tracker.start();
    else if (added && !tracker.isReading) tracker.pollNow();
  }

  /**
   * One head read: the block number and timestamp, with every block read in the same Multicall3
   * call when there are reads and the chain has Multicall3; else the latest block header.
   */
  async #readHead(provider: RpcProvider, generation: number): Promise<ChainHead> {
    // A view opening starts several consumers in one turn: gather their reads after it, so the
    // first head read brings them all in one call.
    this.#gatheringReads = true;
    await Promise.resolve();
    this.#gatheringReads = false;
    const consumers = [...this.#blockReads.values()].map(({ read }) => read);
    const readLists = consumers.map((consumer) => consumer.reads());
    const reads = readLists.flat();
    let head: ChainHead | undefined;
    let multicallFailed = false;
    if (reads.length > 0 && !this.#multicallAbsent) {
      try {
        const data = await provider.request<Hex>({
          method: 'eth_call',
          params: [{ to: MULTICALL3_ADDRESS, data: encodeHeadAggregate(reads) }, 'latest'],
          skipCache: true,
        });
        const aggregate = decodeHeadAggregate(data, reads.length);
        let offset = 0;
        const results = readLists.map((list) => {
          offset += list.length;
          return aggregate.results.slice(offset - list.length, offset);
        });
        head = {
          number: aggregate.blockNumber,
          timestamp: aggregate.timestamp,
          consumers,
          results,
        };
      } catch {
        multicallFailed = true;
      }
    }
    if (!head) {
      const block = await this.#readBlock(provider, 'latest');
      head = { ...block, consumers, results: consumers.map(() => null) };
      // The node answered a plain read: it is the contract that is missing, not the node.
      if (multicallFailed && generation === this.#generation) this.#multicallAbsent = true;
    }
    if (generation === this.#generation) await this.#measureBlockTime(provider, head, generation);
    return head;
  }

  async #readBlock(
    provider: RpcProvider,
    tag: string,
  ): Promise<{ number: number; timestamp: number }> {
    const block = await provider.request<{ number?: string; timestamp?: string } | null>({
      method: 'eth_getBlockByNumber',
      params: [tag, false],
      skipCache: true,
    });
    if (!block?.number || !block.timestamp)
      throw new Error(`NetworkController - the node returned no block for ${tag}.`);
    return { number: Number(block.number), timestamp: Number(block.timestamp) };
  }

  /**
   * Feeds the head to the block-time estimate; when that has still only one block (a first
   * read right after start), reads one older header once to measure it now.
   */
  async #measureBlockTime(provider: RpcProvider, head: ChainHead, generation: number) {
    const estimate = this.#blockTime;
    const newest = this.#lastSeenBlock;
    if (newest !== null && head.number < newest) estimate.reset(); // the chain went backwards
    estimate.observe(head.number, head.timestamp);
    // A fixed interval needs no measurement.
    if (this.#pollingInterval !== undefined || estimate.blockTimeMs !== null) return;
    if (this.#blockTimeProbed || head.number === 0) return;
    this.#blockTimeProbed = true;
    const older = Math.max(0, head.number - BLOCK_TIME_SPAN);
    const past = await this.#readBlock(provider, `0x${older.toString(16)}`).catch(() => null);
    if (past && generation === this.#generation) estimate.observe(past.number, past.timestamp);
  }

  #onHead(head: ChainHead): void {
    // Block reads first, so that newBlock handlers see the values read with the block.
    head.consumers.forEach((consumer, index) => {
      try {
        consumer.onHead(head.number, head.results[index] ?? null);
      } catch (error) {
        console.error('NetworkController: a block read failed to take its results', error);
      }
    });
    if (this.state.latestBlockNumber !== head.number) {
      this.update((state) => {
        state.latestBlockNumber = head.number;
      });
    }
    // A head answered, so the node is back: confirm the network if it was marked loading.
    if (this.state.networkStatus === 'loading') void this.lookupNetwork();
    // A lower number than the last counts too: a restarted dev node starts again from a low block.
    if (head.number === this.#lastSeenBlock) return;
    this.#lastSeenBlock = head.number;
    this.messenger.publish(`${networkControllerName}:newBlock`, head.number);
  }

  #setLoading(): void {
    this.#scheduleRetry();
    if (this.state.networkStatus === 'loading' && this.state.networkId === null) return;
    this.update((state) => {
      state.networkStatus = 'loading';
      state.networkId = null;
    });
  }

  /**
   * While unreachable and something needs the network, asks again on a chained timer (a
   * same-height restart emits no new block). Nobody waiting: nothing asked.
   */
  #scheduleRetry(): void {
    if (!this.#started || this.#retryTimer || this.#demand.size === 0) return;
    this.#retryTimer = this.#timers.setTimeout(() => {
      this.#retryTimer = undefined;
      void this.lookupNetwork();
    }, this.#retryInterval());
  }

  #clearRetry(): void {
    this.#timers.clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
  }
}
