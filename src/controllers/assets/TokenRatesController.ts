import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type {
  CurrencyControllerGetStateAction,
  CurrencyControllerEvents,
} from '../currency/CurrencyController';
import type {
  KeyringControllerGetStateAction,
  KeyringControllerLockEvent,
  KeyringControllerUnlockEvent,
} from '../keyring/KeyringController';
import type {
  NetworkControllerGetStateAction,
  NetworkControllerNetworkDidChangeEvent,
} from '../network/NetworkController';
import type { PreferencesControllerGetStateAction } from '../preferences/PreferencesController';
import { createAssetPoller, type AssetPoller } from './asset-poller';
import type {
  TokensControllerGetStateAction,
  TokensControllerStateChangeEvent,
} from './TokensController';

export const tokenRatesControllerName = 'TokenRatesController';

/** Spec part 2 §9: token prices every 600 s. */
export const TOKEN_RATES_INTERVAL_MS = 600_000;
/** Contract addresses per price request. */
export const TOKEN_RATES_CHUNK = 100;

/** GET /tokenprices: prices by lowercase contract address, then by lowercase currency code. */
export type FetchTokenPrices = (
  chainId: string,
  addresses: readonly string[],
  currencies: readonly string[],
) => Promise<Record<string, Record<string, number>>>;

export type TokenRatesState = {
  /** Price of one whole token in `currency`, by lowercase contract address; absent when unknown. */
  tokenRates: Record<string, number>;
  /** Lowercase currency code the rates are in (the user's currency). */
  currency: string;
  /** The chain the rates are for (0x hex), or null before the first fetch. */
  chainId: string | null;
  /** Epoch ms of the last successful fetch, or null. */
  fetchedAt: number | null;
};

const ui = {
  persist: false,
  usedInUi: true,
  includeInDebugSnapshot: true,
  includeInStateLogs: true,
};
const metadata: StateMetadata<TokenRatesState> = {
  tokenRates: ui,
  currency: ui,
  chainId: ui,
  fetchedAt: ui,
};

export function getDefaultTokenRatesState(): TokenRatesState {
  return { tokenRates: {}, currency: 'usd', chainId: null, fetchedAt: null };
}

export type TokenRatesControllerGetStateAction = ControllerGetStateAction<
  typeof tokenRatesControllerName,
  TokenRatesState
>;
export type TokenRatesControllerActions = TokenRatesControllerGetStateAction;
export type TokenRatesControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof tokenRatesControllerName,
  TokenRatesState
>;
export type TokenRatesControllerEvents = TokenRatesControllerStateChangeEvent;

export type TokenRatesControllerAllowedActions =
  | NetworkControllerGetStateAction
  | PreferencesControllerGetStateAction
  | KeyringControllerGetStateAction
  | CurrencyControllerGetStateAction
  | TokensControllerGetStateAction;
export const TOKEN_RATES_CONTROLLER_DELEGATED_ACTIONS: TokenRatesControllerAllowedActions['type'][] =
  [
    'NetworkController:getState',
    'PreferencesController:getState',
    'KeyringController:getState',
    'CurrencyController:getState',
    'TokensController:getState',
  ];
export type TokenRatesControllerAllowedEvents =
  | NetworkControllerNetworkDidChangeEvent
  | KeyringControllerLockEvent
  | KeyringControllerUnlockEvent
  | CurrencyControllerEvents
  | TokensControllerStateChangeEvent;
export const TOKEN_RATES_CONTROLLER_DELEGATED_EVENTS: TokenRatesControllerAllowedEvents['type'][] =
  [
    'NetworkController:networkDidChange',
    'KeyringController:lock',
    'KeyringController:unlock',
    'CurrencyController:stateChange',
    'TokensController:stateChange',
  ];

export type TokenRatesControllerMessenger = Messenger<
  typeof tokenRatesControllerName,
  TokenRatesControllerActions | TokenRatesControllerAllowedActions,
  TokenRatesControllerEvents | TokenRatesControllerAllowedEvents
>;

export interface TokenRatesControllerOptions {
  messenger: TokenRatesControllerMessenger;
  /** The backend's price route; without it no token has a price. */
  fetchPrices?: FetchTokenPrices;
  isIdle?: () => boolean;
  pollingIntervalMs?: number;
  now?: () => number;
}

/**
 * Prices of the selected account's tokens (shown and folded-away ones) in the user's currency,
 * by contract address, through the backend's price adapter (spec part 2 §7): every 600 s while
 * a view shows them, at once when the currency, the network or the set of tokens changes.
 */
export class TokenRatesController extends BaseController<
  typeof tokenRatesControllerName,
  TokenRatesState,
  TokenRatesControllerMessenger
