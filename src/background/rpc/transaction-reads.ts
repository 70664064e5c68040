import { createAsyncMiddleware, type JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import type { Json, JsonRpcParams } from '@metamask/utils';

import type { TransactionMeta } from '../../controllers/transactions/types';
import { callAction, isAddress, networkState, paramsArray, type RpcContext } from './rpc-context';

const isMissingHandler = (error: unknown) =>
  error instanceof Error && /has not been registered/.test(error.message);

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

/**
 * Reads the wallet knows better than the node: the pending nonce counts this wallet's in-flight
 * transactions (the transaction controller's nonce tracker), and a transaction this wallet
 * submitted is found even before the node returns it. Without a transaction controller wired,
 * both go to the node as they are.
 */
export function createTransactionReadsMiddleware(
  ctx: RpcContext,
): JsonRpcMiddleware<JsonRpcParams, Json> {
  return createAsyncMiddleware(async (req, res, next) => {
    if (req.method === 'eth_getTransactionCount') {
      const [address, block] = paramsArray(req.params);
      if (block !== 'pending' || !isAddress(address)) return next();
      try {
        const nonce = await callAction<Promise<number>>(
          ctx,
          'TransactionController:getNextNonce',
          address,
        );
        res.result = `0x${nonce.toString(16)}`;
        return;
      } catch (error) {
        if (isMissingHandler(error)) return next();
        throw error;
      }
    }
    if (req.method === 'eth_getTransactionByHash') {
      await next();
      const [hash] = paramsArray(req.params);
      if (res.error || res.result !== null || typeof hash !== 'string') return;
      let transactions: Record<string, TransactionMeta>;
      try {
        ({ transactions } = callAction<{ transactions: Record<string, TransactionMeta> }>(
          ctx,
          'TransactionController:getState',
        ));
      } catch {
        return;
      }
      const chainId = networkState(ctx).providerConfig.chainId;
      const local = Object.values(transactions).find(
        (tx) => tx.chainId === chainId && tx.hash?.toLowerCase() === hash.toLowerCase(),
      );
      if (local && (local.status === 'submitted' || local.status === 'signed')) {
        res.result = toRpcTransaction(local);
      }
      return;
    }
    await next();
  });
}
