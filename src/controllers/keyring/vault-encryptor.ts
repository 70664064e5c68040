/**
 * Password encryption of the vault: PBKDF2-SHA-256 (600,000 iterations) derives a master secret,
 * HKDF splits it into an AES-256-GCM key and a key check. The key check tells a wrong password
 * (check differs) from an altered vault (check matches, GCM authentication fails). The derived
 * key is kept in memory while unlocked (`VaultKey`), so that only unlock pays for PBKDF2. The
 * envelope is validated before anything is derived: absurd parameters fail at once, never hang.
 * Web Crypto only: the same code runs in a Worker and in Node.
 */
import { bytesToBase64 } from '@metamask/utils';
import {
  CorruptVaultError,
  IncorrectPasswordError,
  KeyringError,
  KeyringErrorCode,
  PASSWORD_REQUIRED_ERROR,
} from './errors';
import { parseEnvelope, VAULT_KDF_ITERATIONS, type VaultEnvelope } from './vault-envelope';

export { VAULT_KDF_ITERATIONS } from './vault-envelope';

/** A key derived from the password, held in the worker's memory while unlocked; never persisted. */
export interface VaultKey {
  readonly salt: Uint8Array<ArrayBuffer>;
  readonly iterations: number;
  readonly keyCheck: string;
  readonly aesKey: CryptoKey;
}

const encoder = new TextEncoder();

function importPassword(password: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, [
    'deriveBits',
    'deriveKey',
  ]);
}

async function deriveVaultKey(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<VaultKey> {
  const material = await importPassword(password);
  const master = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    256,
  );
  const hkdf = await crypto.subtle.importKey('raw', master, 'HKDF', false, [
    'deriveBits',
    'deriveKey',
  ]);
  const hkdfParams = (info: string) => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: new Uint8Array(0),
    info: encoder.encode(info),
  });
  const aesKey = await crypto.subtle.deriveKey(
    hkdfParams('orrery vault key'),
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const check = new Uint8Array(
    await crypto.subtle.deriveBits(hkdfParams('orrery vault key check'), hkdf, 128),
  );
  return { salt, iterations, keyCheck: bytesToBase64(check), aesKey };
}

/** The v1 envelope's key: PBKDF2 straight into AES-GCM, no key check. Read only, to upgrade. */
async function deriveLegacyKey(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await importPassword(password);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  );
}

/** Derives a new key under a fresh salt: creating a vault, or upgrading an older one. */
export function createVaultKey(password: string): Promise<VaultKey> {
  if (!password) throw new KeyringError(KeyringErrorCode.passwordRequired, PASSWORD_REQUIRED_ERROR);
  return deriveVaultKey(password, crypto.getRandomValues(new Uint8Array(32)), VAULT_KDF_ITERATIONS);
}

/** Encrypts under an already derived key with a fresh IV: milliseconds, whatever the KDF costs. */
export async function encryptVault(key: VaultKey, contents: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plaintext = encoder.encode(JSON.stringify(contents));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key.aesKey, plaintext),
  );
  const envelope: VaultEnvelope = {
    version: 2,
    kdf: {
      name: 'PBKDF2',
      hash: 'SHA-256',
      iterations: key.iterations,
      salt: bytesToBase64(key.salt),
    },
    keyCheck: key.keyCheck,
    cipher: { name: 'AES-GCM', iv: bytesToBase64(iv) },
    data: bytesToBase64(ciphertext),
  };
  return JSON.stringify(envelope);
}

export interface OpenedVault<Contents> {
  contents: Contents;
  /** The key to write with while unlocked; null when the vault must be re-encrypted first. */
  key: VaultKey | null;
}

/**
 * Decrypts the vault. Throws 'Incorrect Password Entered.' for a wrong password and a
 * CorruptVaultError for an envelope that is malformed or was altered. A vault written with
 * older parameters opens with `key: null`: the caller re-encrypts it under a new key.
 */
export async function openVault<Contents>(
  password: string,
  vault: string,
): Promise<OpenedVault<Contents>> {
  const envelope = parseEnvelope(vault);
  let aesKey: CryptoKey;
  let key: VaultKey | null = null;
  if (envelope.version === 2) {
    key = await deriveVaultKey(password, envelope.salt, envelope.iterations);
    if (key.keyCheck !== envelope.keyCheck) throw new IncorrectPasswordError();
    aesKey = key.aesKey;
    if (envelope.iterations < VAULT_KDF_ITERATIONS) key = null;
  } else {
    aesKey = await deriveLegacyKey(password, envelope.salt, envelope.iterations);
  }
  let plaintext: ArrayBuffer;
  try {
    plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: envelope.iv },
      aesKey,
      envelope.data,
    );
  } catch {
    // With a key check, the password was right: the ciphertext itself was altered. A v1
    // envelope has no check, and GCM fails alike for both causes.
    if (envelope.version === 2) throw new CorruptVaultError('the encrypted data was altered');
    throw new IncorrectPasswordError();
  }
  try {
    return { contents: JSON.parse(new TextDecoder().decode(plaintext)) as Contents, key };
  } catch {
    throw new CorruptVaultError('contents are not JSON');
  }
}
