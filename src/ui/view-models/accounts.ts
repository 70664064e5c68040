import type { UiState } from '../../background/contract/ui-state';
import { displayDecimals, formatTokenAmount } from '../format/amounts';

export interface SelectedAccount {
  /** Lowercase 0x address. */
  address: string;
  /** `0x1234…abcd`, for places too narrow for the whole address. */
  shortAddress: string;
  /** The native balance in whole units with the spec's decimals, or null until it is read. */
  displayBalance: string | null;
  ticker: string;
}

/** `0x1234…abcd`: the first 4 and last 4 hex digits. The full address stays available to assistive tech. */
export function shortenAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** The selected account with its native balance (3 decimals in the network's ticker, spec part 1 §5). */
export function selectedAccount(
  state: Pick<UiState, 'PreferencesController' | 'AccountTrackerController' | 'NetworkController'>,
): SelectedAccount | null {
  const address = state.PreferencesController.selectedAddress;
  if (!address) return null;
  const { ticker } = state.NetworkController.providerConfig;
  const balance = state.AccountTrackerController.accounts[address]?.balance;
  return {
    address,
    shortAddress: shortenAddress(address),
    displayBalance:
      balance === undefined
        ? null
        : formatTokenAmount(balance, 18, displayDecimals(ticker, ticker)),
    ticker,
  };
}
