// What the transfer form can send (views.md §3.14 "Asset to send"): the native coin, the
// account's ERC-20 tokens, and its ERC-721 / ERC-1155 collectibles. Pure, so the picker's
// options, the query-parameter prefill and the send request are unit-tested without a browser.
import type { SendAssetRequest } from '../../background/contract/action-api';
import type { UiState } from '../../background/contract/ui-state';

export type TransferAssetState = Pick<
  UiState,
  | 'PreferencesController'
  | 'AccountTrackerController'
  | 'NetworkController'
  | 'TokensController'
  | 'CollectiblesController'
  | 'WhiteLabelController'
>;

interface AssetBase {
  /** 'native', the lowercase token contract, or `nft:<contract>:<tokenId>`. */
  key: string;
  /** What the picker shows. */
  label: string;
  /** What the amount is counted in. */
  symbol: string;
  /** Whole units shown = base units / 10^decimals (0 for collectibles: they are counted). */
  decimals: number;
  balance: bigint;
}

export type TransferAsset =
  | (AssetBase & { kind: 'native'; contract: null })
  | (AssetBase & { kind: 'erc20'; contract: string })
  | (AssetBase & { kind: 'erc721' | 'erc1155'; contract: string; tokenId: string });

/** A typical collectible transfer, only to show a fee before the engine's estimate is known. */
export const NFT_TRANSFER_GAS_GUESS = 120_000n;

export const collectibleKey = (contract: string, tokenId: string) =>
  `nft:${contract.toLowerCase()}:${tokenId}`;

/**
 * The picker's choices, native coin first. 'ETH-transfer-only' (white label) keeps only the
 * native coin. Collectibles the account no longer holds (balance 0) are left out.
 */
export function transferAssets(state: TransferAssetState): {
  native: TransferAsset;
  tokens: TransferAsset[];
  collectibles: TransferAsset[];
} {
  const address = state.PreferencesController.selectedAddress ?? '';
  const { ticker } = state.NetworkController.providerConfig;
  const native: TransferAsset = {
    kind: 'native',
    key: 'native',
    label: ticker,
    symbol: ticker,
    decimals: 18,
    balance: BigInt(state.AccountTrackerController.accounts[address]?.balance ?? '0x0'),
    contract: null,
  };
  if (state.WhiteLabelController.whiteLabel.ethTransferOnly === true) {
    return { native, tokens: [], collectibles: [] };
  }
  const tokens = (state.TokensController.tokens[address] ?? []).map((token): TransferAsset => ({
    kind: 'erc20',
    key: token.tokenAddress.toLowerCase(),
    label: token.symbol,
    symbol: token.symbol,
    decimals: token.decimals,
    balance: BigInt(token.balance),
    contract: token.tokenAddress,
  }));
  const collectibles = (state.CollectiblesController.collectibles[address] ?? []).flatMap(
    (contract) =>
      contract.assets
        .filter((nft) => /^[0-9]{1,78}$/u.test(nft.tokenBalance) && BigInt(nft.tokenBalance) > 0n)
        .map((nft): TransferAsset => ({
          kind: nft.standard === 'ERC1155' ? 'erc1155' : 'erc721',
          key: collectibleKey(contract.address, nft.tokenId),
          label: nft.name,
          symbol: contract.symbol || contract.name,
          decimals: 0,
          balance: BigInt(nft.tokenBalance),
          contract: contract.address,
          tokenId: nft.tokenId,
        })),
  );
  return { native, tokens, collectibles };
}

/**
 * The asset the link asks for (views.md §3.14 query parameters): `contract` + `tokenId` for a
 * collectible, `token` (contract or ticker) for a coin; else the native coin.
 */
export function initialAssetKey(
  assets: readonly TransferAsset[],
  params: { token: string | null; contract: string | null; tokenId: string | null },
): string {
  if (params.contract && params.tokenId) {
    const key = collectibleKey(params.contract, params.tokenId);
    if (assets.some((asset) => asset.key === key)) return key;
  }
  const token = params.token?.toLowerCase();
  return (
    assets.find(
      (asset) =>
        asset.kind !== 'erc721' &&
        asset.kind !== 'erc1155' &&
        (asset.key === token || asset.symbol.toLowerCase() === token),
    )?.key ?? 'native'
  );
}

export const isCollectible = (
  asset: TransferAsset,
): asset is Extract<TransferAsset, { kind: 'erc721' | 'erc1155' }> =>
  asset.kind === 'erc721' || asset.kind === 'erc1155';

/** Whether the form asks for an amount: not for an ERC-721 (one token, always the whole of it). */
export const needsAmount = (asset: TransferAsset) => asset.kind !== 'erc721';

/** The engine's request for this asset; `amount` in base units (ignored for an ERC-721). */
export function sendRequest(asset: TransferAsset, to: string, amount: bigint): SendAssetRequest {
  switch (asset.kind) {
    case 'native':
      return { kind: 'native', to, amount: amount.toString() };
    case 'erc20':
      return { kind: 'erc20', contract: asset.contract, to, amount: amount.toString() };
    case 'erc721':
      return { kind: 'erc721', contract: asset.contract, to, tokenId: asset.tokenId };
    case 'erc1155':
      return {
        kind: 'erc1155',
        contract: asset.contract,
        to,
        tokenId: asset.tokenId,
        amount: amount.toString(),
      };
  }
}
