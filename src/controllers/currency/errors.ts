// Why a currency change failed: stable codes next to the messages. Views and tests match on the
// code.
import { CodedError } from '../errors/coded-error';

export const CurrencyErrorCode = {
  /** Not a currency code of 2 to 10 letters. */
  invalidCurrency: 'currency.invalidCurrency',
  /** A well-formed code that is not in the supported list (src/shared/currencies.ts). */
  unsupportedCurrency: 'currency.unsupportedCurrency',
} as const;
export type CurrencyErrorCode = (typeof CurrencyErrorCode)[keyof typeof CurrencyErrorCode];

export class CurrencyError extends CodedError<{ code: CurrencyErrorCode }> {
  constructor(code: CurrencyErrorCode, message: string) {
    super({ code }, message);
    this.name = 'CurrencyError';
  }
}

export const invalidCurrency = (currency: unknown) =>
  new CurrencyError(CurrencyErrorCode.invalidCurrency, `Invalid currency: ${String(currency)}`);

export const unsupportedCurrency = (currency: string) =>
  new CurrencyError(
    CurrencyErrorCode.unsupportedCurrency,
    `Unsupported currency: ${currency}. Only listed supported currencies are allowed.`,
  );
