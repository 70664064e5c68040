import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { MethodActions } from '../messenger/method-actions';
import { type ChainedPoller, createChainedPoller } from '../polling/chained-poller';
import type { Timers } from '../polling/timers';

import type {
  NetworkControllerGetEIP1559CompatibilityAction,
  NetworkControllerGetProviderAction,
  NetworkControllerGetStateAction,
  NetworkControllerNetworkDidChangeEvent,
} from '../network/NetworkController';
import { determineGasFeeEstimates, type DeterminedEstimate } from './determine-estimates';
import { GasApiClient, type GasApiOptions } from './gas-api';
import type { GasEstimate, GasEstimateType, GasFeeEstimates } from './gas-types';
import { gweiStringToWeiHex } from './units';

export const gasFeeControllerName = 'GasFeeController';

/** Spec part 2 §9: on-chain estimates every 30 s, the gas fee API every 15 s. */
export const ON_CHAIN_POLLING_INTERVAL_MS = 30_000;
export const GAS_API_POLLING_INTERVAL_MS = 15_000;
/** While the network is unreachable (or still loading after a switch), look again this often. */
const UNREACHABLE_RECHECK_MS = 1_000;

export type GasFeeState = {
  gasFeeEstimates: GasFeeEstimates;
  gasEstimateType: GasEstimateType;
};

/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const gasFeeControllerMetadata = {
  gasFeeEstimates: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  gasEstimateType: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
} satisfies StateMetadata<GasFeeState>;

export function getDefaultGasFeeState(): GasFeeState {
  return { gasFeeEstimates: {}, gasEstimateType: 'none' };
}

/** Fees for a new transaction in hex wei, from the medium tier (what the transaction controller takes). */
export type SuggestedGasFees = {
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
};

export type GasFeeControllerGetStateAction = ControllerGetStateAction<
  typeof gasFeeControllerName,
  GasFeeState
>;
/** The methods others may call as `GasFeeController:<method>`. */
const MESSENGER_EXPOSED_METHODS = ['fetchGasFeeEstimates', 'getSuggestedGasFees'] as const;

export type GasFeeControllerGetSuggestedGasFeesAction = MethodActions<
  typeof gasFeeControllerName,
  GasFeeController,
  'getSuggestedGasFees'
>;
export type GasFeeControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof gasFeeControllerName,
  GasFeeState
>;

export type GasFeeControllerActions =
  | GasFeeControllerGetStateAction
  | MethodActions<
      typeof gasFeeControllerName,
      GasFeeController,
      (typeof MESSENGER_EXPOSED_METHODS)[number]
    >;
export type GasFeeControllerEvents = GasFeeControllerStateChangeEvent;

/** What the root messenger must delegate to this controller's messenger. */
export type GasFeeControllerAllowedActions =
  | NetworkControllerGetStateAction
  | NetworkControllerGetProviderAction
  | NetworkControllerGetEIP1559CompatibilityAction;
export type GasFeeControllerAllowedEvents = NetworkControllerNetworkDidChangeEvent;

/** For the engine's `root.delegate({ messenger, actions, events })`. */
export const GAS_FEE_CONTROLLER_DELEGATED_ACTIONS: GasFeeControllerAllowedActions['type'][] = [
  'NetworkController:getState',
  'NetworkController:getProvider',
  'NetworkController:getEIP1559Compatibility',
];
export const GAS_FEE_CONTROLLER_DELEGATED_EVENTS: GasFeeControllerAllowedEvents['type'][] = [
  'NetworkController:networkDidChange',
];

export type GasFeeControllerMessenger = Messenger<
  typeof gasFeeControllerName,
  GasFeeControllerActions | GasFeeControllerAllowedActions,
  GasFeeControllerEvents | GasFeeControllerAllowedEvents
>;

export interface GasFeeControllerOptions {
  messenger: GasFeeControllerMessenger;
  /** An external gas API; without it estimates come from the node alone. */
  gasApi?: GasApiOptions;
  /** Polling skips its work while this says the user is idle (see user-idle.ts). */
  isIdle?: () => boolean;
  /** Overrides for tests. */
  onChainPollingInterval?: number;
  apiPollingInterval?: number;
  /** The poller's timers; tests pass a manual clock. */
  timers?: Timers;
}

/**
 * Gas fee estimates for the selected network: fee market, legacy or plain gas price, in the
 * spec's fallback order. Polls on the shared chained poller (never two fetches at once), skips
 * work while the user is idle, and keeps the last known estimates when a fetch fails.
 */
export class GasFeeController extends BaseController<
  typeof gasFeeControllerName,
  GasFeeState,
  GasFeeControllerMessenger
