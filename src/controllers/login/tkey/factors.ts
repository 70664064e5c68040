// A threshold (tKey) account: its key K is split 2-of-n (shamir-secret-sharing, the library the
// key nodes' shares use) with one share per factor: the social factor (opened by the postbox key
// the key nodes rebuild), each device, the password, the backup phrase. Any two shares rebuild K.
//
// No share is ever stored in clear. Each factor has its own 32-byte wrap key and its share is
// sealed under it in the metadata: the social factor's wrap key is derived from the postbox key,
// a device's is kept on that device only, the password's is sealed under scrypt(password), the
// backup's is the phrase's entropy. Every wrap key is also sealed under a key derived from K, so
// whoever holds K can re-split: each change (a device added or removed, a password set, a phrase
// made) draws a new polynomial, which makes the shares of a removed factor worthless while the
// wrap keys that devices and the user hold stay valid.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { combine, split } from 'shamir-secret-sharing';

import { isStrongPassword } from '../../../shared/password-rules';
import type { Hex } from '../../../shared/primitives';
import { privateKeyToAddress } from '../../keyring/sign-transaction';
import {
  bytesToHex,
  commitment,
  deriveKey,
  hexToBytes,
  open,
  PASSWORD_SCRYPT,
  passwordKey,
  randomBytes,
  seal,
  type ScryptParams,
  toBase64,
  fromBase64,
} from './crypto';
import { TKeyError, TKeyErrorCode } from './errors';
import { keyToPhrase, phraseToKey } from './phrase';

export type FactorType = 'social' | 'device' | 'password' | 'backup';

/** How a password factor's wrap key is kept: sealed under scrypt(password, salt). */
export interface PasswordLock {
  salt: string;
  N: number;
  r: number;
  p: number;
  sealedWrap: string;
}

/** One factor as the metadata keeps it: which share index, its commitment, sealed values only. */
export interface FactorRecord {
  id: string;
  type: FactorType;
  /** The share's x coordinate (shamir-secret-sharing's last byte). */
  shareIndex: number;
  /** SHA-256 of the share, hex: a public commitment checked before combining. */
  commitment: string;
  /** The share sealed under this factor's wrap key. */
  sealedShare: string;
  /** The wrap key sealed under K's refresh key. */
  sealedWrap: string;
  createdAt: number;
  /** A device's description for the settings list. */
  label?: string;
  password?: PasswordLock;
}

/** The tKey metadata (stored encrypted under the postbox key on the key nodes). */
export interface TKeyMetadata {
  format: 1;
  /** K's address: the threshold account. */
  address: Hex;
  threshold: 2;
  factors: FactorRecord[];
}

/** What this device keeps of its factor (engine persistence, never UI state). */
export type DeviceFactor = {
  factorId: string;
  /** 64 hex characters. */
  wrapKey: string;
};

/** The second factor offered to open the account (the first is always the social login). */
export type SecondFactor =
  | { type: 'device'; device: DeviceFactor }
  | { type: 'password'; password: string }
  | { type: 'phrase'; phrase: string };

export interface ThresholdKey {
  /** 64 lowercase hex, no 0x. */
  privateKey: string;
  address: Hex;
}

interface FactorSecret {
  id: string;
  type: FactorType;
  wrap: Uint8Array;
  createdAt: number;
  label?: string;
  password?: PasswordLock;
}

const SOCIAL = 'social factor v1';
const REFRESH = 'tkey refresh v1';

function newId(): string {
  return bytesToHex(randomBytes(8));
}

function keyBytes(privateKey: string): Uint8Array {
  return hexToBytes(privateKey.replace(/^0x/iu, '').padStart(64, '0'));
}

async function lockPassword(
  wrap: Uint8Array,
  password: string,
  params: ScryptParams,
): Promise<PasswordLock> {
  if (!isStrongPassword(password)) throw new TKeyError(TKeyErrorCode.weakPassword);
  const salt = randomBytes(16);
  const key = await passwordKey(password, salt, params);
  return { salt: toBase64(salt), ...params, sealedWrap: seal(key, wrap) };
}

