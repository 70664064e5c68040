import { FINAL_STATUSES } from './types';
import type { TransactionMeta } from './types';

/** A nonce group: transactions sharing a nonce (or, before one is assigned, just one transaction). */
function groupKey(tx: TransactionMeta): string {
  return tx.txParams.nonce !== undefined
    ? `nonce:${BigInt(tx.txParams.nonce).toString()}`
    : `id:${tx.id}`;
}

/**
 * Keeps at most `maxGroups` nonce groups for one chain and sender, removing the oldest whole
 * groups first. A group that holds an unapproved or in-flight transaction is never removed, even
 * when that leaves more than `maxGroups`.
 */
export function trimNonceGroups(
  transactions: readonly TransactionMeta[],
  maxGroups: number,
): TransactionMeta[] {
  const groups = new Map<string, TransactionMeta[]>();
  for (const tx of transactions) {
    const key = groupKey(tx);
    const group = groups.get(key);
    if (group) group.push(tx);
    else groups.set(key, [tx]);
  }
  // Unapproved transactions have no nonce yet and are never trimmed: they do not count.
  const counted = [...groups.entries()].filter(
    ([, group]) => !group.every((tx) => tx.status === 'unapproved'),
  );
  if (counted.length <= maxGroups) return [...transactions];
  const removable = counted
    .filter(([, group]) => group.every((tx) => FINAL_STATUSES.includes(tx.status)))
    .map(([key, group]) => ({ key, newest: Math.max(...group.map((tx) => tx.time)) }))
    .sort((a, b) => a.newest - b.newest);
  let excess = counted.length - maxGroups;
  const drop = new Set<string>();
  for (const { key } of removable) {
    if (excess <= 0) break;
    drop.add(key);
    excess -= 1;
  }
  return transactions.filter((tx) => !drop.has(groupKey(tx)));
}
