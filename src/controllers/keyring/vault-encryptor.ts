/**
 * Password encryption of the vault: PBKDF2-SHA-256 (600,000 iterations) derives an AES-256-GCM
 * key. The envelope records its KDF parameters so that a vault written with weaker settings can
 * be recognised and re-encrypted on unlock. Web Crypto only: the same code runs in a Worker and
 * in Node.
 */
import {
  CorruptVaultError,
  IncorrectPasswordError,
  KeyringError,
  KeyringErrorCode,
  PASSWORD_REQUIRED_ERROR,
} from './errors';

export const VAULT_KDF_ITERATIONS = 600_000;

export interface VaultEnvelope {
  version: 1;
  kdf: { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  data: string;
}

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function deriveKey(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function encryptVault(password: string, contents: unknown): Promise<string> {
  if (!password) throw new KeyringError(KeyringErrorCode.passwordRequired, PASSWORD_REQUIRED_ERROR);
  const salt = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(password, salt, VAULT_KDF_ITERATIONS);
  const plaintext = new TextEncoder().encode(JSON.stringify(contents));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext),
  );
  const envelope: VaultEnvelope = {
    version: 1,
    kdf: {
      name: 'PBKDF2',
      hash: 'SHA-256',
      iterations: VAULT_KDF_ITERATIONS,
      salt: toBase64(salt),
    },
    cipher: { name: 'AES-GCM', iv: toBase64(iv) },
    data: toBase64(ciphertext),
  };
  return JSON.stringify(envelope);
}

function parseEnvelope(vault: string): VaultEnvelope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(vault);
  } catch {
    throw new CorruptVaultError('not JSON');
  }
  const envelope = parsed as Partial<VaultEnvelope> | null;
  if (
    envelope?.version !== 1 ||
    envelope.kdf?.name !== 'PBKDF2' ||
    typeof envelope.kdf.salt !== 'string' ||
    !Number.isInteger(envelope.kdf.iterations) ||
    envelope.cipher?.name !== 'AES-GCM' ||
    typeof envelope.cipher.iv !== 'string' ||
    typeof envelope.data !== 'string'
  ) {
    throw new CorruptVaultError('unknown envelope format');
  }
  return envelope as VaultEnvelope;
}

/** Whether a vault was written with weaker parameters than today's and should be re-encrypted. */
export function vaultNeedsUpgrade(vault: string): boolean {
  return parseEnvelope(vault).kdf.iterations < VAULT_KDF_ITERATIONS;
}

export async function decryptVault<Contents>(password: string, vault: string): Promise<Contents> {
  const envelope = parseEnvelope(vault);
  let salt: Uint8Array<ArrayBuffer>, iv: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>;
  try {
    salt = fromBase64(envelope.kdf.salt);
    iv = fromBase64(envelope.cipher.iv);
    data = fromBase64(envelope.data);
  } catch {
    throw new CorruptVaultError('bad encoding');
  }
  const key = await deriveKey(password, salt, envelope.kdf.iterations);
  let plaintext: ArrayBuffer;
  try {
    plaintext = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, data);
  } catch {
    // GCM authentication fails alike for a wrong password and for altered ciphertext.
    throw new IncorrectPasswordError();
  }
  try {
    return JSON.parse(new TextDecoder().decode(plaintext)) as Contents;
  } catch {
    throw new CorruptVaultError('contents are not JSON');
  }
}
