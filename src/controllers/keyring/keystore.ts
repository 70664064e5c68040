/**
 * Web3 Secret Storage (keystore JSON v3): decryption (scrypt or PBKDF2-HMAC-SHA256, the MAC
 * keccak256(dk[16..32] ‖ ciphertext) checked before decrypting AES-128-CTR) and encryption
 * (scrypt) for the "download wallet" export.
 */
import { ctr } from '@noble/ciphers/aes.js';
import { equalBytes } from '@noble/ciphers/utils.js';
import { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

import {
  KEYSTORE_INVALID_ERROR,
  KEYSTORE_PASSWORD_REQUIRED_ERROR,
  KEYSTORE_WRONG_PASSWORD_ERROR,
  KeyringError,
  KeyringErrorCode,
} from './errors';
import { privateKeyToAddress } from './sign-transaction';

/** A file is untrusted: refuse KDF settings that would exhaust memory or hang the wallet. */
const MAX_SCRYPT_MEMORY_BYTES = 1024 ** 3;
const MAX_PBKDF2_ITERATIONS = 10_000_000;

interface ScryptParams {
  n: number;
  r: number;
  p: number;
  dklen: number;
  salt: string;
}
interface Pbkdf2Params {
  c: number;
  dklen: number;
  prf: string;
  salt: string;
}
interface KeystoreCrypto {
  cipher: string;
  cipherparams: { iv: string };
  ciphertext: string;
  kdf: string;
  kdfparams: ScryptParams | Pbkdf2Params;
  mac: string;
}

const isHex = (value: unknown): value is string =>
  typeof value === 'string' && /^(0x)?([0-9a-fA-F]{2})+$/.test(value);
const bytes = (hex: string): Uint8Array => hexToBytes(hex.replace(/^0x/, ''));
const positiveInteger = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) > 0;

function invalid(detail?: string): KeyringError {
  const message = detail ? `${KEYSTORE_INVALID_ERROR} ${detail}` : KEYSTORE_INVALID_ERROR;
  return new KeyringError(KeyringErrorCode.keystoreInvalid, message);
}

function parseKeystore(input: string | object): { crypto: KeystoreCrypto; address?: string } {
  let json: unknown = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch {
      throw invalid();
    }
  }
  const file = json as {
    version?: unknown;
    address?: unknown;
    crypto?: KeystoreCrypto;
    Crypto?: KeystoreCrypto;
  } | null;
  if (!file || typeof file !== 'object' || Number(file.version) !== 3) throw invalid();
  // Early geth files spell the section "Crypto".
  const crypto = file.crypto ?? file.Crypto;
  if (!crypto || typeof crypto !== 'object') throw invalid('Missing crypto section.');
  if (crypto.cipher !== 'aes-128-ctr')
    throw invalid(`Unsupported cipher ${String(crypto.cipher)}.`);
  if (!isHex(crypto.cipherparams?.iv) || bytes(crypto.cipherparams.iv).length !== 16)
    throw invalid('Bad iv.');
  if (!isHex(crypto.ciphertext)) throw invalid('Bad ciphertext.');
  if (!isHex(crypto.mac) || bytes(crypto.mac).length !== 32) throw invalid('Bad mac.');
  if (!crypto.kdfparams || typeof crypto.kdfparams !== 'object' || !isHex(crypto.kdfparams.salt)) {
    throw invalid('Bad kdfparams.');
  }
  const address = typeof file.address === 'string' ? file.address : undefined;
  return { crypto, address };
}

async function deriveKey(crypto: KeystoreCrypto, password: Uint8Array): Promise<Uint8Array> {
  const salt = bytes(crypto.kdfparams.salt);
  const { dklen } = crypto.kdfparams;
  if (!positiveInteger(dklen) || dklen < 32) throw invalid('dklen must be at least 32.');
  if (crypto.kdf === 'scrypt') {
    const { n, r, p } = crypto.kdfparams as ScryptParams;
    if (
      !positiveInteger(n) ||
      !positiveInteger(r) ||
      !positiveInteger(p) ||
      n < 2 ||
      (n & (n - 1)) !== 0
    ) {
      throw invalid('Bad scrypt parameters.');
    }
    if (128 * r * (n + p) > MAX_SCRYPT_MEMORY_BYTES)
      throw invalid('scrypt parameters need too much memory.');
    return scryptAsync(password, salt, {
      N: n,
      r,
      p,
      dkLen: dklen,
      maxmem: MAX_SCRYPT_MEMORY_BYTES + 1024,
    });
  }
  if (crypto.kdf === 'pbkdf2') {
    const { c, prf } = crypto.kdfparams as Pbkdf2Params;
    if (prf !== 'hmac-sha256') throw invalid(`Unsupported pbkdf2 prf ${String(prf)}.`);
    if (!positiveInteger(c) || c > MAX_PBKDF2_ITERATIONS)
      throw invalid('Bad pbkdf2 iteration count.');
    return pbkdf2Async(sha256, password, salt, { c, dkLen: dklen });
  }
  throw invalid(`Unsupported key derivation ${String(crypto.kdf)}.`);
}

