// The tKey's symmetric pieces: AES-256-GCM (noble) for every sealed value, HKDF-SHA-256 for keys
// derived from the postbox key and the threshold key, scrypt (noble, the keystore export's KDF)
// for the password. Every sealed value carries its own random 12-byte nonce.
import { gcm } from '@noble/ciphers/aes.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** scrypt cost of a password factor: N = 2^17, r = 8, p = 1 (128 MiB, about a second). */
export const PASSWORD_SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
export type ScryptParams = { N: number; r: number; p: number };

const NONCE_BYTES = 12;

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

export function fromBase64(text: string): Uint8Array {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Seals `plain` under a 32-byte key: base64 of nonce ‖ ciphertext ‖ tag. */
export function seal(key: Uint8Array, plain: Uint8Array): string {
  const nonce = randomBytes(NONCE_BYTES);
  const sealed = gcm(key, nonce).encrypt(plain);
  const out = new Uint8Array(NONCE_BYTES + sealed.length);
  out.set(nonce, 0);
  out.set(sealed, NONCE_BYTES);
  return toBase64(out);
}

/** Opens a sealed value; null when the key is not the one it was sealed under (or it was altered). */
export function open(key: Uint8Array, sealed: string): Uint8Array | null {
  try {
    const bytes = fromBase64(sealed);
    if (bytes.length < NONCE_BYTES + 16) return null;
    return gcm(key, bytes.subarray(0, NONCE_BYTES)).decrypt(bytes.subarray(NONCE_BYTES));
  } catch {
    return null;
  }
}

/** A 32-byte key for one purpose, derived from a private key (64 hex, with or without 0x). */
export function deriveKey(privateKey: string, purpose: string): Uint8Array {
  return hkdf(
    sha256,
    hexToBytes(privateKey.replace(/^0x/iu, '').padStart(64, '0')),
    utf8ToBytes('orrery tkey'),
    utf8ToBytes(purpose),
    32,
  );
}

/** The password's 32-byte key (scrypt). Slow on purpose: each guess costs the same. */
export function passwordKey(password: string, salt: Uint8Array, params: ScryptParams) {
  return scryptAsync(utf8ToBytes(password.normalize('NFKC')), salt, { ...params, dkLen: 32 });
}

/** A share's public commitment: SHA-256 of its bytes, so a wrong share is noticed. */
export function commitment(share: Uint8Array): string {
  return bytesToHex(sha256(share));
}

export { bytesToHex, hexToBytes, randomBytes };
