/** Wei/gwei conversions for gas values (spec part 2 §9: 1e9 wei per gwei). */
import BigNumber from 'bignumber.js';

const WEI_PER_GWEI = new BigNumber(1e9);

/** A decimal gwei string without trailing zeros, at wei precision (9 decimals), e.g. '1.5'. */
export function weiToGweiString(wei: bigint | string): string {
  const value = new BigNumber(typeof wei === 'bigint' ? wei.toString() : BigInt(wei).toString());
  return value.dividedBy(WEI_PER_GWEI).decimalPlaces(9, BigNumber.ROUND_DOWN).toFixed();
}

/** Decimal gwei to wei, rounding down to whole wei. Throws on anything that is not a non-negative number. */
export function gweiStringToWei(gwei: string): bigint {
  if (!isDecimalString(gwei)) throw new Error(`Invalid gwei amount "${gwei}".`);
  return BigInt(
    new BigNumber(gwei).multipliedBy(WEI_PER_GWEI).integerValue(BigNumber.ROUND_DOWN).toFixed(),
  );
}

/** Decimal gwei to a 0x-prefixed hex wei quantity, as transaction params carry fees. */
export function gweiStringToWeiHex(gwei: string): `0x${string}` {
  return `0x${gweiStringToWei(gwei).toString(16)}`;
}

/** A plain non-negative decimal such as '12' or '0.05' (what the gas APIs send). */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(value.trim());
}
