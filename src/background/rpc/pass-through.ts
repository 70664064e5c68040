import { createAsyncMiddleware, type JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import { providerErrors } from '@metamask/rpc-errors';
import type { Json, JsonRpcParams } from '@metamask/utils';

import { NETWORK_LOADING_MESSAGE } from '../../controllers/transactions/constants';
import { networkProvider, networkState, type RpcContext } from './rpc-context';

/** Node administration namespaces a dapp must never reach through the wallet. */
const FORBIDDEN_PREFIXES = [
  'anvil_',
  'evm_',
  'hardhat_',
  'ganache_',
  'debug_',
  'admin_',
  'miner_',
  'personal_',
  'txpool_',
  'engine_',
  'clique_',
  'parity_',
  'trace_',
];

/** Methods that would use the node's own accounts or keys (the wallet's are served earlier). */
const NODE_ACCOUNT_METHODS = new Set(['eth_signTransaction', 'eth_sendTransaction', 'eth_sign']);

/**
 * The last middleware: plain chain reads (and eth_sendRawTransaction) go to the selected
 * network's client, with its per-block cache; everything else is an unsupported method (4200).
 */
export function createPassThroughMiddleware(
  ctx: RpcContext,
): JsonRpcMiddleware<JsonRpcParams, Json> {
  return createAsyncMiddleware(async (req, res) => {
    const { method } = req;
    if (
      method.startsWith('wallet_') ||
      NODE_ACCOUNT_METHODS.has(method) ||
      FORBIDDEN_PREFIXES.some((prefix) => method.startsWith(prefix))
    ) {
      throw providerErrors.unsupportedMethod({ data: { method } });
    }
    if (networkState(ctx).networkStatus !== 'available') {
      throw providerErrors.chainDisconnected({ message: NETWORK_LOADING_MESSAGE });
    }
    // Node errors keep their own code (the network provider throws them as JsonRpcError).
    res.result = await networkProvider(ctx).request<Json>({
      method,
      params: req.params as Json[] | undefined,
    });
  });
}
