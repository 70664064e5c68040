import type { ChainAccess } from './chain-access';
import { STUCK_AT_BOOT_MESSAGE, SUBMIT_ERROR_MESSAGE } from './constants';
import type { DefaultsLoader } from './defaults-loader';
import { hexToNumber } from './hex';
import { GAS_FIELDS, gasFieldsOf } from './overrides';
import type { PendingTransactionTracker } from './pending-tracker';
import { errorMessage } from './rpc';
import type { TransactionSender } from './transaction-sender';
import type { TransactionStore } from './transaction-store';
import type { TransactionMeta, TransactionReceipt, TxParams } from './types';

/** The same request: sender, recipient, value, data and the gas the dapp suggested. */
function repeats(tx: TransactionMeta, txParams: TxParams): boolean {
  const suggested = tx.dappSuggestedGasFees ?? {};
  const asked = gasFieldsOf(txParams);
  return (
    tx.txParams.from === txParams.from &&
    tx.txParams.to === txParams.to &&
    (tx.txParams.value ?? '0x0') === (txParams.value ?? '0x0') &&
    (tx.txParams.data ?? '0x') === (txParams.data ?? '0x') &&
    GAS_FIELDS.every((field) => suggested[field] === asked[field])
  );
}

export type BootRecoveryOptions = {
  store: TransactionStore;
  chain: ChainAccess;
  defaults: DefaultsLoader;
  sender: TransactionSender;
  tracker: PendingTransactionTracker;
  /** Puts an unapproved transaction into the approval queue. */
  askApproval: (tx: TransactionMeta) => void;
};

/**
 * What a restart left: the sender stores each step before the next one acts (write-ahead), so a
 * transaction found `approved` was never signed, or its signature never left the wallet: it fails
 * as stuck during signing (spec). The others wait until their chain is selected and answers:
 * - `unapproved`: its defaults are computed again if they were loading, and it goes back into
 *   the approval queue (a dapp that sends the same request again gets its outcome);
 * - `signed` (it may have been sent before the restart): mined is confirmed or failed by its
 *   receipt; known to the node is submitted; absent with its nonce used by another transaction
 *   is dropped; absent otherwise, the same raw bytes are sent again (a refusal fails it with the
 *   node's reason).
 * A node that does not answer leaves the transaction as it is until the next block.
 */
export class BootRecovery {
  readonly #options: BootRecoveryOptions;
  /** Ids of transactions found unapproved or signed at boot and not yet settled. */
  readonly #leftovers = new Set<string>();
  /** Unapproved transactions asked about again after the restart: nobody waits for them yet. */
  readonly #orphans = new Set<string>();
  #running: Promise<void> | undefined;

  constructor(options: BootRecoveryOptions) {
    this.#options = options;
  }

  /** Takes stock of the stored transactions; call once, before anything else changes them. */
  begin(): void {
    for (const tx of this.#options.store.all()) {
      if (tx.status === 'approved') {
        this.#options.store.fail(tx.id, new Error(STUCK_AT_BOOT_MESSAGE));
      } else if (tx.status === 'unapproved' || tx.status === 'signed') {
        this.#leftovers.add(tx.id);
      }
    }
  }

  /** Settles the selected chain's leftovers if it answers; cheap when nothing is left. */
  resume(): Promise<void> {
    if (this.#leftovers.size === 0) return Promise.resolve();
    this.#running ??= this.#recover().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /**
   * The orphan that a dapp's new request repeats, taken at most once: after a restart or a
   * handover a dapp's provider sends again what was not answered, and it means the transaction
   * already waiting for the user, not a second one.
   */
  adoptOrphan(origin: string, chainId: string, txParams: TxParams): TransactionMeta | undefined {
    for (const id of this.#orphans) {
      const tx = this.#options.store.find(id);
      if (tx?.status !== 'unapproved') {
        this.#orphans.delete(id);
      } else if (tx.origin === origin && tx.chainId === chainId && repeats(tx, txParams)) {
        this.#orphans.delete(id);
        return tx;
      }
    }
    return undefined;
  }

  async #recover(): Promise<void> {
    const { store, chain } = this.#options;
    if (!chain.isAvailable()) return;
    const chainId = chain.currentChainId();
    const work: Promise<void>[] = [];
    for (const id of [...this.#leftovers]) {
      const tx = store.find(id);
      if (!tx || (tx.status !== 'unapproved' && tx.status !== 'signed')) {
        this.#leftovers.delete(id);
      } else if (tx.chainId === chainId) {
        work.push(this.#recoverOne(tx));
      }
    }
    await Promise.all(work);
  }

  async #recoverOne(tx: TransactionMeta): Promise<void> {
    try {
      if (tx.status === 'unapproved') await this.#requeue(tx);
      else await this.#settleSigned(tx);
      this.#leftovers.delete(tx.id);
    } catch (error) {
      console.warn(
        `Orrery: checking transaction ${tx.id} after the restart failed; trying again on the next block: ${errorMessage(error)}`,
      );
    }
  }

  async #requeue(tx: TransactionMeta): Promise<void> {
    const { store, defaults, askApproval } = this.#options;
    // A failed load fails the transaction itself: nothing to ask about then.
    if (tx.loadingDefaults) await defaults.start(tx.id).catch(() => undefined);
    const current = store.find(tx.id);
    if (current?.status !== 'unapproved') return;
    this.#orphans.add(current.id);
    askApproval(current);
  }

  async #settleSigned(tx: TransactionMeta): Promise<void> {
    const { store, chain, sender, tracker } = this.#options;
    const { hash, rawTx } = tx;
    if (!hash || !rawTx) {
      store.fail(tx.id, new Error(SUBMIT_ERROR_MESSAGE));
      return;
    }
    const provider = chain.provider();
    const receipt = () =>
      provider.request<TransactionReceipt | null>({
        method: 'eth_getTransactionReceipt',
        params: [hash],
      });
    const mined = await receipt();
    if (mined?.blockNumber) return tracker.settleMined(tx, mined);
    const known = await provider.request<unknown>({
      method: 'eth_getTransactionByHash',
      params: [hash],
    });
    if (known) {
      store.setStatus(tx.id, 'submitted', 'transactions/boot: found on the node', (draft) => {
        draft.submittedTime ??= Date.now();
        draft.retryCount = 0;
      });
      return;
    }
    const count = await provider.request<string>({
      method: 'eth_getTransactionCount',
      params: [tx.txParams.from, 'latest'],
    });
    if (hexToNumber(count) > hexToNumber(tx.txParams.nonce)) {
      // Mined between the reads, or its nonce went to another transaction.
      const late = await receipt();
      if (late?.blockNumber) return tracker.settleMined(tx, late);
      const taker = store
        .of(tx.chainId, tx.txParams.from)
        .find(
          (other) =>
            other.id !== tx.id &&
            other.status === 'confirmed' &&
            other.txParams.nonce === tx.txParams.nonce,
        );
      store.setStatus(
        tx.id,
        'dropped',
        'transactions/boot: not on chain, and its nonce was used by another transaction',
        (draft) => {
          if (taker?.hash) draft.replacedBy = taker.hash;
        },
      );
      return;
    }
    try {
      await sender.publish(tx.id, { nonceTooLowIsSent: true });
    } catch (error) {
      store.fail(tx.id, error);
    }
  }
}
