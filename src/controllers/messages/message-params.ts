/** Shared checks and conversions for dapp signing requests (spec part 1 §5, Signing). */
import type { Hex } from '../../shared/primitives';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { isValidAddress as isHexAddress, isValidChecksumAddress } from '@ethereumjs/util';
import { rpcErrors } from '@metamask/rpc-errors';

export const FROM_REQUIRED_MESSAGE = 'from field is required.';

/** A clear -32602 error for a malformed request. */
export function invalidParams(message: string): Error {
  return rpcErrors.invalidParams({ message });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An Ethereum address: 0x and 40 hex digits, all lowercase, all uppercase, or with a valid EIP-55
 * checksum (a mistyped checksummed address is refused).
 */
export function isValidAddress(value: unknown): value is string {
  if (typeof value !== 'string' || !isHexAddress(value)) return false;
  const body = value.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return isValidChecksumAddress(value);
}

/** Spec: data not 0x-prefixed is utf8 and is hex-encoded; 0x data is kept (lowercased). */
export function normalizeMessageData(data: unknown): Hex {
  if (typeof data !== 'string') throw invalidParams('Message data must be a string.');
  if (data.startsWith('0x') || data.startsWith('0X')) {
    const body = data.slice(2);
    if (!/^[0-9a-fA-F]*$/.test(body) || body.length % 2 !== 0) {
      throw invalidParams('Message data is not valid hex.');
    }
    return `0x${body.toLowerCase()}`;
  }
  return `0x${bytesToHex(utf8ToBytes(data))}`;
}

/** The `from` address, required and valid; returned lowercase. */
export function requireFrom(from: unknown): Hex {
  if (from === undefined || from === null || from === '')
    throw invalidParams(FROM_REQUIRED_MESSAGE);
  if (!isValidAddress(from)) {
    throw invalidParams(`Invalid "from" address: ${String(from)}`);
  }
  return from.toLowerCase() as Hex;
}

/** keccak256 of utf-8 text, as 0x hex. */
export function keccakText(text: string): Hex {
  return `0x${bytesToHex(keccak_256(utf8ToBytes(text)))}`;
}
