// Which of the account's transactions just settled (issue #12: 'notify on confirmation and
// failure'). Pure: the notifier keeps the last statuses it saw and asks what changed, so a
// transaction already final when the wallet opened is never announced.
export type Settled = 'confirmed' | 'failed';

const SETTLED: Readonly<Record<string, Settled>> = {
  confirmed: 'confirmed',
  failed: 'failed',
  dropped: 'failed',
};

export interface TxStatus {
  id: string;
  status: string;
  hash?: string;
  txParams: { from: string };
}

/**
 * The transactions of `account` that moved from an unsettled status to confirmed or failed
 * (dropped counts as failed, unless a replacement of ours took its place: the replacement is
 * announced instead). `seen` is updated to the current statuses.
 */
export function newlySettled(
  seen: Map<string, string>,
  transactions: readonly (TxStatus & { replacedBy?: string })[],
  account: string,
): { id: string; hash: string | undefined; outcome: Settled }[] {
  const settled: { id: string; hash: string | undefined; outcome: Settled }[] = [];
  for (const tx of transactions) {
    const before = seen.get(tx.id);
    seen.set(tx.id, tx.status);
    if (tx.txParams.from.toLowerCase() !== account.toLowerCase()) continue;
    const outcome = SETTLED[tx.status];
    if (!outcome || before === undefined || before === tx.status || SETTLED[before]) continue;
    if (tx.status === 'dropped' && tx.replacedBy) continue;
    settled.push({ id: tx.id, hash: tx.hash, outcome });
  }
  return settled;
}
