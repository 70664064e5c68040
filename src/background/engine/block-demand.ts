import type { NetworkController } from '../../controllers/network/NetworkController';
import { allTransactions } from '../../controllers/transactions/selectors';
import type { TransactionController } from '../../controllers/transactions/TransactionController';

/** The two events followed: the root messenger, or a test's root with these controllers. */
type ChangeEvent = 'TransactionController:stateChange' | 'NetworkController:networkDidChange';
export interface PendingChangeSource {
  subscribe(event: ChangeEvent, handler: () => void): void;
  unsubscribe(event: ChangeEvent, handler: () => void): void;
}

/** The owner name under which pending transactions need blocks. */
export const PENDING_TRANSACTIONS_BLOCK_OWNER = 'pending transactions';

/**
 * Keeps the block tracker running, at the chain's block time, while a transaction of the
 * selected chain is submitted and not yet settled: the pending tracker settles it on new
 * blocks. Returns the function that stops following.
 */
export function requireBlocksWhilePending(
  messenger: PendingChangeSource,
  network: NetworkController,
  transactions: TransactionController,
): () => void {
  let release: (() => void) | undefined;
  const follow = () => {
    const { chainId } = network.state.providerConfig;
    const pending = allTransactions(transactions.state.transactions).some(
      (tx) => tx.status === 'submitted' && tx.chainId === chainId,
    );
    if (pending && !release) {
      release = network.requireBlocks(PENDING_TRANSACTIONS_BLOCK_OWNER, 'everyBlock');
    } else if (!pending && release) {
      release();
      release = undefined;
    }
  };
  messenger.subscribe('TransactionController:stateChange', follow);
  messenger.subscribe('NetworkController:networkDidChange', follow);
  follow(); // submitted transactions restored from storage
  return () => {
    messenger.unsubscribe('TransactionController:stateChange', follow);
    messenger.unsubscribe('NetworkController:networkDidChange', follow);
    release?.();
    release = undefined;
  };
}