/**
 * The private key (64 hex characters, no 0x) inside a keystore file. The password is used as its
 * UTF-8 bytes, as geth and ethereumjs-wallet write them. An empty password is tried as such:
 * several wallets (Parity among them) wrote files without one.
 */
export async function decryptKeystore(input: string | object, password: string): Promise<string> {
  if (typeof password !== 'string') throw invalid('The password must be text.');
  const { crypto, address } = parseKeystore(input);
  const derived = await deriveKey(crypto, utf8ToBytes(password));
  const ciphertext = bytes(crypto.ciphertext);
  const macInput = new Uint8Array(16 + ciphertext.length);
  macInput.set(derived.subarray(16, 32), 0);
  macInput.set(ciphertext, 16);
  if (!equalBytes(keccak_256(macInput), bytes(crypto.mac))) {
    // A file without a password opens with an empty one; if it did not, the user owes one.
    if (password === '') {
      throw new KeyringError(
        KeyringErrorCode.keystorePasswordRequired,
        KEYSTORE_PASSWORD_REQUIRED_ERROR,
      );
    }
    throw new KeyringError(KeyringErrorCode.keystoreWrongPassword, KEYSTORE_WRONG_PASSWORD_ERROR);
  }
  const privateKey = ctr(derived.subarray(0, 16), bytes(crypto.cipherparams.iv)).decrypt(
    ciphertext,
  );
  if (privateKey.length !== 32) throw invalid('The encrypted key is not 32 bytes.');
  // The optional address field is a cheap integrity check on what was decrypted.
  if (
    address &&
    privateKeyToAddress(privateKey) !== `0x${address.replace(/^0x/i, '').toLowerCase()}`
  ) {
    throw invalid('Its address does not match its key.');
  }
  return bytesToHex(privateKey);
}

/**
 * scrypt cost of exported files: N = 2^17, r = 8, p = 1 (128 MiB, about a second), the
 * "standard" setting geth and ethers write, so every wallet opens them and a stolen file is
 * slow to guess at. Tests pass a cheaper N.
 */
export const EXPORT_SCRYPT_N = 2 ** 17;

/**
 * A keystore JSON v3 file (scrypt, AES-128-CTR) of a 32-byte private key (hex, with or without
 * 0x), encrypted with `password` as UTF-8 bytes. The caller checks the password's strength.
 */
export async function encryptKeystore(
  privateKeyHex: string,
  password: string,
  scryptN = EXPORT_SCRYPT_N,
): Promise<string> {
  const privateKey = bytes(privateKeyHex);
  if (privateKey.length !== 32) throw invalid('The key to export is not 32 bytes.');
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  const kdfparams = { n: scryptN, r: 8, p: 1, dklen: 32, salt: bytesToHex(salt) };
  const derived = await scryptAsync(utf8ToBytes(password), salt, {
    N: kdfparams.n,
    r: kdfparams.r,
    p: kdfparams.p,
    dkLen: kdfparams.dklen,
    maxmem: MAX_SCRYPT_MEMORY_BYTES + 1024,
  });
  const ciphertext = ctr(derived.subarray(0, 16), iv).encrypt(privateKey);
  const macInput = new Uint8Array(16 + ciphertext.length);
  macInput.set(derived.subarray(16, 32), 0);
  macInput.set(ciphertext, 16);
  return JSON.stringify({
    version: 3,
    id: globalThis.crypto.randomUUID(),
    address: privateKeyToAddress(privateKey).slice(2),
    crypto: {
      ciphertext: bytesToHex(ciphertext),
      cipherparams: { iv: bytesToHex(iv) },
      cipher: 'aes-128-ctr',
      kdf: 'scrypt',
      kdfparams,
      mac: bytesToHex(keccak_256(macInput)),
    },
  });
}
