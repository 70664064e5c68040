// App-scoped keys (spec part 1 §3): one key per dapp project, derived in the engine only when
// both the user's threshold key and postbox key exist, so a dapp given its app-scoped key learns
// neither of them nor any other project's key. Nothing is stored or sent: the same two keys and
// project id give the same key on every device.
//
// The spec names no algorithm, so this one is Orrery's (version 1, fixed by the vectors in
// test/controllers/login/app-scoped-key.test.ts):
//   okm = HKDF-SHA-256(ikm = thresholdKey ‖ postboxKey, salt = "orrery app-scoped key v1",
//                      info = UTF-8(projectId), 48 bytes)
//   key = (okm mod (n − 1)) + 1
// 48 bytes reduced modulo the curve order (FIPS 186-5 A.2.1) make the bias negligible, and the
// +1 keeps the key out of zero.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

import {
  APP_SCOPED_UNAVAILABLE_ERROR,
  INVALID_PROJECT_ID_ERROR,
  LoginError,
  LoginErrorCode,
} from './errors';

const SALT = utf8ToBytes('orrery app-scoped key v1');
const CURVE_ORDER = secp256k1.Point.CURVE().n;

/** A developer-dashboard project id: base64 (spec part 1 §3), at most 256 characters. */
const PROJECT_ID = /^[A-Za-z0-9+/_-]{1,254}={0,2}$/u;

/** A key's 32 bytes; anything else is refused as a missing key (a caller's bug, never a user's). */
function keyBytes(key: string): Uint8Array {
  const hex = key.replace(/^0x/iu, '');
  const value = /^[0-9a-fA-F]{64}$/u.test(hex) ? BigInt(`0x${hex}`) : 0n;
  if (value === 0n || value >= CURVE_ORDER)
    throw new LoginError(LoginErrorCode.appScopedUnavailable, APP_SCOPED_UNAVAILABLE_ERROR);
  return hexToBytes(hex.toLowerCase());
}

export function isProjectId(value: unknown): value is string {
  return typeof value === 'string' && PROJECT_ID.test(value);
}

/**
 * The app-scoped private key of `projectId` (64 lowercase hex characters, no 0x). Refuses a
 * missing or malformed threshold or postbox key: the spec derives only when both exist.
 */
export function deriveAppScopedKey(
  thresholdKey: string | null | undefined,
  postboxKey: string | null | undefined,
  projectId: string,
): string {
  if (!thresholdKey || !postboxKey)
    throw new LoginError(LoginErrorCode.appScopedUnavailable, APP_SCOPED_UNAVAILABLE_ERROR);
  if (!isProjectId(projectId))
    throw new LoginError(LoginErrorCode.invalidProjectId, INVALID_PROJECT_ID_ERROR);
  const ikm = new Uint8Array(64);
  ikm.set(keyBytes(thresholdKey), 0);
  ikm.set(keyBytes(postboxKey), 32);
  const okm = hkdf(sha256, ikm, SALT, utf8ToBytes(projectId), 48);
  ikm.fill(0);
  const scalar = (BigInt(`0x${bytesToHex(okm)}`) % (CURVE_ORDER - 1n)) + 1n;
  return scalar.toString(16).padStart(64, '0');
}
