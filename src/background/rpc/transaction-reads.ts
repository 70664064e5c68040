import { createAsyncMiddleware, type JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import type { Json, JsonRpcParams } from '@metamask/utils';

import { isValidAddress } from '../../controllers/transactions/hex';
import type { TransactionMeta } from '../../controllers/transactions/types';
import { networkState, paramsArray, type RpcContext } from './rpc-context';

/** A local transaction as eth_getTransactionByHash shapes a pending one. */
function toRpcTransaction(tx: TransactionMeta): Json {
  const { txParams } = tx;
  const shaped: Record<string, Json> = {
    hash: tx.hash ?? null,
    from: txParams.from,
    to: txParams.to ?? null,
    value: txParams.value ?? '0x0',
    input: txParams.data ?? '0x',
    nonce: txParams.nonce ?? '0x0',
    gas: txParams.gas ?? '0x0',
    type: txParams.type ?? '0x0',
    chainId: tx.chainId,
    blockHash: null,
    blockNumber: null,
    transactionIndex: null,
  };
  if (txParams.gasPrice) shaped.gasPrice = txParams.gasPrice;
  if (txParams.maxFeePerGas) shaped.maxFeePerGas = txParams.maxFeePerGas;
  if (txParams.maxPriorityFeePerGas) shaped.maxPriorityFeePerGas = txParams.maxPriorityFeePerGas;
  if (tx.r) shaped.r = tx.r;
  if (tx.s) shaped.s = tx.s;
  if (tx.v) shaped.v = tx.v;
  return shaped;
}

/** This wallet's signed or submitted transaction with this hash on the active chain. */
function findLocal(ctx: RpcContext, hash: string): TransactionMeta | undefined {
  const { transactions } = ctx.messenger.call('TransactionController:getState');
  const chainId = networkState(ctx).providerConfig.chainId;
  const wanted = hash.toLowerCase();
  return Object.values(transactions[chainId] ?? {})
    .flat()
    .find(
      (tx) =>
        tx.hash?.toLowerCase() === wanted && (tx.status === 'submitted' || tx.status === 'signed'),
    );
}

/**
 * Reads the wallet knows better than the node: the pending nonce counts this wallet's in-flight
 * transactions (the transaction controller's nonce tracker), and a transaction this wallet
 * submitted is found even when the node does not return it (yet, or any more).
 */
export function createTransactionReadsMiddleware(
  ctx: RpcContext,
): JsonRpcMiddleware<JsonRpcParams, Json> {
  return createAsyncMiddleware(async (req, res, next) => {
    if (req.method === 'eth_getTransactionCount') {
      const [address, block] = paramsArray(req.params);
      if (block !== 'pending' || !isValidAddress(address)) return next();
      const nonce = await ctx.messenger.call('TransactionController:getNextNonce', address);
      res.result = `0x${nonce.toString(16)}`;
      return;
    }
    if (req.method === 'eth_getTransactionByHash') {
      await next();
      const [hash] = paramsArray(req.params);
      if (res.error || res.result !== null || typeof hash !== 'string') return;
      const local = findLocal(ctx, hash);
      if (local) res.result = toRpcTransaction(local);
      return;
    }
    await next();
  });
}
