import type { Json } from '@metamask/utils';

import type { StorageAdapter } from './storage-adapter';
import { openSingleStoreDatabase, promisify } from './indexeddb';

const STORE_NAME = 'state';

/** Keeps persisted state in IndexedDB (browser and worker); one record per key, written in one transaction. */
export class IndexedDbStorage implements StorageAdapter {
  readonly #database: Promise<IDBDatabase>;

  constructor(databaseName = 'orrery', factory: IDBFactory = indexedDB) {
    this.#database = openSingleStoreDatabase(factory, databaseName, STORE_NAME);
  }

  async getAll(): Promise<Record<string, Json>> {
    const database = await this.#database;
    const store = database.transaction(STORE_NAME, 'readonly').objectStore(STORE_NAME);
    const [keys, values] = await Promise.all([
      promisify(store.getAllKeys()),
      promisify(store.getAll()),
    ]);
    return Object.fromEntries(keys.map((key, index) => [String(key), values[index] as Json]));
  }

  async setMany(entries: Record<string, Json>): Promise<void> {
    const database = await this.#database;
    const transaction = database.transaction(STORE_NAME, 'readwrite');
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    });
    const store = transaction.objectStore(STORE_NAME);
    try {
      for (const [key, value] of Object.entries(entries)) store.put(value, key);
    } catch (error) {
      // A value the store refuses (not cloneable): the entries already put must not commit alone.
      transaction.abort();
      await done.catch(() => undefined);
      throw error;
    }
    await done;
  }

  async close(): Promise<void> {
    (await this.#database).close();
  }
}
