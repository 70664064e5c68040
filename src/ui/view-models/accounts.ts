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

/** One account as the account menu lists it. */
export interface AccountRow {
  address: string;
  shortAddress: string;
  /** normal | threshold | app_scoped | imported: the label key is `accountMenu.types.<type>`. */
  accountType: string;
  displayBalance: string | null;
  selected: boolean;
  /** The user's default account (set for the selected address's settings). */
  isDefault: boolean;
}

/** The keyring's accounts in their order, with balances, the selected and the default one marked. */
export function accountRows(
  state: Pick<
    UiState,
    | 'KeyringController'
    | 'PreferencesController'
    | 'AccountTrackerController'
    | 'NetworkController'
    | 'UserRecordController'
  >,
): AccountRow[] {
  const selected = state.PreferencesController.selectedAddress;
  const { ticker } = state.NetworkController.providerConfig;
  const defaultAddress = selected
    ? (state.UserRecordController.identities[selected]?.defaultPublicAddress ?? null)
    : null;
  return state.KeyringController.accounts.map(({ address, accountType }) => {
    const lower = address.toLowerCase();
    const balance = state.AccountTrackerController.accounts[lower]?.balance;
    return {
      address: lower,
      shortAddress: shortenAddress(lower),
      accountType,
      displayBalance:
        balance === undefined
          ? null
          : formatTokenAmount(balance, 18, displayDecimals(ticker, ticker)),
      selected: lower === selected,
      isDefault: lower === defaultAddress?.toLowerCase(),
    };
  });
}

/** The file name a keystore export is saved under (geth's UTC--<date>--<address> form). */
export function keystoreFileName(address: string, now: Date): string {
  const stamp = now.toISOString().replace(/:/g, '-');
  return `UTC--${stamp}--${address.toLowerCase().replace(/^0x/, '')}.json`;
}
