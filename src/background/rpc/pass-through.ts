import { createAsyncMiddleware, type JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import { providerErrors } from '@metamask/rpc-errors';
import type { Json, JsonRpcParams } from '@metamask/utils';

import { NETWORK_LOADING_MESSAGE } from '../../controllers/transactions/constants';
import { networkProvider, networkState, type RpcContext } from './rpc-context';

/**
 * The only methods a dapp may send to the node without asking the user: the standard chain reads
 * (ethereum/execution-apis), the client's version, and transactions the dapp signed itself.
 * Everything else answers 4200, so that no node method (admin, debug, node accounts, unsigned or
 * node-signed sends, ones a node adds later) is ever reachable through the wallet. Methods the
 * wallet answers itself (accounts, signing, eth_sendTransaction with approval, filters and
 * subscriptions, chain id) are handled by earlier middleware and never get here.
 */
export const PASS_THROUGH_METHODS: ReadonlySet<string> = new Set([
  // Blocks and transactions
  'eth_blockNumber',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getUncleByBlockHashAndIndex',
  'eth_getUncleByBlockNumberAndIndex',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  // State
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getProof',
  // Execution without a transaction
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_simulateV1',
  // Fees
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  // Chain and client
  'eth_chainId',
  'eth_syncing',
  'net_version',
  'web3_clientVersion',
  // Transactions the dapp signed itself: nothing of the wallet's is used.
  'eth_sendRawTransaction',
  'eth_sendRawTransactionSync',
]);

/**
 * The last middleware: an allowlisted method goes to the selected network's client, with its
 * per-block cache; any other method that no earlier middleware answered is unsupported (4200).
 */
export function createPassThroughMiddleware(
  ctx: RpcContext,
): JsonRpcMiddleware<JsonRpcParams, Json> {
  return createAsyncMiddleware(async (req, res) => {
    const { method } = req;
    if (!PASS_THROUGH_METHODS.has(method)) {
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
