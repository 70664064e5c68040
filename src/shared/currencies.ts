/**
 * The currencies amounts may be shown in (spec part 2 §9: 'A fiat and crypto currency code set
 * of about 70 codes'; part 1 §5: 'Only listed supported currencies are allowed'). Uppercase
 * codes; fiat by ISO 4217, crypto by their usual tickers. No imports: views read it directly.
 */
export const SUPPORTED_FIAT_CURRENCIES = [
  'USD', 'EUR', 'GBP', 'JPY', 'KRW', 'CNY', 'AUD', 'CAD', 'CHF', 'HKD',
  'SGD', 'TWD', 'INR', 'IDR', 'MYR', 'PHP', 'THB', 'VND', 'NZD', 'SEK',
  'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'RON', 'BGN', 'ISK', 'TRY', 'RUB',
  'UAH', 'ILS', 'AED', 'SAR', 'QAR', 'KWD', 'BHD', 'EGP', 'NGN', 'KES',
  'ZAR', 'MXN', 'BRL', 'ARS', 'CLP', 'COP', 'PEN', 'PKR', 'BDT', 'LKR',
] as const; // prettier-ignore

export const SUPPORTED_CRYPTO_CURRENCIES = [
  'ETH', 'BTC', 'MATIC', 'BNB', 'OKT', 'XDAI', 'RBTC', 'REEF', 'CELO', 'AVAX',
  'DAI', 'USDC', 'USDT', 'SOL', 'DOT', 'ADA', 'XRP', 'LTC', 'LINK', 'UNI',
] as const; // prettier-ignore

/** Every supported code, fiat first (70). */
export const SUPPORTED_CURRENCIES: readonly string[] = [
  ...SUPPORTED_FIAT_CURRENCIES,
  ...SUPPORTED_CRYPTO_CURRENCIES,
];

export const DEFAULT_DISPLAY_CURRENCY = 'USD';

/** Whether `code` (any case) is a supported code or the network's own ticker. */
export function isSupportedCurrency(code: string, networkTicker = 'ETH'): boolean {
  const upper = code.toUpperCase();
  return upper === networkTicker.toUpperCase() || SUPPORTED_CURRENCIES.includes(upper);
}
