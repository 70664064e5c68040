import type { ChainAccess } from './chain-access';
import { PendingTransactionTracker } from './pending-tracker';
import type { TransactionStore } from './transaction-store';
import { FINAL_STATUSES, type TransactionMeta, type TransactionReceipt } from './types';

export type TransactionWarning = {
  transactionMeta: TransactionMeta;
  error: string;
  message: string;
};

/**
 * Confirms a transaction; its siblings (same chain, sender and nonce) that are in flight can never
 * be mined now: they are dropped, replaced by its hash.
 */
export function confirmTransaction(
  store: TransactionStore,
  id: string,
  receipt: TransactionReceipt,
  baseFeePerGas?: string,
): void {
  const confirmed = store.setStatus(
    id,
    'confirmed',
    'transactions/pending-tracker: confirmed',
    (draft) => {
      draft.txReceipt = receipt;
      if (baseFeePerGas) draft.baseFeePerGas = baseFeePerGas;
    },
  );
  if (!confirmed) return;
  for (const other of store.of(confirmed.chainId, confirmed.txParams.from)) {
    if (other.id === id || other.txParams.nonce !== confirmed.txParams.nonce) continue;
    if (FINAL_STATUSES.includes(other.status) || other.status === 'unapproved') continue;
    store.setStatus(
      other.id,
      'dropped',
      'transactions: replaced by a confirmed transaction',
      (d) => {
        d.replacedBy = confirmed.hash;
      },
    );
  }
}

/** The pending tracker wired to the store: submitted transactions of the selected chain. */
export function createPendingTracker(
  store: TransactionStore,
  chain: ChainAccess,
  onWarning: (warning: TransactionWarning) => void,
): PendingTransactionTracker {
  return new PendingTransactionTracker({
    getProvider: () => chain.provider(),
    getPendingTransactions: () =>
      store
        .all()
        .filter((tx) => tx.status === 'submitted' && tx.chainId === chain.currentChainId()),
    getTransactionsOf: (chainId, from) => store.of(chainId, from),
    getTransaction: (id) => store.find(id),
    onConfirmed: (id, receipt, baseFeePerGas) =>
      confirmTransaction(store, id, receipt, baseFeePerGas),
    onFailed: (id, message, receipt) => store.fail(id, new Error(message), receipt),
    onDropped: (id, replacedBy) => {
      store.setStatus(id, 'dropped', 'transactions/pending-tracker: dropped', (draft) => {
        if (replacedBy) draft.replacedBy = replacedBy;
      });
    },
    onRetried: (id, firstRetryBlockNumber, retryCount) => {
      store.update(id, 'transactions/pending-tracker: resubmission', (draft) => {
        draft.firstRetryBlockNumber = firstRetryBlockNumber;
        draft.retryCount = retryCount;
      });
    },
    onWarning: (id, error, message) => {
      const tx = store.update(id, 'transactions/pending-tracker: warning', (draft) => {
        draft.warning = { error, message };
      });
      if (tx) onWarning({ transactionMeta: tx, error, message });
    },
  });
}
