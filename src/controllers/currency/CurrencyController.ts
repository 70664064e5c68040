import { type ChainedPoller, createChainedPoller } from '../polling/chained-poller';
import type { Timers } from '../polling/timers';
import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { MethodActions } from '../messenger/method-actions';
import { invalidCurrency } from './errors';
import type {
  NetworkControllerGetStateAction,
  NetworkControllerNetworkDidChangeEvent,
} from '../network/NetworkController';

export const currencyControllerName = 'CurrencyController';

/** Spec part 2 §9: currency refresh every 600 s. */
export const CURRENCY_POLLING_INTERVAL_MS = 600_000;
export const DEFAULT_CURRENCY = 'usd';
export const DEFAULT_NATIVE_CURRENCY = 'ETH';
export const COMMON_DENOMINATION = 'USD';
/** conversionDate when no rate is known (spec part 1 §3, part 2 §8). */
export const NO_CONVERSION_DATE = 'N/A';

/** Spec part 1 §3, currency state. */
export type CurrencyState = {
  /** Lowercase currency code the user shows amounts in. */
  currentCurrency: string;
  /** Price of one native unit in currentCurrency; 0 when unknown. */
  conversionRate: number;
  /** Seconds since the epoch of the last successful fetch, or 'N/A'. */
  conversionDate: number | string;
  /** The network's ticker (uppercase). */
  nativeCurrency: string;
  commonDenomination: string;
  /** Price of one native unit in the common denomination (USD); 0 when unknown. */
  commonDenominatorPrice: number;
};

const ui = {
  persist: false,
  usedInUi: true,
  includeInDebugSnapshot: true,
  includeInStateLogs: true,
} as const;
/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const currencyControllerMetadata = {
  currentCurrency: { ...ui, persist: true },
  conversionRate: ui,
  conversionDate: ui,
  nativeCurrency: ui,
  commonDenomination: ui,
  commonDenominatorPrice: ui,
} satisfies StateMetadata<CurrencyState>;

export function getDefaultCurrencyState(): CurrencyState {
  return {
    currentCurrency: DEFAULT_CURRENCY,
    conversionRate: 0,
    conversionDate: NO_CONVERSION_DATE,
    nativeCurrency: DEFAULT_NATIVE_CURRENCY,
    commonDenomination: COMMON_DENOMINATION,
    commonDenominatorPrice: 0,
  };
}

/**
 * The currencies offered for display: the network ticker first on non-ETH networks (spec part 1
 * §5), then the given fiat list, without repeats.
 */
export function currencyChoices(ticker: string, fiat: readonly string[]): string[] {
  const upper = fiat.map((code) => code.toUpperCase());
  const first = ticker.toUpperCase() === 'ETH' ? [] : [ticker.toUpperCase()];
  return [...new Set([...first, ...upper])];
}

export type CurrencyControllerGetStateAction = ControllerGetStateAction<
  typeof currencyControllerName,
  CurrencyState
>;
/** The methods others may call as `CurrencyController:<method>`. */
const MESSENGER_EXPOSED_METHODS = ['setCurrentCurrency'] as const;

export type CurrencyControllerSetCurrentCurrencyAction = MethodActions<
  typeof currencyControllerName,
  CurrencyController,
  'setCurrentCurrency'
>;
export type CurrencyControllerActions =
  | CurrencyControllerGetStateAction
  | MethodActions<
      typeof currencyControllerName,
      CurrencyController,
      (typeof MESSENGER_EXPOSED_METHODS)[number]
    >;
export type CurrencyControllerEvents = ControllerStateChangeEvent<
  typeof currencyControllerName,
  CurrencyState
>;
export type CurrencyControllerAllowedActions = NetworkControllerGetStateAction;
export type CurrencyControllerAllowedEvents = NetworkControllerNetworkDidChangeEvent;
/** For the engine's createControllerMessenger(root, currencyControllerName, { actions, events }). */
export const CURRENCY_CONTROLLER_DELEGATED_ACTIONS: CurrencyControllerAllowedActions['type'][] = [
  'NetworkController:getState',
];
export const CURRENCY_CONTROLLER_DELEGATED_EVENTS: CurrencyControllerAllowedEvents['type'][] = [
  'NetworkController:networkDidChange',
];
export type CurrencyControllerMessenger = Messenger<
  typeof currencyControllerName,
  CurrencyControllerActions | CurrencyControllerAllowedActions,
  CurrencyControllerEvents | CurrencyControllerAllowedEvents
>;

/** GET /currency?fsym=&tsyms= → rates keyed by uppercase code (the backend client's call). */
export type FetchRates = (fsym: string, tsyms: string[]) => Promise<Record<string, number>>;

