/**
 * Settings' view logic (views.md §3.13): the custom-network form's checks, the permission list,
 * the currency choices and whether records are kept on the backend. Pure, unit-tested.
 */
import type { UiState } from '../../background/contract/ui-state';
import { SUPPORTED_CURRENCIES } from '../../shared/currencies';
import { BUILT_IN_NETWORKS } from '../../shared/networks';

export interface NetworkFormInput {
  networkName: string;
  host: string;
  chainId: string;
  symbol: string;
  blockExplorer: string;
}

export type NetworkFormErrors = Partial<Record<keyof NetworkFormInput, string>>;

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * A chain id as typed: hex when 0x-prefixed, decimal otherwise (spec part 1 §5), as a decimal
 * number; null when it is neither or not a positive safe integer.
 */
export function parseChainIdInput(text: string): number | null {
  const trimmed = text.trim();
  let value: number;
  if (/^0x[0-9a-f]+$/iu.test(trimmed)) value = Number.parseInt(trimmed.slice(2), 16);
  else if (/^[0-9]+$/u.test(trimmed)) value = Number.parseInt(trimmed, 10);
  else return null;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * Message keys of what is wrong with the form before the RPC is asked; `otherChainIds` are the
 * decimal chain ids of the other custom networks (a duplicate is refused).
 */
export function networkFormErrors(
  input: NetworkFormInput,
  otherChainIds: readonly number[],
): NetworkFormErrors {
  const errors: NetworkFormErrors = {};
  if (!input.networkName.trim()) errors.networkName = 'walletSettings.errors.required';
  if (!input.host.trim()) errors.host = 'walletSettings.errors.required';
  else if (!isHttpUrl(input.host.trim())) errors.host = 'walletSettings.errors.invalidUrl';
  const chainId = parseChainIdInput(input.chainId);
  if (!input.chainId.trim()) errors.chainId = 'walletSettings.errors.required';
  else if (chainId === null) errors.chainId = 'walletSettings.errors.invalidChainId';
  else if (otherChainIds.includes(chainId))
    errors.chainId = 'walletSettings.errors.duplicateChainId';
  if (input.symbol.trim() && !/^[A-Za-z0-9.$-]{1,10}$/u.test(input.symbol.trim()))
    errors.symbol = 'walletSettings.errors.invalidSymbol';
  if (input.blockExplorer.trim() && !isHttpUrl(input.blockExplorer.trim()))
    errors.blockExplorer = 'walletSettings.errors.invalidUrl';
  return errors;
}

/** The custom networks as settings lists them, with decimal chain ids. */
export function customNetworkRows(state: Pick<UiState, 'NetworkController'>) {
  const { customNetworks, providerConfig } = state.NetworkController;
  return Object.values(customNetworks).map((network) => ({
    ...network,
    chainIdDecimal: Number.parseInt(network.chainId, 16),
    selected: providerConfig.customNetworkId === network.id,
  }));
}

/** Names of the built-in networks, for the list at the top of the networks panel. */
export function builtInNetworkNames(): string[] {
  return Object.values(BUILT_IN_NETWORKS).map((network) => network.networkName);
}

/** Currencies to offer: the network's ticker first when it is not ETH, then the supported list. */
export function currencyOptions(ticker: string): string[] {
  const upper = ticker.toUpperCase();
  return [...new Set([...(upper === 'ETH' ? [] : [upper]), ...SUPPORTED_CURRENCIES])];
}

export interface PermissionRow {
  origin: string;
  accounts: string[];
  period: string;
  expiresAt: number;
  expired: boolean;
}

/** Granted sites, soonest expiry first; expired ones are marked (the engine prunes them soon). */
export function permissionRows(
  state: Pick<UiState, 'PermissionController'>,
  now: number,
): PermissionRow[] {
  return Object.values(state.PermissionController.grants)
    .map((grant) => ({
      origin: grant.origin,
      accounts: grant.accounts,
      period: grant.period,
      expiresAt: grant.expiresAt,
      expired: grant.expiresAt <= now,
    }))
    .sort((a, b) => a.expiresAt - b.expiresAt);
}

/** A site as typed in "grant a site": its origin, or null when it is not an http(s) URL. */
export function siteOrigin(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  try {
    // 'app.example:8443' has a port, not a scheme: a colon before digits is not one.
    const hasScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/iu.test(trimmed);
    const url = new URL(hasScheme ? trimmed : `https://${trimmed}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Whether the selected address is signed in to the backend (contacts are kept there). */
export function isSignedIn(
  state: Pick<UiState, 'PreferencesController' | 'BackendSessionController'>,
): boolean {
  const address = state.PreferencesController.selectedAddress;
  return Boolean(address && state.BackendSessionController.signedIn[address.toLowerCase()]);
}

/** The selected address's contacts on the backend. */
export function contactsOf(
  state: Pick<UiState, 'PreferencesController' | 'BackendRecordsController'>,
) {
  const address = state.PreferencesController.selectedAddress;
  return (address && state.BackendRecordsController.records[address.toLowerCase()]?.contacts) || [];
}

/** The selected address's crash-report setting (default on, spec part 2 §9). */
export function crashReportEnabled(
  state: Pick<UiState, 'PreferencesController' | 'UserRecordController'>,
): boolean {
  const address = state.PreferencesController.selectedAddress;
  if (!address) return true;
  return state.UserRecordController.identities[address]?.crashReport ?? true;
}
