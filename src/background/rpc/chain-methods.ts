import type { JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import { providerErrors, rpcErrors } from '@metamask/rpc-errors';
import type { Json, JsonRpcParams } from '@metamask/utils';

import { UNSUPPORTED_CHAIN_MESSAGE } from '../../controllers/network/errors';
import type { ProviderConfig } from '../../shared/networks';
import { methodMiddleware } from './method-middleware';
import {
  invalidParams,
  isPlainObject,
  networkState,
  paramsArray,
  type RpcContext,
} from './rpc-context';

const HEX_CHAIN_ID = /^0x[0-9a-fA-F]+$/;
/** How long the first RPC URL of an add-chain request may take to tell its chain id. */
const RPC_CHECK_TIMEOUT_MS = 10_000;

/** Lowercase hex without leading zeros, as the network controller stores chain ids. */
function canonicalHex(chainId: string): string {
  return `0x${BigInt(chainId).toString(16)}`;
}

function requireHexChainId(value: unknown, method: string): string {
  if (value === undefined || value === null || value === '') {
    throw invalidParams(`${method}: chainId is required.`);
  }
  if (typeof value !== 'string' || !HEX_CHAIN_ID.test(value) || BigInt(value) === 0n) {
    throw invalidParams(
      `${method}: chainId must be a valid hex string (for example 0x1), got ${JSON.stringify(value)}.`,
    );
  }
  const hex = canonicalHex(value);
  if (BigInt(hex) > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw invalidParams(`${method}: chainId ${value} is too large.`);
  }
  return hex;
}

const unsupportedChain = (chainId: string) =>
  providerErrors.custom({ code: 4902, message: UNSUPPORTED_CHAIN_MESSAGE, data: { chainId } });

/** An error thrown after the user approved: the spec's default message when it has none. */
function afterApprovalError(error: unknown, fallback: string): Error {
  const message = error instanceof Error && error.message ? error.message : fallback;
  return rpcErrors.internal({ message });
}

async function switchWithApproval(ctx: RpcContext, target: ProviderConfig): Promise<void> {
  const current = networkState(ctx).providerConfig;
  const { result } = ctx.messenger.call('ApprovalController:addRequest', {
    origin: ctx.origin,
    type: 'switch_chain',
    requestData: {
      fromChainId: current.chainId,
      fromNetworkName: current.networkName,
      chainId: target.chainId,
      networkName: target.networkName,
      rpcUrl: target.rpcUrl,
    },
  });
  await result; // a rejection is the user's 4001 'User denied switch chain request.'
  try {
    await ctx.messenger.call('NetworkController:switchToChain', target.chainId);
  } catch (error) {
    throw afterApprovalError(error, 'Something went wrong while approving switch chain request');
  }
}

/**
 * A request that names a chain (a transaction's chainId, typed data's domain) runs on that chain:
 * when it is not the active one, the user is asked to switch first; an unknown chain gives 4902.
 */
export async function ensureActiveChain(ctx: RpcContext, requested: unknown): Promise<void> {
  if (requested === undefined || requested === null) return;
  let hex: string;
  try {
    hex = canonicalHex(String(requested));
  } catch {
    throw invalidParams(`Invalid chainId ${JSON.stringify(requested)}.`);
  }
  if (hex === networkState(ctx).providerConfig.chainId) return;
  const target = ctx.messenger.call('NetworkController:findNetworkByChainId', hex);
  if (!target) throw unsupportedChain(hex);
  await switchWithApproval(ctx, target);
}

type AddChainParams = {
  chainId: string;
  chainName: string;
  rpcUrl: string;
  ticker: string;
  tickerName: string;
  decimals: number;
  blockExplorerUrl: string;
};

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** EIP-3085 params, with the spec's rules; each missing or malformed field gets its own message. */
function validateAddChain(params: unknown): AddChainParams {
  const method = 'wallet_addEthereumChain';
  const [request] = paramsArray(params);
  if (!isPlainObject(request))
    throw invalidParams(`${method} expects [{chainId, chainName, rpcUrls, nativeCurrency}].`);
  const chainId = requireHexChainId(request.chainId, method);
  const { rpcUrls, nativeCurrency, chainName, blockExplorerUrls } = request;
  if (!Array.isArray(rpcUrls) || rpcUrls.length === 0) {
    throw invalidParams(`${method}: rpcUrls must be a non-empty array.`);
  }
  const [rpcUrl] = rpcUrls as unknown[];
  if (!isHttpUrl(rpcUrl)) throw invalidParams(`${method}: rpcUrls[0] must be an http(s) URL.`);
  if (!isPlainObject(nativeCurrency)) throw invalidParams(`${method}: nativeCurrency is required.`);
  const { name, symbol, decimals } = nativeCurrency;
  if (typeof name !== 'string' || !name.trim())
    throw invalidParams(`${method}: nativeCurrency.name is required.`);
  if (typeof symbol !== 'string' || !symbol.trim()) {
    throw invalidParams(`${method}: nativeCurrency.symbol is required.`);
  }
  if (symbol.trim().length < 2 || symbol.trim().length > 6) {
    throw invalidParams(`${method}: nativeCurrency.symbol must be 2 to 6 characters.`);
  }
  if (
    typeof decimals !== 'number' ||
    !Number.isInteger(decimals) ||
    decimals < 0 ||
    decimals > 36
  ) {
    throw invalidParams(`${method}: nativeCurrency.decimals is required (an integer).`);
  }
  if (chainName !== undefined && typeof chainName !== 'string') {
    throw invalidParams(`${method}: chainName must be a string.`);
  }
  let blockExplorerUrl = '';
  if (blockExplorerUrls !== undefined && blockExplorerUrls !== null) {
    if (!Array.isArray(blockExplorerUrls))
      throw invalidParams(`${method}: blockExplorerUrls must be an array.`);
    const [first] = blockExplorerUrls as unknown[];
    if (first !== undefined && !isHttpUrl(first)) {
      throw invalidParams(`${method}: blockExplorerUrls[0] must be an http(s) URL.`);
    }
    blockExplorerUrl = first ?? '';
  }
  return {
    chainId,
    chainName: chainName?.trim() || `Chain ${BigInt(chainId).toString()}`,
    rpcUrl,
    ticker: symbol.trim(),
    tickerName: name.trim(),
    decimals,
    blockExplorerUrl,
  };
}

/** The chain id the RPC URL itself reports (eth_chainId), as canonical hex. */
async function fetchChainId(ctx: RpcContext, rpcUrl: string): Promise<string> {
  let body: unknown;
  try {
    const response = await ctx.fetchFn(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(RPC_CHECK_TIMEOUT_MS),
    });
    body = await response.json();
  } catch (error) {
    throw invalidParams(`Could not fetch the chain id from ${rpcUrl}: ${(error as Error).message}`);
  }
  const result = isPlainObject(body) ? body.result : undefined;
  if (typeof result !== 'string' || !HEX_CHAIN_ID.test(result)) {
    throw invalidParams(`Could not fetch the chain id from ${rpcUrl}: no eth_chainId answer.`);
  }
  return canonicalHex(result);
}

