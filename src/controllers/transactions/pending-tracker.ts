import { BENIGN_RESUBMIT_ERRORS, DROPPED_BUFFER_COUNT, SUBMIT_ERROR_MESSAGE } from './constants';
import { hexToBigInt, hexToNumber, toHex } from './hex';
import { errorMessage, type RequestProvider } from './rpc';
import type { TransactionMeta, TransactionReceipt, TxParams } from './types';

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

/** The account's mined transaction count (block tag 'latest') by sender, read once per pass. */
type AccountCounts = Map<string, Promise<number>>;

/**
 * The base fee of the block that mined an EIP-1559 transaction, from its receipt: the effective
 * gas price is min(baseFee + maxPriorityFee, maxFee), so below maxFee it is exactly
 * baseFee + maxPriorityFee. Undefined where the receipt does not determine it (a legacy
 * transaction, or a price capped at maxFee).
 */
export function baseFeeFromReceipt(
  txParams: Pick<TxParams, 'type' | 'maxFeePerGas' | 'maxPriorityFeePerGas'>,
  receipt: Pick<TransactionReceipt, 'effectiveGasPrice'>,
): string | undefined {
  const { maxFeePerGas, maxPriorityFeePerGas } = txParams;
  if (txParams.type !== '0x2' || !maxFeePerGas || !maxPriorityFeePerGas) return undefined;
  if (!receipt.effectiveGasPrice) return undefined;
  const effective = hexToBigInt(receipt.effectiveGasPrice);
  const priority = hexToBigInt(maxPriorityFeePerGas);
  if (effective >= hexToBigInt(maxFeePerGas) || effective < priority) return undefined;
  return toHex(effective - priority);
}

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
    // One account-count read per sender and pass, shared by its pending transactions.
    const accountCounts: AccountCounts = new Map();
    for (const listed of pending) {
      // An earlier check in this pass may have settled it (a confirmed sibling drops it).
      const tx = this.#hooks.getTransaction(listed.id);
      if (tx?.status !== 'submitted') continue;
      try {
        if (await this.#check(tx, accountCounts)) stillPending.push(tx);
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
  async #check(tx: TransactionMeta, accountCounts: AccountCounts): Promise<boolean> {
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
    const receipt = await this.#hooks.getProvider().request<TransactionReceipt | null>({
      method: 'eth_getTransactionReceipt',
      params: [hash],
    });
    if (receipt?.blockNumber) {
      this.#forget(hash);
      await this.settleMined(tx, receipt);
      return false;
    }
    if (await this.#wasDropped(tx, hash, accountCounts)) {
      this.#forget(hash);
      this.#hooks.onDropped(tx.id);
      return false;
    }
    return true;
  }

  /**
   * A mined transaction's outcome from its receipt: reverted is failed, else confirmed with the
   * block's base fee (derived from the receipt where that is exact, else read from the block).
   */
  async settleMined(tx: TransactionMeta, receipt: TransactionReceipt): Promise<void> {
    if (receipt.status === '0x0') {
      this.#hooks.onFailed(tx.id, 'Transaction failed: execution reverted', receipt);
      return;
    }
    let baseFeePerGas = baseFeeFromReceipt(tx.txParams, receipt);
    if (!baseFeePerGas) {
      try {
        const block = await this.#hooks.getProvider().request<{ baseFeePerGas?: string } | null>({
          method: 'eth_getBlockByHash',
          params: [receipt.blockHash, false],
        });
        baseFeePerGas = block?.baseFeePerGas ?? undefined;
      } catch {
        // the base fee is informative only
      }
    }
    this.#hooks.onConfirmed(tx.id, receipt, baseFeePerGas);
  }

  async #wasDropped(
    tx: TransactionMeta,
    hash: string,
    accountCounts: AccountCounts,
  ): Promise<boolean> {
    const from = tx.txParams.from;
    let count = accountCounts.get(from);
    if (!count) {
      count = this.#hooks
        .getProvider()
        .request<string>({ method: 'eth_getTransactionCount', params: [from, 'latest'] })
        .then(hexToNumber);
      accountCounts.set(from, count);
    }
    if ((await count) <= hexToNumber(tx.txParams.nonce)) {
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
