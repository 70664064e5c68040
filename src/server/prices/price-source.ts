// Fiat/crypto conversion rates for GET /currency, from a CryptoCompare-shaped price API or
// from fixed offline development rates.
import { createBoundedCache, type BoundedCache } from '../cache';
import { HttpError } from '../errors';
import { fetchJson } from '../http-json';

export interface Rates {
  /** Rates keyed by the requested symbols, e.g. { USD: 1234.5 }. */
  rates: Record<string, number>;
  /** 'offline' marks fixed development rates, never market data. */
  source: 'http' | 'offline';
}

export interface PriceSource {
  getRates(fsym: string, tsyms: string[]): Promise<Rates>;
}

/**
 * Calls `GET {baseUrl}/data/price?fsym=ETH&tsyms=USD,EUR` (CryptoCompare's documented shape:
 * `{ "USD": 1234.5 }`, or `{ "Response": "Error", "Message": "..." }`). Answers are cached per
 * (fsym, tsyms) for cacheMs, and concurrent identical requests share one upstream call.
 */
export class HttpPriceSource implements PriceSource {
  private readonly cache: BoundedCache<Record<string, number>>;
  /** Calls under way; bounded by the requests in flight, each entry gone when it settles. */
  private readonly inFlight = new Map<string, Promise<Record<string, number>>>();

  constructor(
    private readonly options: {
      baseUrl: string;
      timeoutMs: number;
      cacheMs: number;
      cacheMaxEntries?: number;
      apiKey?: string;
    },
    now?: () => number,
  ) {
    this.cache = createBoundedCache({
      ttlMs: options.cacheMs,
      maxEntries: options.cacheMaxEntries,
      now,
    });
  }

  async getRates(fsym: string, tsyms: string[]): Promise<Rates> {
    const key = `${fsym}:${tsyms.join(',')}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return { rates: cached, source: 'http' };
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetchRates(fsym, tsyms).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const rates = await pending;
    this.cache.set(key, rates);
    return { rates, source: 'http' };
  }

  private async fetchRates(fsym: string, tsyms: string[]): Promise<Record<string, number>> {
    const url = new URL('/data/price', this.options.baseUrl);
    url.searchParams.set('fsym', fsym);
    url.searchParams.set('tsyms', tsyms.join(','));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) headers.authorization = `Apikey ${this.options.apiKey}`;
    const { status, body } = await fetchJson(
      'Price service',
      url,
      { headers },
      this.options.timeoutMs,
    );
    if (status < 200 || status > 299) throw new HttpError(502, `Price service answered ${status}`);
    if (typeof body !== 'object' || body === null)
      throw new HttpError(502, 'Price service answered an unexpected shape');
    const record = body as Record<string, unknown>;
    if (record.Response === 'Error') {
      throw new HttpError(
        502,
        `Price service error: ${typeof record.Message === 'string' ? record.Message : 'unknown'}`,
      );
    }
    const rates: Record<string, number> = {};
    for (const symbol of tsyms) {
      const value = record[symbol];
      if (typeof value === 'number' && Number.isFinite(value) && value >= 0) rates[symbol] = value;
    }
    if (Object.keys(rates).length === 0)
      throw new HttpError(502, `Price service has no rate for ${fsym} in ${tsyms.join(', ')}`);
    return rates;
  }
}

/** Fixed USD prices for development without network access. Not market data. */
const OFFLINE_USD: Record<string, number> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  JPY: 0.0067,
  INR: 0.012,
  ETH: 3000,
  MATIC: 0.7,
  POL: 0.7,
  BNB: 600,
  AVAX: 35,
  CELO: 0.7,
  XDAI: 1,
  OKT: 15,
  RBTC: 60000,
  BTC: 60000,
};

export class OfflinePriceSource implements PriceSource {
  async getRates(fsym: string, tsyms: string[]): Promise<Rates> {
    const from = OFFLINE_USD[fsym];
    if (from === undefined) throw new HttpError(404, `No offline rate for ${fsym}`);
    const rates: Record<string, number> = {};
    for (const symbol of tsyms) {
      const to = OFFLINE_USD[symbol];
      if (to !== undefined) rates[symbol] = Number((from / to).toPrecision(8));
    }
    if (Object.keys(rates).length === 0)
      throw new HttpError(404, `No offline rate for ${fsym} in ${tsyms.join(', ')}`);
    return { rates, source: 'offline' };
  }
}