> {
  readonly #fetchPrices: FetchTokenPrices | undefined;
  readonly #now: () => number;
  readonly #poller: AssetPoller;
  /** What the last fetch asked for, so a new token (or currency) fetches at once. */
  #asked = '';
  #seq = 0;
  #subscribed = false;

  constructor({
    messenger,
    fetchPrices,
    isIdle = () => false,
    pollingIntervalMs = TOKEN_RATES_INTERVAL_MS,
    now = Date.now,
  }: TokenRatesControllerOptions) {
    super({
      messenger,
      metadata,
      name: tokenRatesControllerName,
      state: getDefaultTokenRatesState(),
    });
    this.#fetchPrices = fetchPrices;
    this.#now = now;
    this.#poller = createAssetPoller({
      intervalMs: pollingIntervalMs,
      isIdle,
      refresh: () => this.updateRates(),
    });
  }

  init(): void {
    if (this.#subscribed) return;
    this.#subscribed = true;
    this.messenger.subscribe('NetworkController:networkDidChange', this.#onNetworkChange);
    this.messenger.subscribe('KeyringController:lock', this.#onLock);
    this.messenger.subscribe('KeyringController:unlock', this.#onUnlock);
    this.messenger.subscribe(
      'CurrencyController:stateChange',
      this.#onWanted,
      (state) => state.currentCurrency,
    );
    this.messenger.subscribe('TokensController:stateChange', this.#onWanted);
    this.#poller.setUnlocked(this.messenger.call('KeyringController:getState').isUnlocked);
  }

  startPolling(): void {
    this.#poller.setWanted(true);
  }

  stopPolling(): void {
    this.#poller.setWanted(false);
  }

  isPolling(): boolean {
    return this.#poller.isPolling;
  }

  refreshNow(): Promise<void> {
    return this.#poller.refreshNow();
  }

  override destroy(): void {
    this.#poller.setWanted(false);
    if (this.#subscribed) {
      this.#subscribed = false;
      this.messenger.unsubscribe('NetworkController:networkDidChange', this.#onNetworkChange);
      this.messenger.unsubscribe('KeyringController:lock', this.#onLock);
      this.messenger.unsubscribe('KeyringController:unlock', this.#onUnlock);
      this.messenger.unsubscribe('CurrencyController:stateChange', this.#onWanted);
      this.messenger.unsubscribe('TokensController:stateChange', this.#onWanted);
    }
    super.destroy();
  }

  /** One fetch for the selected account's tokens; a failure leaves no prices (none is better than stale). */
  async updateRates(): Promise<void> {
    const wanted = this.#wanted();
    const seq = ++this.#seq;
    const fetchPrices = this.#fetchPrices;
    if (!wanted || !fetchPrices) return;
    this.#asked = wanted.key;
    let rates: Record<string, number> = {};
    try {
      for (let i = 0; i < wanted.addresses.length; i += TOKEN_RATES_CHUNK) {
        const chunk = wanted.addresses.slice(i, i + TOKEN_RATES_CHUNK);
        const answer = await fetchPrices(wanted.chainId, chunk, [wanted.currency]);
        for (const address of chunk) {
          const price = answer[address]?.[wanted.currency];
          if (typeof price === 'number' && Number.isFinite(price) && price >= 0)
            rates[address] = price;
        }
      }
    } catch (error) {
      // The next poll asks again; a change of tokens or currency asks at once.
      console.warn('TokenRatesController: price fetch failed', error);
      rates = {};
    }
    if (seq !== this.#seq) return;
    this.update((state) => {
      state.tokenRates = rates;
      state.currency = wanted.currency;
      state.chainId = wanted.chainId;
      state.fetchedAt = Object.keys(rates).length > 0 ? this.#now() : state.fetchedAt;
    });
  }

  /** The tokens, chain and currency to price now, or undefined when there is nothing to ask. */
  #wanted() {
    const account = this.messenger.call('PreferencesController:getState').selectedAddress;
    if (!account || !this.messenger.call('KeyringController:getState').isUnlocked) return undefined;
    const { chainId } = this.messenger.call('NetworkController:getState').providerConfig;
    const currency = this.messenger
      .call('CurrencyController:getState')
      .currentCurrency.toLowerCase();
    const tokens = this.messenger.call('TokensController:getState');
    const addresses = [
      ...new Set(
        [...(tokens.tokens[account] ?? []), ...(tokens.spamTokens[account] ?? [])].map((t) =>
          t.tokenAddress.toLowerCase(),
        ),
      ),
    ].sort();
    if (addresses.length === 0) return undefined;
    const key = `${chainId}|${currency}|${addresses.join(',')}`;
    return { chainId: chainId.toLowerCase(), currency, addresses, key };
  }

  readonly #onNetworkChange = () => {
    this.#seq += 1;
    this.#asked = '';
    this.update((state) => {
      state.tokenRates = {};
      state.chainId = null;
    });
  };

  /** The tokens or the currency changed: fetch at once if what is wanted is new. */
  readonly #onWanted = () => {
    if (!this.#poller.isPolling) return;
    const wanted = this.#wanted();
    if (!wanted || wanted.key === this.#asked) return;
    void this.refreshNow().catch((error: unknown) => console.warn('TokenRatesController', error));
  };

  readonly #onLock = () => this.#poller.setUnlocked(false);

  readonly #onUnlock = () => this.#poller.setUnlocked(true);
}
