import type { JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import { rpcErrors } from '@metamask/rpc-errors';
import type { Json, JsonRpcParams } from '@metamask/utils';

import { AssetError, AssetFailure } from '../../controllers/assets/asset-errors';
import { isValidAddress } from '../../controllers/transactions/hex';
import { methodMiddleware } from './method-middleware';
import { invalidParams, isPlainObject, networkState, type RpcContext } from './rpc-context';

export const WATCH_ASSET_MESSAGES = {
  badType: 'Invalid watch asset params: only erc20/erc721/erc1155 asset types are supported.',
  noAddress: 'asset address is required.',
  noId: 'asset id is required.',
  badAddress: (address: string) => `Invalid asset address ${address}`,
  failed: 'Something went wrong while watching asset',
} as const;

type WatchRequest = {
  type: 'erc20' | 'erc721' | 'erc1155';
  address: string;
  tokenId?: string;
  symbol?: string;
  decimals?: number;
  image?: string;
};

/** EIP-747 params `{type, options: {address, symbol, decimals, image, tokenId|id}}`, spec messages. */
function validateWatchAsset(params: unknown): WatchRequest {
  const request = Array.isArray(params) ? (params as unknown[])[0] : params;
  if (!isPlainObject(request)) throw invalidParams(WATCH_ASSET_MESSAGES.badType);
  const type = typeof request.type === 'string' ? request.type.toLowerCase() : '';
  if (type !== 'erc20' && type !== 'erc721' && type !== 'erc1155') {
    throw invalidParams(WATCH_ASSET_MESSAGES.badType);
  }
  const options = isPlainObject(request.options) ? request.options : {};
  const { address, symbol, decimals, image } = options;
  if (address === undefined || address === null || address === '') {
    throw invalidParams(WATCH_ASSET_MESSAGES.noAddress);
  }
  if (!isValidAddress(address))
    throw invalidParams(WATCH_ASSET_MESSAGES.badAddress(String(address)));
  const rawId = options.tokenId ?? options.id;
  let tokenId: string | undefined;
  if (type !== 'erc20') {
    if (rawId === undefined || rawId === null || rawId === '')
      throw invalidParams(WATCH_ASSET_MESSAGES.noId);
    try {
      const id = BigInt(rawId as string | number);
      if (id < 0n) throw new Error('negative');
      tokenId = id.toString();
    } catch {
      throw invalidParams(`Invalid asset id ${String(rawId)}`);
    }
  }
  if (symbol !== undefined && (typeof symbol !== 'string' || symbol.length > 11)) {
    throw invalidParams(
      'Invalid watch asset params: symbol must be a string of at most 11 characters.',
    );
  }
  if (
    decimals !== undefined &&
    (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 36)
  ) {
    throw invalidParams('Invalid watch asset params: decimals must be an integer from 0 to 36.');
  }
  if (image !== undefined && typeof image !== 'string') {
    throw invalidParams('Invalid watch asset params: image must be a URL string.');
  }
  return {
    type,
    address: address.toLowerCase(),
    ...(tokenId !== undefined ? { tokenId } : {}),
    ...(typeof symbol === 'string' ? { symbol } : {}),
    ...(typeof decimals === 'number' ? { decimals } : {}),
    ...(typeof image === 'string' ? { image } : {}),
  };
}

/** What the prompt shows besides the request: read from the chain by the assets controllers. */
type CheckedAsset = WatchRequest & {
  name?: string;
  description?: string | null;
  /** ERC-20: the account's balance, 0x hex; NFTs: how many it holds, decimal. */
  balance?: string;
};

/**
 * The assets controllers' own checks: a contract on the active chain, for NFTs of the asked
 * standard and held by the account; missing symbol and decimals are read from the token. A repeat
 * of an asset already added is fine (the add is silent then).
 */
async function checkOnChain(ctx: RpcContext, asset: WatchRequest): Promise<CheckedAsset> {
  const badAddress = () => invalidParams(WATCH_ASSET_MESSAGES.badAddress(asset.address));
  try {
    if (asset.type === 'erc20') {
      const token = await ctx.messenger.call('TokensController:readTokenMetadata', asset.address, {
        allowDuplicate: true,
      });
      return {
        ...asset,
        ...(asset.symbol === undefined && token.symbol ? { symbol: token.symbol } : {}),
        decimals: asset.decimals ?? token.decimals,
        name: token.name,
        balance: token.balance,
      };
    }
    const nft = await ctx.messenger.call(
      'CollectiblesController:readCollectible',
      asset.address,
      asset.tokenId!,
      { allowDuplicate: true, standard: asset.type === 'erc721' ? 'ERC721' : 'ERC1155' },
    );
    return {
      ...asset,
      image: asset.image ?? nft.image,
      name: nft.name,
      description: nft.description,
      balance: nft.tokenBalance,
    };
  } catch (error) {
    if (!(error instanceof AssetError)) throw error;
    const { code } = error.data;
    if (code === AssetFailure.invalidContractAddress || code === AssetFailure.unsupportedStandard)
      throw badAddress();
    throw invalidParams(error.message);
  }
}

async function watchAsset(ctx: RpcContext, params: unknown): Promise<boolean> {
  const asset = await checkOnChain(ctx, validateWatchAsset(params));
  // The chain the asset was checked on; the add runs only if it is still the selected one.
  const { chainId } = networkState(ctx).providerConfig;
  const { result } = ctx.messenger.call('ApprovalController:addRequest', {
    origin: ctx.origin,
    type: 'watch_asset',
    requestData: { ...asset, chainId },
  });
  await result; // 4001 'User denied watch asset request.' on reject
  try {
    if (networkState(ctx).providerConfig.chainId !== chainId) {
      throw new Error('The network changed while the request was open.');
    }
    // Signed in, the asset is kept on the backend, else in the wallet; a failure reaches the dapp.
    if (asset.type === 'erc20') {
      await ctx.messenger.call(
        'TokensController:addCustomToken',
        {
          token_address: asset.address,
          ...(asset.symbol !== undefined ? { token_symbol: asset.symbol } : {}),
          ...(asset.decimals !== undefined ? { decimals: asset.decimals } : {}),
        },
        { allowDuplicate: true },
      );
    } else {
      await ctx.messenger.call(
        'CollectiblesController:addCustomNft',
        {
          nft_address: asset.address,
          nft_id: asset.tokenId!,
          ...(asset.image !== undefined ? { nft_image_link: asset.image } : {}),
        },
        { allowDuplicate: true },
      );
    }
  } catch (error) {
    throw rpcErrors.internal({
      message: (error as Error).message || WATCH_ASSET_MESSAGES.failed,
    });
  }
  return true;
}

/** wallet_watchAsset (EIP-747): ERC-20, ERC-721 and ERC-1155, checked on chain, then approved. */
export function createWatchAssetMiddleware(
  ctx: RpcContext,
): JsonRpcMiddleware<JsonRpcParams, Json> {
  return methodMiddleware({ wallet_watchAsset: (req) => watchAsset(ctx, req.params) });
}
