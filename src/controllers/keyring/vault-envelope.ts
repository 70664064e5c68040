/**
 * The stored vault envelope and its validation. Everything is checked before a key is derived:
 * an iteration count of 0 or 2^31 - 1, a short salt or an unknown algorithm is a damaged vault,
 * reported at once, not a raw WebCrypto error or an unlock that never ends.
 */
import { base64ToBytes } from '@metamask/utils';

import { CorruptVaultError } from './errors';

export const VAULT_KDF_ITERATIONS = 600_000;
/** Older wallets wrote 10,000; anything above ten million would stall unlock for minutes. */
export const MIN_KDF_ITERATIONS = 10_000;
export const MAX_KDF_ITERATIONS = 10_000_000;
const SALT_BYTES = 32;
const IV_BYTES = 12;
const KEY_CHECK_BYTES = 16;

interface EnvelopeCommon {
  kdf: { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  data: string;
}
/** v1: PBKDF2 straight into AES-GCM; a wrong password and altered data look alike. */
export interface VaultEnvelopeV1 extends EnvelopeCommon {
  version: 1;
}
/** v2: PBKDF2 then HKDF into an AES-GCM key and a key check. */
export interface VaultEnvelopeV2 extends EnvelopeCommon {
  version: 2;
  keyCheck: string;
}
export type VaultEnvelope = VaultEnvelopeV1 | VaultEnvelopeV2;

/** A validated envelope with its byte fields decoded. */
export type ParsedEnvelope = {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  data: Uint8Array<ArrayBuffer>;
} & ({ version: 1 } | { version: 2; keyCheck: string });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decode(field: string, value: unknown, length?: number): Uint8Array<ArrayBuffer> {
  if (typeof value !== 'string') throw new CorruptVaultError(`${field} is missing`);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(base64ToBytes(value));
  } catch {
    throw new CorruptVaultError(`${field} is not base64`);
  }
  if (length !== undefined && bytes.length !== length) {
    throw new CorruptVaultError(`${field} must be ${length} bytes, not ${bytes.length}`);
  }
  return bytes;
}

export function parseEnvelope(vault: string): ParsedEnvelope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(vault);
  } catch {
    throw new CorruptVaultError('not JSON');
  }
  if (!isRecord(parsed)) throw new CorruptVaultError('unknown envelope format');
  const { version, kdf, cipher } = parsed;
  if (version !== 1 && version !== 2) throw new CorruptVaultError('unknown envelope version');
  if (!isRecord(kdf) || kdf.name !== 'PBKDF2' || kdf.hash !== 'SHA-256') {
    throw new CorruptVaultError('unknown key derivation');
  }
  if (!isRecord(cipher) || cipher.name !== 'AES-GCM') throw new CorruptVaultError('unknown cipher');
  const { iterations } = kdf;
  if (
    typeof iterations !== 'number' ||
    !Number.isInteger(iterations) ||
    iterations < MIN_KDF_ITERATIONS ||
    iterations > MAX_KDF_ITERATIONS
  ) {
    throw new CorruptVaultError(
      `iteration count must be an integer from ${MIN_KDF_ITERATIONS} to ${MAX_KDF_ITERATIONS}`,
    );
  }
  const common = {
    iterations,
    salt: decode('salt', kdf.salt, SALT_BYTES),
    iv: decode('iv', cipher.iv, IV_BYTES),
    data: decode('data', parsed.data),
  };
  if (version === 1) return { version, ...common };
  decode('key check', parsed.keyCheck, KEY_CHECK_BYTES);
  return { version, keyCheck: parsed.keyCheck as string, ...common };
}

/** Whether a vault was written with an older format or weaker parameters than today's. */
export function vaultNeedsUpgrade(vault: string): boolean {
  const envelope = parseEnvelope(vault);
  return envelope.version < 2 || envelope.iterations < VAULT_KDF_ITERATIONS;
}
