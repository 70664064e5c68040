import type { AddApprovalRequest, AddApprovalResult } from '../approvals/ApprovalController';
import { parseTransactionOverrides, type GasOverrides } from './overrides';
import type { TransactionMeta } from './types';

export type ApprovalRequestsOptions = {
  /** `ApprovalController:addRequest`. */
  addRequest: (request: AddApprovalRequest<'transaction'>) => AddApprovalResult;
  /** `ApprovalController:reject`. */
  rejectRequest: (approvalId: string) => void;
  /** The user approved: apply the overrides (if any), then sign and send. */
  approve: (txId: string, overrides: GasOverrides | null) => Promise<void>;
  /** The user (or the queue) said no: the transaction is rejected (4001 to the dapp). */
  reject: (txId: string) => void;
  /** The transaction as stored now. */
  find: (txId: string) => TransactionMeta | undefined;
  /** Throws if the overrides do not fit the transaction (validated as its params would be). */
  checkOverrides: (txId: string, overrides: GasOverrides) => void;
};

/**
 * Puts unapproved transactions into the one approval queue (the ApprovalController) and acts on
 * the answer. The approver's value is parsed and checked against the transaction before the queue
 * settles, so bad overrides are refused while the request stays pending, and arrive here parsed.
 */
export class TransactionApprovalRequests {
  readonly #options: ApprovalRequestsOptions;
  /** Approval id by transaction id, while the request waits. */
  readonly #pending = new Map<string, string>();
  #detached = false;

  constructor(options: ApprovalRequestsOptions) {
    this.#options = options;
  }

  /** Asks the user about an unapproved transaction. A queue that refuses it rejects it. */
  request(tx: TransactionMeta): void {
    let added: AddApprovalResult;
    try {
      added = this.#options.addRequest({
        origin: tx.origin,
        type: 'transaction',
        requestData: { txId: tx.id, txParams: tx.txParams, origin: tx.origin },
        parseValue: (value) => {
          const overrides = parseTransactionOverrides(value);
          if (overrides) this.#options.checkOverrides(tx.id, overrides);
          return overrides;
        },
      });
    } catch (error) {
      console.warn('Orrery: transaction not queued for approval', error);
      this.#options.reject(tx.id);
      return;
    }
    this.#pending.set(tx.id, added.id);
    added.result
      .then(
        // The queue ran parseValue on the value: it is overrides or null.
        (value) => this.#onAnswer(tx.id, () => this.#options.approve(tx.id, value as GasOverrides)),
        () => this.#onAnswer(tx.id, () => this.#rejectIfUnapproved(tx.id)),
      )
      .catch((error: unknown) => {
        // Overrides the params refuse, or a failed approval: it cannot go out as asked.
        console.warn('Orrery: approving a transaction failed', error);
        this.#rejectIfUnapproved(tx.id);
      });
  }

  /** The transaction left `unapproved` some other way: its request leaves the queue. */
  withdraw(txId: string): void {
    const approvalId = this.#pending.get(txId);
    if (approvalId === undefined) return;
    this.#pending.delete(txId);
    try {
      this.#options.rejectRequest(approvalId);
    } catch {
      // Settled in the same tick (its answer is on its way here): nothing left to withdraw.
    }
  }

  /**
   * Stops acting on answers: when the engine stops, the queue rejects what waits, and those
   * transactions stay unapproved in storage, to be asked about again at the next start.
   */
  detach(): void {
    this.#detached = true;
    this.#pending.clear();
  }

  async #onAnswer(txId: string, act: () => void | Promise<void>): Promise<void> {
    if (this.#detached) return;
    this.#pending.delete(txId);
    await act();
  }

  #rejectIfUnapproved(txId: string): void {
    if (!this.#detached && this.#options.find(txId)?.status === 'unapproved') {
      this.#options.reject(txId);
    }
  }
}