async function addEthereumChain(ctx: RpcContext, params: unknown): Promise<null> {
  const request = validateAddChain(params);
  const { messenger } = ctx;
  // Idempotent for a chain the wallet knows: at most an offer to switch to it.
  const known = messenger.call('NetworkController:findNetworkByChainId', request.chainId);
  if (known) {
    if (known.chainId !== networkState(ctx).providerConfig.chainId)
      await switchWithApproval(ctx, known);
    return null;
  }
  const received = await fetchChainId(ctx, request.rpcUrl);
  if (received !== request.chainId) {
    throw invalidParams(
      `Provided rpc url's chainId version is not matching with provided chainId, expected: ${request.chainId}, received: ${received}`,
    );
  }
  const { result } = messenger.call('ApprovalController:addRequest', {
    origin: ctx.origin,
    type: 'add_chain',
    requestData: { ...request },
  });
  await result; // 4001 'User denied add chain request.' on reject
  let added: ProviderConfig | undefined;
  try {
    messenger.call('NetworkController:addCustomNetwork', {
      networkName: request.chainName,
      host: request.rpcUrl,
      chainId: request.chainId,
      symbol: request.ticker,
      blockExplorer: request.blockExplorerUrl,
    });
    added = messenger.call('NetworkController:findNetworkByChainId', request.chainId);
  } catch (error) {
    throw afterApprovalError(error, 'Something went wrong while approving add chain request');
  }
  if (!added) throw rpcErrors.internal('Something went wrong while approving add chain request');
  // Then the offer to switch; declining it leaves the chain added, which is what was asked.
  try {
    await switchWithApproval(ctx, added);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 4001) throw error;
  }
  return null;
}

async function switchEthereumChain(ctx: RpcContext, params: unknown): Promise<null> {
  const method = 'wallet_switchEthereumChain';
  const [request] = paramsArray(params);
  if (!isPlainObject(request)) throw invalidParams(`${method} expects [{chainId}].`);
  const chainId = requireHexChainId(request.chainId, method);
  await ensureActiveChain(ctx, chainId);
  return null;
}

/** wallet_addEthereumChain (EIP-3085) and wallet_switchEthereumChain (EIP-3326). */
export function createChainMiddleware(ctx: RpcContext): JsonRpcMiddleware<JsonRpcParams, Json> {
  return methodMiddleware({
    wallet_addEthereumChain: (req) => addEthereumChain(ctx, req.params),
    wallet_switchEthereumChain: (req) => switchEthereumChain(ctx, req.params),
  });
}
