/**
 * Wallet keys as the vault stores them (spec part 1 §3): privKey as 64 hex characters without
 * 0x, its account type, and its lowercase address. Validation of imported keys lives here.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';

import type { Hex } from '../../shared/primitives';
import { EMPTY_KEY_ERROR, INVALID_KEY_ERROR, KeyringError, KeyringErrorCode } from './errors';
import { privateKeyToAddress } from './sign-transaction';

export const ACCOUNT_TYPES = ['normal', 'threshold', 'app_scoped', 'imported'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** A key list entry. Exists only inside the decrypted vault contents. */
export interface KeyEntry {
  /** 64 lowercase hex characters, no 0x prefix. */
  privKey: string;
  accountType: AccountType;
  /** Lowercase 0x address. */
  ethAddress: Hex;
}

export function isAccountType(value: unknown): value is AccountType {
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value);
}

/**
 * A key from the login flow: a big-number hex string that may have lost leading zeros, so it is
 * padded to 64 characters (spec: keys are padded to 64 hex characters).
 */
export function keyEntryFromLoginKey(privKey: string, accountType: AccountType): KeyEntry {
  if (!isAccountType(accountType)) throw new Error(`Unknown account type: ${String(accountType)}`);
  const hex = privKey.trim().replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{1,64}$/.test(hex))
    throw new KeyringError(KeyringErrorCode.invalidKey, INVALID_KEY_ERROR);
  return entryFromPaddedKey(hex.padStart(64, '0'), accountType);
}

/**
 * A key the user typed or pasted: 0x optional, surrounding whitespace ignored, exactly 32 bytes,
 * and inside the curve order (zero and out-of-range keys are refused).
 */
export function keyEntryFromImportedKey(input: string): KeyEntry {
  const hex = (typeof input === 'string' ? input : '').trim().replace(/^0x/i, '');
  if (!hex) throw new KeyringError(KeyringErrorCode.emptyKey, EMPTY_KEY_ERROR);
  if (!/^[0-9a-fA-F]{64}$/.test(hex))
    throw new KeyringError(KeyringErrorCode.invalidKey, INVALID_KEY_ERROR);
  return entryFromPaddedKey(hex.toLowerCase(), 'imported');
}

/** A new key from the platform's secure random source, within the curve order; a 'normal' account. */
export function newRandomKeyEntry(): KeyEntry {
  return entryFromPaddedKey(bytesToHex(secp256k1.utils.randomSecretKey()), 'normal');
}

function entryFromPaddedKey(privKey: string, accountType: AccountType): KeyEntry {
  let ethAddress: Hex;
  try {
    ethAddress = privateKeyToAddress(privKey);
  } catch {
    throw new KeyringError(KeyringErrorCode.invalidKey, INVALID_KEY_ERROR);
  }
  return { privKey, accountType, ethAddress };
}

/** Checks a key list read back from the vault; anything malformed is reported, never dropped. */
export function parseKeyEntries(data: unknown): KeyEntry[] {
  if (!Array.isArray(data)) throw new Error('the key list is not an array');
  return data.map((item: unknown, index) => {
    const entry = item as Partial<KeyEntry> | null;
    if (
      typeof entry?.privKey !== 'string' ||
      !/^[0-9a-f]{64}$/.test(entry.privKey) ||
      !isAccountType(entry.accountType) ||
      typeof entry.ethAddress !== 'string'
    ) {
      throw new Error(`key ${index} is malformed`);
    }
    return {
      privKey: entry.privKey,
      accountType: entry.accountType,
      ethAddress: entry.ethAddress as Hex,
    };
  });
}