> {
  readonly #api: GasApiClient | undefined;
  readonly #isIdle: () => boolean;
  readonly #onChainInterval: number;
  readonly #apiInterval: number;

  readonly #poller: ChainedPoller;

  #initialised = false;
  /** Whether the network was reachable at the last poll: if not, the next one comes sooner. */
  #reachableAtLastPoll = true;
  /** Bumped on network change so a fetch for the old network never lands. */
  #generation = 0;
  #inFlight: { generation: number; promise: Promise<DeterminedEstimate> } | undefined;
  #lastSource: DeterminedEstimate['source'] | undefined;
  #lastFetchedAt = 0;

  constructor({
    messenger,
    gasApi,
    isIdle,
    onChainPollingInterval,
    apiPollingInterval,
    timers,
  }: GasFeeControllerOptions) {
    super({
      messenger,
      metadata: gasFeeControllerMetadata,
      name: gasFeeControllerName,
      state: getDefaultGasFeeState(),
    });
    this.#api =
      gasApi && (gasApi.feeMarketUrl || gasApi.legacyUrl) ? new GasApiClient(gasApi) : undefined;
    this.#isIdle = isIdle ?? (() => false);
    this.#onChainInterval = onChainPollingInterval ?? ON_CHAIN_POLLING_INTERVAL_MS;
    this.#apiInterval = apiPollingInterval ?? GAS_API_POLLING_INTERVAL_MS;
    this.#poller = createChainedPoller({
      runAtStart: true,
      timers,
      // Right after a switch the network is still loading: look again soon, not a whole interval later.
      intervalMs: () =>
        this.#reachableAtLastPoll
          ? this.#interval()
          : Math.min(UNREACHABLE_RECHECK_MS, this.#interval()),
      run: () => this.#poll(),
    });
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /** Follows network switches. Separate from the constructor so wiring order is free. */
  init(): void {
    if (this.#initialised) return;
    this.#initialised = true;
    this.messenger.subscribe('NetworkController:networkDidChange', () => this.#onNetworkChange());
  }

  /**
   * Fetches estimates now and stores them. On failure the stored estimates stay as they were and
   * the error is thrown. Concurrent callers share one fetch.
   */
  async fetchGasFeeEstimates(): Promise<GasEstimate> {
    const generation = this.#generation;
    if (!this.#inFlight || this.#inFlight.generation !== generation) {
      const promise = this.#determine();
      this.#inFlight = { generation, promise };
      void promise.then(
        () => this.#clearInFlight(promise),
        () => this.#clearInFlight(promise),
      );
    }
    const estimate = await this.#inFlight.promise;
    if (generation !== this.#generation)
      throw new Error('The network changed while estimating gas fees.');
    this.#lastSource = estimate.source;
    this.#lastFetchedAt = Date.now();
    this.update((state) => {
      state.gasEstimateType = estimate.gasEstimateType;
      state.gasFeeEstimates = estimate.gasFeeEstimates;
    });
    return {
      gasEstimateType: estimate.gasEstimateType,
      gasFeeEstimates: estimate.gasFeeEstimates,
    } as GasEstimate;
  }

  /**
   * Medium-tier fees in hex wei for a new transaction. Uses the stored estimate when it is at
   * most one polling interval old, else fetches.
   */
  async getSuggestedGasFees(supportsEip1559: boolean): Promise<SuggestedGasFees> {
    const fresh =
      this.state.gasEstimateType !== 'none' && Date.now() - this.#lastFetchedAt < this.#interval();
    const estimate = fresh ? (this.state as GasEstimate) : await this.fetchGasFeeEstimates();
    return suggestedFeesFrom(estimate, supportsEip1559);
  }

  /** Starts polling (idempotent): one fetch now, then one per interval after the previous ends. */
  startPolling(): void {
    this.#poller.start();
  }

  stopPolling(): void {
    this.#poller.stop();
  }

  get isPolling(): boolean {
    return this.#poller.isPolling;
  }

  override destroy(): void {
    this.stopPolling();
    this.#generation += 1;
    super.destroy();
  }

  async #determine(): Promise<DeterminedEstimate> {
    const network = this.messenger.call('NetworkController:getState');
    const isEIP1559Compatible = await this.messenger.call(
      'NetworkController:getEIP1559Compatibility',
    );
    return determineGasFeeEstimates({
      chainId: network.providerConfig.chainId,
      isEIP1559Compatible,
      provider: this.messenger.call('NetworkController:getProvider'),
      api: this.#api,
    });
  }

  #clearInFlight(promise: Promise<DeterminedEstimate>): void {
    if (this.#inFlight?.promise === promise) this.#inFlight = undefined;
  }

  /** 15 s while the API answers (or before the first answer, when one is configured), else 30 s. */
  #interval(): number {
    if (this.#lastSource === 'chain' || (!this.#lastSource && !this.#api))
      return this.#onChainInterval;
    return this.#apiInterval;
  }

  /** One poll: idle users and unreachable nodes cost no requests; the last estimates stay. */
  async #poll(): Promise<void> {
    const reachable =
      this.messenger.call('NetworkController:getState').networkStatus === 'available';
    this.#reachableAtLastPoll = reachable;
    // A failure keeps the last known estimates (spec part 2 §8); the next poll tries again.
    if (reachable && !this.#isIdle()) await this.fetchGasFeeEstimates();
  }

  #onNetworkChange(): void {
    this.#generation += 1;
    this.#lastSource = undefined;
    this.#lastFetchedAt = 0;
    this.update(() => getDefaultGasFeeState());
    // Estimate for the new network now (or right after a poll in flight), not an interval later.
    this.#poller.pollNow();
  }
}

/** Medium-tier fees in hex wei, shaped for the transaction type the network takes. */
export function suggestedFeesFrom(
  estimate: GasEstimate,
  supportsEip1559: boolean,
): SuggestedGasFees {
  let maxFee: string;
  let priorityFee: string;
  switch (estimate.gasEstimateType) {
    case 'fee-market':
      maxFee = estimate.gasFeeEstimates.medium.suggestedMaxFeePerGas;
      priorityFee = estimate.gasFeeEstimates.medium.suggestedMaxPriorityFeePerGas;
      break;
    case 'legacy':
      maxFee = priorityFee = estimate.gasFeeEstimates.medium;
      break;
    case 'eth_gasPrice':
      maxFee = priorityFee = estimate.gasFeeEstimates.gasPrice;
      break;
    default:
      throw new Error('No gas fee estimate is available yet.');
  }
  if (!supportsEip1559) return { gasPrice: gweiStringToWeiHex(maxFee) };
  return {
    maxFeePerGas: gweiStringToWeiHex(maxFee),
    maxPriorityFeePerGas: gweiStringToWeiHex(priorityFee),
  };
}
