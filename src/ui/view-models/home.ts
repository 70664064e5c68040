// The wallet home's figures (views.md §3.10), pure so they are unit-tested without a browser:
// the native coin first, then the account's tokens sorted by fiat value, each with its balance
// in the spec's decimals and its fiat value when a rate is known; the total across them.
import BigNumber from 'bignumber.js';

import type { UiState } from '../../background/contract/ui-state';
import { displayDecimals, formatTokenAmount } from '../format/amounts';

export type HomeState = Pick<
  UiState,
  | 'PreferencesController'
  | 'AccountTrackerController'
  | 'NetworkController'
  | 'CurrencyController'
  | 'TokensController'
  | 'TokenRatesController'
  | 'CollectiblesController'
>;

/** A collectible contract with the account's assets of it, as the engine's state gives it. */
export type CollectibleContract = UiState['CollectiblesController']['collectibles'][string][number];
export type Collectible = CollectibleContract['assets'][number];

/** One row of the token list. */
export interface TokenRow {
  /** 'native' or the lowercase contract address. */
  key: string;
  symbol: string;
  name: string;
  logo: string | null;
  /** Whole units in the spec's decimals (3 for the network's ticker, else 2), or null while unread. */
  displayBalance: string | null;
  /** To the cent in the user's currency, or null when no rate is known (rate 0 shows none). */
  displayFiat: string | null;
  /** For sorting and the total. */
  fiatValue: BigNumber | null;
  /** The custom token's id when the user added it (it can then be removed). */
  customTokenId: number | string | null;
}

const fiatOf = (baseUnits: string, decimals: number, rate: number): BigNumber | null =>
  rate > 0 ? new BigNumber(baseUnits).shiftedBy(-decimals).times(rate) : null;

const cents = (value: BigNumber) => value.decimalPlaces(2, BigNumber.ROUND_HALF_UP).toFormat(2);

/** The native coin (its logo from the network), then tokens by fiat value, highest first. */
export function tokenRows(state: HomeState): TokenRow[] {
  const address = state.PreferencesController.selectedAddress;
  if (!address) return [];
  const { ticker, networkName } = state.NetworkController.providerConfig;
  const rate = state.CurrencyController.conversionRate;
  const wei = state.AccountTrackerController.accounts[address]?.balance;
  const native: TokenRow = {
    key: 'native',
    symbol: ticker,
    name: networkName,
    logo: null,
    displayBalance:
      wei === undefined ? null : formatTokenAmount(wei, 18, displayDecimals(ticker, ticker)),
    fiatValue: wei === undefined ? null : fiatOf(BigInt(wei).toString(), 18, rate),
    displayFiat: null,
    customTokenId: null,
  };
  // Token rates are in the rates controller's currency; shown only when that is the user's.
  const ratesApply =
    state.TokenRatesController.currency.toLowerCase() ===
    state.CurrencyController.currentCurrency.toLowerCase();
  const tokens = (state.TokensController.tokens[address] ?? []).map((token): TokenRow => {
    const tokenRate = ratesApply
      ? (state.TokenRatesController.tokenRates[token.tokenAddress.toLowerCase()] ?? 0)
      : 0;
    const units = BigInt(token.balance).toString();
    return {
      key: token.tokenAddress.toLowerCase(),
      symbol: token.symbol,
      name: token.name,
      logo: token.logo,
      displayBalance: formatTokenAmount(
        units,
        token.decimals,
        displayDecimals(token.symbol, ticker),
      ),
      fiatValue: fiatOf(units, token.decimals, tokenRate),
      displayFiat: null,
      customTokenId: token.customTokenId,
    };
  });
  tokens.sort((a, b) => (b.fiatValue ?? new BigNumber(-1)).comparedTo(a.fiatValue ?? -1) ?? 0);
  return [native, ...tokens].map((row) => ({
    ...row,
    displayFiat: row.fiatValue ? cents(row.fiatValue) : null,
  }));
}

/** The sum of the rows' fiat values, or null when none has a rate. */
export function totalFiat(rows: readonly TokenRow[]): string | null {
  const valued = rows.filter((row) => row.fiatValue !== null);
  if (valued.length === 0) return null;
  return cents(valued.reduce((sum, row) => sum.plus(row.fiatValue!), new BigNumber(0)));
}

/** The account's collectibles on this network, grouped by contract. */
export function collectibleContracts(state: HomeState): CollectibleContract[] {
  const address = state.PreferencesController.selectedAddress;
  return address ? (state.CollectiblesController.collectibles[address] ?? []) : [];
}

/** One contract by its address (any case), for the detail route; null when the account has none of it. */
export function findCollectibleContract(
  state: HomeState,
  contractAddress: string,
): CollectibleContract | null {
  const wanted = contractAddress.toLowerCase();
  return (
    collectibleContracts(state).find((contract) => contract.address.toLowerCase() === wanted) ??
    null
  );
}

/** 'Last update' text source: the rate's epoch seconds, or null when none is known ('N/A'). */
export function lastUpdate(state: Pick<UiState, 'CurrencyController'>): Date | null {
  const { conversionDate, conversionRate } = state.CurrencyController;
  if (!(conversionRate > 0) || typeof conversionDate !== 'number') return null;
  return new Date(conversionDate * 1000);
}
