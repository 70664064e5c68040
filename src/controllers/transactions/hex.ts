/** Small hex helpers: quantities are 0x-prefixed, lowercase, without leading zeros. */
import { isAddress } from '../../shared/primitives';

export function addHexPrefix(value: string): string {
  return value.startsWith('0x') || value.startsWith('0X') ? `0x${value.slice(2)}` : `0x${value}`;
}

export function toHex(value: bigint | number): string {
  return `0x${BigInt(value).toString(16)}`;
}

export function hexToBigInt(value: string | undefined | null): bigint {
  if (!value || value === '0x') return 0n;
  return BigInt(value);
}

export function hexToNumber(value: string | undefined | null): number {
  return Number(hexToBigInt(value));
}

export function isHexString(value: unknown): value is string {
  return typeof value === 'string' && /^0x[0-9a-fA-F]*$/u.test(value);
}

/** The shared address rule (src/shared/primitives), under the name the transaction modules use. */
export { isAddress as isValidAddress };

/** Multiplies a hex quantity by a fraction, rounding up, so a bump is never below the ratio. */
export function multiplyHex(value: string, numerator: bigint, denominator: bigint): string {
  const product = hexToBigInt(value) * numerator;
  return toHex((product + denominator - 1n) / denominator);
}
