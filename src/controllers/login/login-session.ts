// The login session (spec part 1 §2-§4: restored on load, per session namespace) in a safe form.
// The spec's session keeps the wallet state on a session server, readable with a session id held
// in browser storage: whoever reads that storage holds the key. Here nothing leaves the browser:
// the vault password (derived from the key, vault-password.ts) is sealed with AES-GCM under a
// fresh WebCrypto key made NON-EXTRACTABLE, so its bits are never readable by any script, and the
// record is stored by the engine (IndexedDB in the browser). A restore opens the vault with it;
// logout or expiry deletes the record and with it the only copy of the sealing key.
import type { LoginUserInfo } from './LoginController';
import { LoginError, LoginErrorCode } from './errors';

/** What one namespace's session keeps in the engine's session store. */
export interface LoginSessionRecord {
  /** Random 32-byte hex id, bound into the ciphertext with the namespace and the address. */
  sessionId: string;
  /** AES-GCM 256, non-extractable: it decrypts `sealed`, nothing can export it. */
  key: CryptoKey;
  iv: Uint8Array<ArrayBuffer>;
  /** The vault password, sealed. */
  sealed: Uint8Array<ArrayBuffer>;
  userInfo: LoginUserInfo;
  /** Epoch ms after which the session is gone (restore deletes it). */
  expiresAt: number;
}

/** Where sessions are kept: one per namespace. Browser: IndexedDB; Node and tests: memory. */
export interface LoginSessionStore {
  get(namespace: string): Promise<LoginSessionRecord | undefined>;
  put(namespace: string, record: LoginSessionRecord): Promise<void>;
  delete(namespace: string): Promise<void>;
}

/** Sessions in memory: they last as long as the process (headless engines and tests). */
export class MemoryLoginSessionStore implements LoginSessionStore {
  readonly #records = new Map<string, LoginSessionRecord>();

  async get(namespace: string): Promise<LoginSessionRecord | undefined> {
    return this.#records.get(namespace);
  }

  async put(namespace: string, record: LoginSessionRecord): Promise<void> {
    this.#records.set(namespace, record);
  }

  async delete(namespace: string): Promise<void> {
    this.#records.delete(namespace);
  }
}

/** The namespace of the wallet's own pages (no `sessionNamespace` query parameter). */
export const DEFAULT_SESSION_NAMESPACE = '';

/** A host's namespace: a short name (letters, digits, '.', '_', '-'); anything else is refused. */
const NAMESPACE_PATTERN = /^[A-Za-z0-9._-]{1,64}$/u;

export const INVALID_NAMESPACE_ERROR = 'Invalid session namespace';
export const SESSION_ID_REQUIRED_ERROR = 'Session Id is required';

/** The namespace a caller named, checked: '' (default) or a short name. */
export function checkSessionNamespace(value: unknown): string {
  if (value === undefined || value === null || value === '') return DEFAULT_SESSION_NAMESPACE;
  if (typeof value === 'string' && NAMESPACE_PATTERN.test(value)) return value;
  throw new LoginError(LoginErrorCode.invalidNamespace, INVALID_NAMESPACE_ERROR);
}

/** 24 hours, the longest a login lasts on a device without signing in again. */
export const DEFAULT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Ties a ciphertext to its namespace, session and account: a record copied elsewhere fails. */
function additionalData(
  namespace: string,
  sessionId: string,
  address: string,
): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(
    `orrery login session v1\n${namespace}\n${sessionId}\n${address}`,
  );
}

/** Seals `vaultPassword` into a new session record for `userInfo` in `namespace`. */
export async function createSessionRecord({
  namespace,
  vaultPassword,
  userInfo,
  expiresAt,
  sessionId = newSessionId(),
}: {
  namespace: string;
  vaultPassword: string;
  userInfo: LoginUserInfo;
  expiresAt: number;
  sessionId?: string;
}): Promise<LoginSessionRecord> {
  if (!sessionId) throw new LoginError(LoginErrorCode.sessionIdRequired, SESSION_ID_REQUIRED_ERROR);
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      {
        name: 'AES-GCM',
        iv,
        additionalData: additionalData(namespace, sessionId, userInfo.address),
      },
      key,
      new TextEncoder().encode(vaultPassword),
    ),
  );
  return { sessionId, key, iv, sealed, userInfo, expiresAt };
}

/** The vault password of a record read from `namespace`; throws when it was not sealed there. */
export async function openSessionRecord(
  namespace: string,
  record: LoginSessionRecord,
): Promise<string> {
  if (!record.sessionId)
    throw new LoginError(LoginErrorCode.sessionIdRequired, SESSION_ID_REQUIRED_ERROR);
  const plain = await crypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: record.iv,
      additionalData: additionalData(namespace, record.sessionId, record.userInfo.address),
    },
    record.key,
    record.sealed,
  );
  return new TextDecoder().decode(plain);
}
