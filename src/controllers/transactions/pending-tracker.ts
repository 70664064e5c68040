import { BENIGN_RESUBMIT_ERRORS, DROPPED_BUFFER_COUNT, SUBMIT_ERROR_MESSAGE } from './constants';
import { hexToNumber, toHex } from './hex';
import { errorMessage, type RequestProvider } from './rpc';
import type { TransactionMeta, TransactionReceipt } from './types';

/** What the tracker may do to transactions; the controller owns state and history. */
export type PendingTrackerHooks = {
  getProvider: () => RequestProvider;
  /** Submitted transactions of the current chain. */
  getPendingTransactions: () => readonly TransactionMeta[];
  /** Every stored transaction of that chain and sender (to find a completed one with the same nonce). */
  getTransactionsOf: (chainId: string, from: string) => readonly TransactionMeta[];
  /** The transaction as stored now (it may have changed since the pass began). */
  getTransaction: (id: string) => TransactionMeta | undefined;
  onConfirmed: (id: string, receipt: TransactionReceipt, baseFeePerGas?: string) => void;
  onFailed: (id: string, message: string, receipt?: TransactionReceipt) => void;
  onDropped: (id: string, replacedBy?: string) => void;
  onRetried: (id: string, firstRetryBlockNumber: string, retryCount: number) => void;
  onWarning: (id: string, error: string, message: string) => void;
};

function isBenign(message: string): boolean {
  const lower = message.toLowerCase();
  return BENIGN_RESUBMIT_ERRORS.some((benign) => lower.includes(benign));
}

/**
 * On every new block, settles submitted transactions: no hash → failed; nonce taken by a completed
 * transaction → dropped; a receipt → confirmed (failed when it reverted); nonce below the
 * account's count for 3 checks in a row → dropped. Still pending ones are resubmitted with block
 * spacing 2^retryCount − 1. RPC errors are warnings, never status changes.
 */
export class PendingTransactionTracker {
  readonly #hooks: PendingTrackerHooks;
  /** Consecutive checks, by hash, that saw the account count above the transaction's nonce. */
  readonly #droppedChecks = new Map<string, number>();
  #running: Promise<void> | null = null;
  #rerunBlock: number | null = null;

  constructor(hooks: PendingTrackerHooks) {
    this.#hooks = hooks;
  }

  /** Runs one pass; a block that arrives during a pass triggers exactly one more pass after it. */
  onNewBlock(blockNumber: number): Promise<void> {
    if (this.#running) {
      this.#rerunBlock = blockNumber;
      return this.#running;
    }
    this.#running = (async () => {
      let block: number | null = blockNumber;
      while (block !== null) {
        this.#rerunBlock = null;
        await this.#pass(block);
        block = this.#rerunBlock;
      }
    })().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #pass(blockNumber: number): Promise<void> {
    const pending = this.#hooks.getPendingTransactions();
    const stillPending: TransactionMeta[] = [];
    for (const listed of pending) {
      // An earlier check in this pass may have settled it (a confirmed sibling drops it).
      const tx = this.#hooks.getTransaction(listed.id);
      if (tx?.status !== 'submitted') continue;
      try {
        if (await this.#check(tx)) stillPending.push(tx);
      } catch (error) {
        this.#hooks.onWarning(
          tx.id,
          errorMessage(error),
          'There was an error when checking the transaction status.',
        );
        stillPending.push(tx);
      }
    }
    for (const listed of stillPending) {
      const tx = this.#hooks.getTransaction(listed.id);
      if (tx?.status === 'submitted') await this.#resubmit(tx, blockNumber);
    }
  }

  /** Returns true when the transaction is still pending after the check. */
  async #check(tx: TransactionMeta): Promise<boolean> {
    const { hash } = tx;
    if (!hash) {
      this.#hooks.onFailed(tx.id, SUBMIT_ERROR_MESSAGE);
      return false;
    }
    const nonce = tx.txParams.nonce;
    const taken = this.#hooks
      .getTransactionsOf(tx.chainId, tx.txParams.from)
      .find(
        (other) =>
          other.id !== tx.id && other.status === 'confirmed' && other.txParams.nonce === nonce,
      );
    if (taken) {
      this.#forget(hash);
      this.#hooks.onDropped(tx.id, taken.hash);
      return false;
    }
    const provider = this.#hooks.getProvider();
    const receipt = await provider.request<TransactionReceipt | null>({
      method: 'eth_getTransactionReceipt',
      params: [hash],
    });
    if (receipt?.blockNumber) {
      this.#forget(hash);
      if (receipt.status === '0x0') {
        this.#hooks.onFailed(tx.id, 'Transaction failed: execution reverted', receipt);
        return false;
      }
      let baseFeePerGas: string | undefined;
      try {
        const block = await provider.request<{ baseFeePerGas?: string } | null>({
          method: 'eth_getBlockByHash',
          params: [receipt.blockHash, false],
        });
        baseFeePerGas = block?.baseFeePerGas ?? undefined;
      } catch {
        // the base fee is informative only
      }
      this.#hooks.onConfirmed(tx.id, receipt, baseFeePerGas);
      return false;
    }
    if (await this.#wasDropped(tx, hash)) {
      this.#forget(hash);
      this.#hooks.onDropped(tx.id);
      return false;
    }
    return true;
  }

  async #wasDropped(tx: TransactionMeta, hash: string): Promise<boolean> {
    const count = hexToNumber(
      await this.#hooks.getProvider().request<string>({
        method: 'eth_getTransactionCount',
        params: [tx.txParams.from, 'latest'],
      }),
    );
    if (count <= hexToNumber(tx.txParams.nonce)) {
      this.#droppedChecks.delete(hash);
      return false;
    }
    const checks = (this.#droppedChecks.get(hash) ?? 0) + 1;
    this.#droppedChecks.set(hash, checks);
    return checks >= DROPPED_BUFFER_COUNT;
  }

  async #resubmit(tx: TransactionMeta, blockNumber: number): Promise<void> {
    if (!tx.rawTx) return;
    // A head below the first retry block means the chain was reset (a restarted dev node): start over.
    const known = tx.firstRetryBlockNumber;
    const first =
      known !== undefined && hexToNumber(known) <= blockNumber ? known : toHex(blockNumber);
    const retryCount = first === known ? (tx.retryCount ?? 0) : 0;
    const blocksSinceFirst = blockNumber - hexToNumber(first);
    if (blocksSinceFirst < 2 ** retryCount - 1) {
      if (first !== known) this.#hooks.onRetried(tx.id, first, retryCount);
      return;
    }
    try {
      await this.#hooks
        .getProvider()
        .request({ method: 'eth_sendRawTransaction', params: [tx.rawTx] });
    } catch (error) {
      const message = errorMessage(error);
      if (!isBenign(message)) {
        this.#hooks.onWarning(
          tx.id,
          message,
          'There was an error when resubmitting this transaction.',
        );
      }
    }
    this.#hooks.onRetried(tx.id, first, retryCount + 1);
  }

  #forget(hash: string): void {
    this.#droppedChecks.delete(hash);
  }
}