export interface CurrencyControllerOptions {
  messenger: CurrencyControllerMessenger;
  state?: Partial<CurrencyState>;
  fetchRates: FetchRates;
  isIdle?: () => boolean;
  pollingIntervalMs?: number;
  now?: () => number;
  /** The poller's timers; tests pass a manual clock. */
  timers?: Timers;
}

/** The native currency's rate in the user's currency, refreshed every 600 s while active. */
export class CurrencyController extends BaseController<
  typeof currencyControllerName,
  CurrencyState,
  CurrencyControllerMessenger
> {
  readonly #fetchRates: FetchRates;
  readonly #now: () => number;
  readonly #poller: ChainedPoller;
  /** Answers from an older request (before a switch) must not overwrite newer ones. */
  #requestSeq = 0;
  #subscribed = false;

  readonly #onNetworkDidChange = (config: { ticker: string }) => {
    this.#setNative(config.ticker);
    void this.updateConversionRate();
  };

  constructor({
    messenger,
    state,
    fetchRates,
    isIdle,
    pollingIntervalMs = CURRENCY_POLLING_INTERVAL_MS,
    now = Date.now,
    timers,
  }: CurrencyControllerOptions) {
    super({
      messenger,
      metadata: currencyControllerMetadata,
      name: currencyControllerName,
      state: { ...getDefaultCurrencyState(), ...state },
    });
    this.#fetchRates = fetchRates;
    const userIsIdle = isIdle ?? (() => false);
    this.#now = now;
    this.#poller = createChainedPoller({
      intervalMs: pollingIntervalMs,
      runAtStart: true,
      timers,
      run: async () => {
        if (!userIsIdle()) await this.updateConversionRate();
      },
    });
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /** Wires to the network (its ticker). Polling is started by whoever shows the rate. */
  init(): void {
    const { providerConfig } = this.messenger.call('NetworkController:getState');
    this.#setNative(providerConfig.ticker);
    if (!this.#subscribed) {
      this.#subscribed = true;
      this.messenger.subscribe('NetworkController:networkDidChange', this.#onNetworkDidChange);
    }
  }

  async setCurrentCurrency(currency: string): Promise<void> {
    if (typeof currency !== 'string' || !/^[A-Za-z0-9]{2,10}$/u.test(currency))
      throw invalidCurrency(currency);
    this.update((state) => {
      state.currentCurrency = currency.toLowerCase();
    });
    await this.updateConversionRate();
  }

  /** One fetch; a failure sets the rate to 0 and the date to N/A (spec part 2 §8). */
  async updateConversionRate(): Promise<void> {
    const seq = ++this.#requestSeq;
    const native = this.state.nativeCurrency.toUpperCase();
    const current = this.state.currentCurrency.toUpperCase();
    const common = this.state.commonDenomination.toUpperCase();
    const wanted = [...new Set([current, common])].filter((code) => code !== native);
    try {
      const rates = wanted.length > 0 ? await this.#fetchRates(native, wanted) : {};
      const rateOf = (code: string) => (code === native ? 1 : rates[code]);
      const rate = rateOf(current);
      if (typeof rate !== 'number' || !Number.isFinite(rate))
        throw new Error(`No ${current} rate for ${native}`);
      if (seq !== this.#requestSeq) return;
      const commonPrice = rateOf(common);
      this.update((state) => {
        state.conversionRate = rate;
        state.conversionDate = Math.floor(this.#now() / 1000);
        state.commonDenominatorPrice =
          typeof commonPrice === 'number' && Number.isFinite(commonPrice) ? commonPrice : 0;
      });
    } catch (err) {
      if (seq !== this.#requestSeq) return;
      console.warn('CurrencyController: rate fetch failed', err);
      this.update((state) => {
        state.conversionRate = 0;
        state.conversionDate = NO_CONVERSION_DATE;
        state.commonDenominatorPrice = 0;
      });
    }
  }

  /** One fetch now, then one per interval after the previous ends (idempotent). */
  startPolling(): void {
    this.#poller.start();
  }

  stopPolling(): void {
    this.#poller.stop();
  }

  isPolling(): boolean {
    return this.#poller.isPolling;
  }

  override destroy(): void {
    this.stopPolling();
    if (this.#subscribed) {
      this.#subscribed = false;
      this.messenger.unsubscribe('NetworkController:networkDidChange', this.#onNetworkDidChange);
    }
    super.destroy();
  }

  #setNative(ticker: string): void {
    const nativeCurrency = (ticker || DEFAULT_NATIVE_CURRENCY).toUpperCase();
    if (nativeCurrency === this.state.nativeCurrency) return;
    this.update((state) => {
      state.nativeCurrency = nativeCurrency;
    });
  }
}
