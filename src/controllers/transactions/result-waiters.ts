import { dappResult, unknownProblem } from './dapp-errors';
import type { TransactionMeta } from './types';

type Waiter = { resolve: (hash: string) => void; reject: (error: Error) => void };

/** The dapps waiting for their transaction's outcome: a hash once submitted, else an error. */
export class ResultWaiters {
  readonly #waiters = new Map<string, Waiter>();

  /** A promise for the transaction's outcome; never an unhandled rejection for a caller that ignores it. */
  wait(id: string): Promise<string> {
    const result = new Promise<string>((resolve, reject) => {
      this.#waiters.set(id, { resolve, reject });
    });
    result.catch(() => undefined);
    return result;
  }

  /** Answers the waiting dapp when the transaction reached an outcome it is told about. */
  settle(tx: TransactionMeta): void {
    const waiter = this.#waiters.get(tx.id);
    if (!waiter) return;
    this.#waiters.delete(tx.id);
    const outcome = dappResult(tx);
    if ('hash' in outcome) waiter.resolve(outcome.hash);
    else waiter.reject(outcome.error);
  }

  /** Tells every waiting dapp the unknown-problem error (the engine is stopping). */
  rejectAll(find: (id: string) => TransactionMeta | undefined): void {
    for (const [id, waiter] of [...this.#waiters]) {
      this.#waiters.delete(id);
      waiter.reject(unknownProblem(find(id)?.txParams));
    }
  }
}
