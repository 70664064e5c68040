import BigNumber from 'bignumber.js';

/** Wei per gwei and per ether (spec part 2 §9). Fee inputs are gwei, the engine speaks hex wei. */
const GWEI_DECIMALS = 9;
const ETHER_DECIMALS = 18;

function parse(text: string, base: 10 | 16): BigNumber | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  try {
    const value = new BigNumber(trimmed, base);
    return value.isFinite() && !value.isNegative() ? value : null;
  } catch {
    return null;
  }
}

/** A decimal number the user typed ("1.5"), or null when it is not one (or negative). */
export function parseDecimal(text: string): BigNumber | null {
  return /^\s*\d*(\.\d*)?\s*$/.test(text) && /\d/.test(text) ? parse(text, 10) : null;
}

/** Hex (or decimal) wei → gwei as a plain decimal string without trailing zeros ("1.5"). */
export function weiToGwei(wei: string): string {
  const value = wei.startsWith('0x') ? parse(wei.slice(2) || '0', 16) : parse(wei, 10);
  return value ? value.shiftedBy(-GWEI_DECIMALS).toFixed() : '0';
}

/** Gwei as typed → hex wei, rounded down to whole wei; null when it is not a number. */
export function gweiToWeiHex(gwei: string): `0x${string}` | null {
  const value = parseDecimal(gwei);
  if (!value) return null;
  return `0x${value.shiftedBy(GWEI_DECIMALS).integerValue(BigNumber.ROUND_DOWN).toString(16)}`;
}

/** A decimal integer as typed ("21000") → hex, or null when it is not a whole number. */
export function integerToHex(text: string): `0x${string}` | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  return `0x${new BigNumber(text.trim()).toString(16)}`;
}

/** Hex → decimal string ("0x5208" → "21000"). */
export function hexToDecimal(hex: string): string {
  return (parse(hex.replace(/^0x/, '') || '0', 16) ?? new BigNumber(0)).toFixed();
}

/** gas × price-in-gwei as wei (decimal string); null when either is not a number. */
export function feeWei(gasLimit: string, gweiPrice: string): BigNumber | null {
  const gas = parseDecimal(gasLimit);
  const price = parseDecimal(gweiPrice);
  return gas && price ? gas.times(price.shiftedBy(GWEI_DECIMALS)).integerValue() : null;
}

/** Wei (BigNumber or hex) in ether with `decimals` places, rounded up (a fee is never understated). */
export function weiToEther(wei: BigNumber | string, decimals = 6): string {
  const value =
    typeof wei === 'string' ? (parse(wei.replace(/^0x/, '') || '0', 16) ?? new BigNumber(0)) : wei;
  return value.shiftedBy(-ETHER_DECIMALS).decimalPlaces(decimals, BigNumber.ROUND_UP).toFixed();
}
