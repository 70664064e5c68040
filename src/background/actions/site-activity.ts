/**
 * A site's recent activity for the embed widget's panel (views.md §3.5, "latest activity"): the
 * panel sits inside the site's page, so it lists only what that site may see, its own
 * transactions, from the one account it is shown now, on the network it is on. Another site's
 * transactions, the wallet's own sends and the user's other accounts never appear.
 */
import type { TransactionMeta, TransactionStatus } from '../../controllers/transactions/types';
import type { Hex } from '../../shared/primitives';

export interface SiteActivityItem {
  id: string;
  /** Null until the transaction is signed and sent. */
  hash: string | null;
  to: string | null;
  /** Wei as 0x-hex. */
  value: Hex;
  status: TransactionStatus;
  time: number;
}

/** How many the panel shows: the latest few, not a history. */
export const SITE_ACTIVITY_LIMIT = 3;

// Waiting for the user (unapproved) or deleted (rejected): not activity yet.
const HIDDEN: ReadonlySet<TransactionStatus> = new Set(['unapproved', 'rejected']);

export function siteActivity(
  transactions: Iterable<TransactionMeta>,
  shown: { origin: string; account: string | null; chainId: string },
): SiteActivityItem[] {
  const account = shown.account?.toLowerCase();
  if (!account) return [];
  return [...transactions]
    .filter(
      (tx) =>
        tx.origin === shown.origin &&
        tx.chainId === shown.chainId &&
        tx.txParams.from?.toLowerCase() === account &&
        !HIDDEN.has(tx.status),
    )
    .sort((a, b) => b.time - a.time)
    .slice(0, SITE_ACTIVITY_LIMIT)
    .map((tx) => ({
      id: tx.id,
      hash: tx.hash ?? null,
      to: tx.txParams.to ?? null,
      value: (tx.txParams.value ?? '0x0') as Hex,
      status: tx.status,
      time: tx.time,
    }));
}
