import type { JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import { rpcErrors } from '@metamask/rpc-errors';
import type { Json, JsonRpcParams } from '@metamask/utils';

import {
  hasCode,
  INTERFACE_IDS,
  readDecimals,
  readSymbol,
  supportsInterface,
} from '../../controllers/assets/contract-reads';
import type { WatchedAssetType } from '../../controllers/assets/WatchedAssetsController';
import { isValidAddress } from '../../controllers/transactions/hex';
import { methodMiddleware } from './method-middleware';
import {
  invalidParams,
  isPlainObject,
  networkProvider,
  networkState,
  type RpcContext,
} from './rpc-context';

export const WATCH_ASSET_MESSAGES = {
  badType: 'Invalid watch asset params: only erc20/erc721/erc1155 asset types are supported.',
  noAddress: 'asset address is required.',
  noId: 'asset id is required.',
  badAddress: (address: string) => `Invalid asset address ${address}`,
  failed: 'Something went wrong while watching asset',
} as const;

/** Spec part 2 §9: ERC20 default decimals. */
const DEFAULT_DECIMALS = 18;

type WatchRequest = {
  type: WatchedAssetType;
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

/** The contract must be on the active chain (it has code) and, for NFTs, say it is one. */
async function checkOnChain(ctx: RpcContext, asset: WatchRequest): Promise<WatchRequest> {
  const reader = networkProvider(ctx);
  if (!(await hasCode(reader, asset.address))) {
    throw invalidParams(WATCH_ASSET_MESSAGES.badAddress(asset.address));
  }
  if (asset.type !== 'erc20') {
    if (!(await supportsInterface(reader, asset.address, INTERFACE_IDS[asset.type]))) {
      throw invalidParams(WATCH_ASSET_MESSAGES.badAddress(asset.address));
    }
    return asset;
  }
  const symbol = asset.symbol ?? (await readSymbol(reader, asset.address));
  let decimals = asset.decimals;
  if (decimals === undefined) {
    const stated = await readDecimals(reader, asset.address);
    decimals = stated !== undefined && stated <= 36 ? stated : DEFAULT_DECIMALS;
  }
  return { ...asset, ...(symbol !== undefined ? { symbol } : {}), decimals };
}

async function watchAsset(ctx: RpcContext, params: unknown): Promise<boolean> {
  const asset = await checkOnChain(ctx, validateWatchAsset(params));
  // The chain the asset was checked on, also if the user switches while the prompt is open.
  const { providerConfig } = networkState(ctx);
  const { chainId } = providerConfig;
  const { result } = ctx.messenger.call('ApprovalController:addRequest', {
    origin: ctx.origin,
    type: 'watch_asset',
    requestData: { ...asset, chainId },
  });
  await result; // 4001 'User denied watch asset request.' on reject
  try {
    ctx.messenger.call('WatchedAssetsController:addAsset', {
      ...asset,
      chainId,
      origin: ctx.origin,
    });
    // Signed in to the backend, the asset is kept there too; its failure reaches the dapp.
    await ctx.messenger.call('BackendRecordsController:saveWatchedAsset', {
      ...asset,
      network: providerConfig.type === 'rpc' ? providerConfig.chainId : providerConfig.type,
    });
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
