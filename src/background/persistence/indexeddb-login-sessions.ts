import type { LoginSessionRecord, LoginSessionStore } from '../../controllers/login/login-session';

const STORE_NAME = 'sessions';

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * Login sessions in their own IndexedDB database, one record per session namespace. IndexedDB
 * stores the record's non-extractable CryptoKey as it is (structured clone): its bits are never
 * readable by a script, and nothing here is ever sent anywhere.
 */
export class IndexedDbLoginSessionStore implements LoginSessionStore {
  readonly #database: Promise<IDBDatabase>;

  constructor(databaseName = 'orrery-login-sessions', factory: IDBFactory = indexedDB) {
    this.#database = new Promise((resolve, reject) => {
      const request = factory.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE_NAME);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('Cannot open IndexedDB'));
    });
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