/** Splits K afresh over `secrets` (one share each) and seals everything. */
async function buildMetadata(key: ThresholdKey, secrets: FactorSecret[]): Promise<TKeyMetadata> {
  if (secrets.length < 2 || secrets.filter((s) => s.type === 'social').length !== 1)
    throw new TKeyError(TKeyErrorCode.lastFactor);
  const shares = await split(keyBytes(key.privateKey), secrets.length, 2);
  const refresh = deriveKey(key.privateKey, REFRESH);
  const factors = secrets.map((secret, i): FactorRecord => {
    const share = shares[i]!;
    return {
      id: secret.id,
      type: secret.type,
      shareIndex: share[share.length - 1]!,
      commitment: commitment(share),
      sealedShare: seal(secret.wrap, share),
      sealedWrap: seal(refresh, secret.wrap),
      createdAt: secret.createdAt,
      ...(secret.label !== undefined ? { label: secret.label } : {}),
      ...(secret.password ? { password: secret.password } : {}),
    };
  });
  return { format: 1, address: key.address, threshold: 2, factors };
}

/** The factors' wrap keys, opened with K (for a change). */
function secretsOf(key: ThresholdKey, metadata: TKeyMetadata): FactorSecret[] {
  if (metadata.address !== key.address) throw new TKeyError(TKeyErrorCode.badMetadata);
  const refresh = deriveKey(key.privateKey, REFRESH);
  return metadata.factors.map((f) => {
    const wrap = open(refresh, f.sealedWrap);
    if (!wrap) throw new TKeyError(TKeyErrorCode.badMetadata);
    return {
      id: f.id,
      type: f.type,
      wrap,
      createdAt: f.createdAt,
      ...(f.label !== undefined ? { label: f.label } : {}),
      ...(f.password ? { password: f.password } : {}),
    };
  });
}

/**
 * A new threshold account for the user whose postbox key (the social factor) is `postboxKey`:
 * a fresh K with shares for the social factor, this device and, if given, a password.
 */
export async function createThresholdKey(
  postboxKey: string,
  options: { deviceLabel: string; password?: string; scrypt?: ScryptParams; now?: number },
): Promise<{ key: ThresholdKey; metadata: TKeyMetadata; device: DeviceFactor }> {
  const now = options.now ?? Date.now();
  // The platform's secure random source, kept within the curve order.
  const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
  const key: ThresholdKey = {
    privateKey,
    address: privateKeyToAddress(privateKey).toLowerCase() as Hex,
  };
  const device: DeviceFactor = { factorId: newId(), wrapKey: bytesToHex(randomBytes(32)) };
  const secrets: FactorSecret[] = [
    { id: newId(), type: 'social', wrap: deriveKey(postboxKey, SOCIAL), createdAt: now },
    {
      id: device.factorId,
      type: 'device',
      wrap: hexToBytes(device.wrapKey),
      createdAt: now,
      label: options.deviceLabel,
    },
  ];
  if (options.password !== undefined) {
    const wrap = randomBytes(32);
    const password = await lockPassword(wrap, options.password, options.scrypt ?? PASSWORD_SCRYPT);
    secrets.push({ id: newId(), type: 'password', wrap, createdAt: now, password });
  }
  return { key, metadata: await buildMetadata(key, secrets), device };
}

function shareOf(record: FactorRecord, wrap: Uint8Array): Uint8Array | null {
  const share = open(wrap, record.sealedShare);
  if (!share || commitment(share) !== record.commitment) return null;
  return share;
}

/** The second factor's share; refuses a wrong password, phrase or device with its own code. */
async function secondShare(metadata: TKeyMetadata, second: SecondFactor): Promise<Uint8Array> {
  const ofType = (type: FactorType) => metadata.factors.filter((f) => f.type === type);
  if (second.type === 'device') {
    const record = ofType('device').find((f) => f.id === second.device.factorId);
    if (!record || !/^[0-9a-f]{64}$/iu.test(second.device.wrapKey))
      throw new TKeyError(TKeyErrorCode.unknownDevice);
    const share = shareOf(record, hexToBytes(second.device.wrapKey));
    if (!share) throw new TKeyError(TKeyErrorCode.unknownDevice);
    return share;
  }
  if (second.type === 'password') {
    const record = ofType('password')[0];
    if (!record?.password) throw new TKeyError(TKeyErrorCode.oneFactor);
    const { salt, N, r, p, sealedWrap } = record.password;
    const wrap = open(
      await passwordKey(second.password, fromBase64(salt), { N, r, p }),
      sealedWrap,
    );
    if (!wrap) throw new TKeyError(TKeyErrorCode.wrongPassword);
    const share = shareOf(record, wrap);
    if (!share) throw new TKeyError(TKeyErrorCode.badMetadata);
    return share;
  }
  const wrap = phraseToKey(second.phrase);
  if (!wrap) throw new TKeyError(TKeyErrorCode.wrongPhrase);
  const record = ofType('backup')[0];
  if (!record) throw new TKeyError(TKeyErrorCode.oneFactor);
  const share = shareOf(record, wrap);
  if (!share) throw new TKeyError(TKeyErrorCode.wrongPhrase);
  return share;
}

