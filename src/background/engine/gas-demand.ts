import type { GasFeeController } from '../../controllers/gas/GasFeeController';
import { realTimers, type TimerHandle, type Timers } from '../../controllers/polling/timers';
import { allTransactions } from '../../controllers/transactions/selectors';
import type { TransactionController } from '../../controllers/transactions/TransactionController';

/** The event followed: the root messenger, or a test's root with these controllers. */
export interface UnapprovedChangeSource {
  subscribe(event: 'TransactionController:stateChange', handler: () => void): void;
  unsubscribe(event: 'TransactionController:stateChange', handler: () => void): void;
}

/** How long one `showFees` keeps estimates polled: a screen showing fees renews it while open. */
export const FEES_SHOWN_MS = 45_000;

export interface GasDemand {
  /** The engine's view count went from none to some (true) or back (false). */
  setViewsOpen(open: boolean): void;
  /** A screen shows fee estimates (the transfer form): poll them for FEES_SHOWN_MS. */
  showFees(): void;
  /** Stops following and polling. */
  stop(): void;
}

/**
 * Gas fee estimates are shown where the user confirms a transaction or fills in a transfer, so
 * they are polled (every 30 s on chain, 15 s from the gas API) only while a view is open and a
 * transaction awaits the user's approval or a screen says it shows fees (a lease it renews, so a
 * closed page cannot leave polling on); a view showing only balances and assets costs the node
 * no fee reads (issue 8.3: at most 6 calls a minute with a view open). A new transaction's own
 * fees do not wait for a poll: the transaction controller asks for fresh ones when it is added.
 */
export function pollGasWhileConfirming(
  messenger: UnapprovedChangeSource,
  gasFee: Pick<GasFeeController, 'startPolling' | 'stopPolling'>,
  transactions: Pick<TransactionController, 'state'>,
  timers: Timers = realTimers,
): GasDemand {
  let viewsOpen = false;
  let polling = false;
  /** Set while a screen's fee lease runs. */
  let leaseTimer: TimerHandle | undefined;
  const follow = () => {
    const confirming =
      viewsOpen &&
      (leaseTimer !== undefined ||
        allTransactions(transactions.state.transactions).some((tx) => tx.status === 'unapproved'));
    if (confirming && !polling) gasFee.startPolling();
    else if (!confirming && polling) gasFee.stopPolling();
    polling = confirming;
  };
  messenger.subscribe('TransactionController:stateChange', follow);
  return {
    setViewsOpen(open) {
      viewsOpen = open;
      follow();
    },
    showFees() {
      timers.clearTimeout(leaseTimer);
      leaseTimer = timers.setTimeout(() => {
        leaseTimer = undefined;
        follow();
      }, FEES_SHOWN_MS);
      follow();
    },
    stop() {
      messenger.unsubscribe('TransactionController:stateChange', follow);
      timers.clearTimeout(leaseTimer);
      leaseTimer = undefined;
      viewsOpen = false;
      follow();
    },
  };
}
