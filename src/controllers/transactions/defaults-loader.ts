import type { ChainAccess } from './chain-access';
import { computeDefaults } from './transaction-defaults';
import type { TransactionStore } from './transaction-store';

/**
 * Loads an unapproved transaction's defaults (category, gas limit, fees), at most once at a time
 * per transaction. A failure fails the transaction (and is thrown to the caller).
 */
export class DefaultsLoader {
  readonly #store: TransactionStore;
  readonly #chain: ChainAccess;
  readonly #loading = new Map<string, Promise<void>>();

  constructor(store: TransactionStore, chain: ChainAccess) {
    this.#store = store;
    this.#chain = chain;
  }

  start(id: string): Promise<void> {
    const loading = this.#load(id).finally(() => this.#loading.delete(id));
    this.#loading.set(id, loading);
    return loading;
  }

  /** The load in progress for this transaction, if any (it rejects when the load failed). */
  inProgress(id: string): Promise<void> | undefined {
    return this.#loading.get(id);
  }

  async #load(id: string): Promise<void> {
    try {
      const tx = this.#store.get(id);
      const supportsEip1559 = await this.#chain.supportsEip1559();
      const apply = await computeDefaults(
        tx,
        this.#chain.provider(),
        supportsEip1559,
        this.#chain.gasControllerFees,
      );
      if (!this.#store.find(id)) return; // rejected meanwhile
      this.#store.mustUpdate(id, 'Added new unapproved transaction defaults', apply);
    } catch (error) {
      if (!this.#store.find(id)) return; // rejected meanwhile
      this.#store.update(id, 'transactions#loadDefaults: failed', (draft) => {
        draft.loadingDefaults = false;
      });
      this.#store.fail(id, error);
      throw error;
    }
  }
}