/**
 * Opens K with two factors: the social login (its postbox key) and one more. The rebuilt key
 * must be the metadata's address, or nothing is returned.
 */
export async function openThresholdKey(
  postboxKey: string,
  metadata: TKeyMetadata,
  second: SecondFactor | undefined,
): Promise<ThresholdKey> {
  if (!second) throw new TKeyError(TKeyErrorCode.oneFactor);
  const social = metadata.factors.find((f) => f.type === 'social');
  const socialShare = social && shareOf(social, deriveKey(postboxKey, SOCIAL));
  if (!socialShare) throw new TKeyError(TKeyErrorCode.badMetadata);
  const other = await secondShare(metadata, second);
  if (bytesToHex(other) === bytesToHex(socialShare)) throw new TKeyError(TKeyErrorCode.oneFactor);
  const privateKey = bytesToHex(await combine([socialShare, other])).padStart(64, '0');
  let address: string;
  try {
    address = privateKeyToAddress(privateKey).toLowerCase();
  } catch (cause) {
    throw new TKeyError(TKeyErrorCode.badMetadata, { cause });
  }
  if (address !== metadata.address) throw new TKeyError(TKeyErrorCode.badMetadata);
  return { privateKey, address: address as Hex };
}

/** Adds this device as a factor (the new-device flow's last step); all shares are redrawn. */
export async function addDevice(
  key: ThresholdKey,
  metadata: TKeyMetadata,
  label: string,
  now = Date.now(),
): Promise<{ metadata: TKeyMetadata; device: DeviceFactor }> {
  const device: DeviceFactor = { factorId: newId(), wrapKey: bytesToHex(randomBytes(32)) };
  const secrets = secretsOf(key, metadata);
  secrets.push({
    id: device.factorId,
    type: 'device',
    wrap: hexToBytes(device.wrapKey),
    createdAt: now,
    label,
  });
  return { metadata: await buildMetadata(key, secrets), device };
}

/**
 * Removes a device (or any non-social factor): shares are redrawn, so the removed factor's share
 * no longer combines with anything. The social factor and one more always stay.
 */
export async function removeFactor(
  key: ThresholdKey,
  metadata: TKeyMetadata,
  factorId: string,
): Promise<TKeyMetadata> {
  const secrets = secretsOf(key, metadata);
  const target = secrets.find((s) => s.id === factorId);
  if (!target) throw new TKeyError(TKeyErrorCode.unknownDevice);
  if (target.type === 'social') throw new TKeyError(TKeyErrorCode.lastFactor);
  return buildMetadata(
    key,
    secrets.filter((s) => s.id !== factorId),
  );
}

/** Adds the password factor, or changes its password (a new wrap key: the old password opens nothing). */
export async function setPassword(
  key: ThresholdKey,
  metadata: TKeyMetadata,
  password: string,
  options: { scrypt?: ScryptParams; now?: number } = {},
): Promise<TKeyMetadata> {
  const wrap = randomBytes(32);
  const lock = await lockPassword(wrap, password, options.scrypt ?? PASSWORD_SCRYPT);
  const secrets = secretsOf(key, metadata).filter((s) => s.type !== 'password');
  secrets.push({
    id: newId(),
    type: 'password',
    wrap,
    createdAt: options.now ?? Date.now(),
    password: lock,
  });
  return buildMetadata(key, secrets);
}

/**
 * The backup phrase (24 words). The first export adds the backup factor (new metadata to store);
 * later exports give the same words back.
 */
export async function exportBackupPhrase(
  key: ThresholdKey,
  metadata: TKeyMetadata,
  now = Date.now(),
): Promise<{ phrase: string; metadata: TKeyMetadata | null }> {
  const secrets = secretsOf(key, metadata);
  const backup = secrets.find((s) => s.type === 'backup');
  if (backup) return { phrase: keyToPhrase(backup.wrap), metadata: null };
  const wrap = randomBytes(32);
  secrets.push({ id: newId(), type: 'backup', wrap, createdAt: now });
  return { phrase: keyToPhrase(wrap), metadata: await buildMetadata(key, secrets) };
}

/** What settings may show of the factors: kinds, ids, labels and dates; nothing secret. */
export function describeFactors(metadata: TKeyMetadata) {
  return metadata.factors.map((f) => ({
    id: f.id,
    type: f.type,
    createdAt: f.createdAt,
    ...(f.label !== undefined ? { label: f.label } : {}),
  }));
}
