// The add-token and add-collectible dialogs' logic and the folded spam group, pure so they are
// unit-tested without a browser (views.md §4.5, §4.6; spec part 1 §5 messages).
import type { UiState } from '../../background/contract/ui-state';
import { failureCode } from '../../background/contract/errors';
import { displayDecimals, formatTokenAmount } from '../format/amounts';
import { isAddress } from '../../shared/primitives';

/** The engine's asset refusals the dialogs word themselves (homeAssets.json). */
const ASSET_MESSAGES: Readonly<Record<string, string>> = {
  'asset.invalidContractAddress': 'homeAssets.errors.invalidContractAddress',
  'asset.duplicateToken': 'homeAssets.errors.duplicateToken',
  'asset.duplicateNft': 'homeAssets.errors.duplicateNft',
  'asset.nonExistentTokenId': 'homeAssets.errors.nonExistentTokenId',
  'asset.notOwned': 'homeAssets.errors.noOwnership',
  'asset.unsupportedStandard': 'homeAssets.errors.unSupportedStandard',
};

export interface AssetFailure {
  /** A homeAssets message key, or null to show `text` (the engine's own words) as is. */
  key: string | null;
  text: string;
}

/** What to tell the user when a preview or an add is refused. */
export function assetFailure(error: unknown): AssetFailure {
  const code = failureCode(error);
  const message = (error as { message?: unknown } | null)?.message;
  const text = typeof message === 'string' && message ? message : String(error);
  return { key: (code && ASSET_MESSAGES[code]) ?? null, text };
}

/** Checked before asking the engine: a field left empty (the engine checks the rest on chain). */
export function contractAddressError(address: string): string | null {
  if (address.trim() === '') return 'homeAssets.errors.addressRequired';
  // 0x and 40 hex digits: anything else cannot be a contract, no need to ask the chain.
  return isAddress(address.trim()) ? null : 'homeAssets.errors.invalidContractAddress';
}

/** A token id is a whole number (decimal, as wallets and explorers show it; 0 allowed). */
export function tokenIdError(tokenId: string): string | null {
  if (tokenId.trim() === '') return 'homeAssets.errors.tokenIdRequired';
  return /^\d{1,78}$/u.test(tokenId.trim()) ? null : 'homeAssets.errors.tokenIdFormat';
}

/** Decimals the user may type over the contract's: 0 to 36, whole. */
export function decimalsError(decimals: string): string | null {
  return /^\d{1,2}$/u.test(decimals.trim()) && Number(decimals) <= 36
    ? null
    : 'homeAssets.errors.decimalsRange';
}

/** The preview's balance in the spec's decimals for the symbol. */
export function previewBalance(
  balance: string,
  decimals: number,
  symbol: string,
  ticker: string,
): string {
  return formatTokenAmount(BigInt(balance).toString(), decimals, displayDecimals(symbol, ticker));
}

type SpamState = Pick<UiState, 'PreferencesController' | 'TokensController' | 'NetworkController'>;

/** One token of the folded group: hidden by the user, or likely spam by the engine's rules. */
export interface FoldedTokenRow {
  key: string;
  address: string;
  symbol: string;
  name: string;
  displayBalance: string;
  /** 'user' (hidden by the user), 'imitation' or 'unsolicited'. */
  reason: 'user' | 'imitation' | 'unsolicited';
}

/** The selected account's folded tokens on this network, in the engine's order. */
export function foldedTokenRows(state: SpamState): FoldedTokenRow[] {
  const address = state.PreferencesController.selectedAddress;
  if (!address) return [];
  const { ticker } = state.NetworkController.providerConfig;
  return (state.TokensController.spamTokens[address] ?? []).map((token) => ({
    key: token.tokenAddress.toLowerCase(),
    address: token.tokenAddress,
    symbol: token.symbol,
    name: token.name,
    displayBalance: previewBalance(token.balance, token.decimals, token.symbol, ticker),
    reason: token.spamReason ?? 'user',
  }));
}
