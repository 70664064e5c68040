import type { TransactionMeta } from './types';

/** The stored shape: by chain id, then by lowercase sender address, oldest first. */
export type TransactionsByChain = Record<string, Record<string, TransactionMeta[]>>;

/** Every stored transaction, of all chains and senders. */
export function allTransactions(transactions: TransactionsByChain): TransactionMeta[] {
  return Object.values(transactions).flatMap((byAddress) => Object.values(byAddress).flat());
}

/** The transactions of one chain and sender. */
export function transactionsOf(
  transactions: TransactionsByChain,
  chainId: string,
  from: string,
): readonly TransactionMeta[] {
  return transactions[chainId]?.[from.toLowerCase()] ?? [];
}

/** The stored transaction with this hash on this chain (case-insensitive), if any. */
export function findTransactionByHash(
  transactions: TransactionsByChain,
  chainId: string,
  hash: string,
): TransactionMeta | undefined {
  const wanted = hash.toLowerCase();
  for (const list of Object.values(transactions[chainId] ?? {})) {
    const found = list.find((tx) => tx.hash?.toLowerCase() === wanted);
    if (found) return found;
  }
  return undefined;
}
