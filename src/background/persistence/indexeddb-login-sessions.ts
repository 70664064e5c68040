import type { LoginSessionRecord, LoginSessionStore } from '../../controllers/login/login-session';
import { openSingleStoreDatabase, promisify } from './indexeddb';

const STORE_NAME = 'sessions';

/**
 * Login sessions in their own IndexedDB database, one record per session namespace. IndexedDB
 * stores the record's non-extractable CryptoKey as it is (structured clone): its bits are never
 * readable by a script, and nothing here is ever sent anywhere.
 */
export class IndexedDbLoginSessionStore implements LoginSessionStore {
  readonly #database: Promise<IDBDatabase>;

  constructor(databaseName = 'orrery-login-sessions', factory: IDBFactory = indexedDB) {
    this.#database = openSingleStoreDatabase(factory, databaseName, STORE_NAME);
  }

  async #store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
    return (await this.#database).transaction(STORE_NAME, mode).objectStore(STORE_NAME);
  }

  async get(namespace: string): Promise<LoginSessionRecord | undefined> {
    const store = await this.#store('readonly');
    return (await promisify(store.get(namespace))) as LoginSessionRecord | undefined;
  }

  async put(namespace: string, record: LoginSessionRecord): Promise<void> {
    await promisify((await this.#store('readwrite')).put(record, namespace));
  }

  async delete(namespace: string): Promise<void> {
    await promisify((await this.#store('readwrite')).delete(namespace));
  }
}
