import BigNumber from 'bignumber.js';

/** Display and fiat arithmetic on exact decimals: wei amounts exceed what a float can hold. */

/** Decimal places shown: 3 when the amount is in the network's own ticker, else 2 (spec §5). */
export function displayDecimals(currency: string, networkTicker: string): number {
  return currency.toLowerCase() === networkTicker.toLowerCase() ? 3 : 2;
}

function parseNumber(text: string, base: 10 | 16): BigNumber | null {
  try {
    const value = new BigNumber(text, base);
    return value.isFinite() && !value.isNegative() ? value : null;
  } catch {
    return null; // bignumber.js throws on text that is not a number in that base
  }
}

function parseUnits(amount: string): BigNumber {
  const hex = amount.startsWith('0x');
  const value = parseNumber(hex ? amount.slice(2) : amount, hex ? 16 : 10);
  if (!value) throw new Error(`Not an amount: ${amount}`);
  return value;
}

/**
 * An integer amount in base units (wei, hex or decimal) as a decimal string in whole tokens,
 * rounded down so a balance is never shown larger than it is.
 */
export function formatTokenAmount(
  baseUnits: string,
  tokenDecimals: number,
  shownDecimals: number,
): string {
  return parseUnits(baseUnits)
    .shiftedBy(-tokenDecimals)
    .decimalPlaces(shownDecimals, BigNumber.ROUND_DOWN)
    .toFormat(shownDecimals);
}

/** What an amount in base units is worth at `rate` (fiat per whole token), to the cent. */
export function toFiat(baseUnits: string, tokenDecimals: number, rate: number | string): string {
  const fiatRate = parseNumber(String(rate), 10);
  if (!fiatRate) throw new Error(`Not a rate: ${String(rate)}`);
  return parseUnits(baseUnits)
    .shiftedBy(-tokenDecimals)
    .times(fiatRate)
    .decimalPlaces(2, BigNumber.ROUND_HALF_UP)
    .toFormat(2);
}
