// Token prices by contract address for GET /tokenprices, from a CoinGecko-shaped API
// (`GET {base}/simple/token_price/{platform}?contract_addresses=…&vs_currencies=…` answering
// `{ "<address>": { "<currency>": 1.23 } }`), or none offline: there is no fixed development
// price for an arbitrary token.
import { createBoundedCache, type BoundedCache } from '../cache';
import { HttpError } from '../errors';
import { fetchJson } from '../http-json';

/** Prices by lowercase contract address, then lowercase currency. */
export type TokenPrices = Record<string, Record<string, number>>;

export interface TokenPriceSource {
  getTokenPrices(
    chainId: number,
    addresses: readonly string[],
    currencies: readonly string[],
  ): Promise<{ prices: TokenPrices; source: 'http' | 'offline' }>;
}

/** CoinGecko's asset platform ids of the supported mainnets, by chain id. */
export const DEFAULT_TOKEN_PRICE_PLATFORMS: Readonly<Record<number, string>> = {
  1: 'ethereum',
  10: 'optimistic-ethereum',
  30: 'rootstock',
  56: 'binance-smart-chain',
  66: 'okex-chain',
  100: 'xdai',
  137: 'polygon-pos',
  42161: 'arbitrum-one',
  42220: 'celo',
  43114: 'avalanche',
};

export interface HttpTokenPriceOptions {
  baseUrl: string;
  /** Sent as CoinGecko's `x-cg-pro-api-key` header when set. */
  apiKey?: string;
  timeoutMs: number;
  cacheMs: number;
  cacheMaxEntries?: number;
  /** Platform ids by chain id; chains without one have no prices. */
  platforms: Readonly<Record<number, string>>;
}

/**
 * Asks only for the (token, currency) pairs not cached, in one request per call; a price is
 * cached per pair for cacheMs, so wallets asking for overlapping lists share the answers. A
 * token the service does not price is cached as unpriced too.
 */
export class HttpTokenPriceSource implements TokenPriceSource {
  private readonly cache: BoundedCache<number | null>;

  constructor(
    private readonly options: HttpTokenPriceOptions,
    now?: () => number,
  ) {
    this.cache = createBoundedCache({
      ttlMs: options.cacheMs,
      maxEntries: options.cacheMaxEntries,
      now,
    });
  }

  async getTokenPrices(
    chainId: number,
    addresses: readonly string[],
    currencies: readonly string[],
  ): Promise<{ prices: TokenPrices; source: 'http' }> {
    const platform = this.options.platforms[chainId];
    if (!platform) return { prices: {}, source: 'http' };
    const key = (address: string, currency: string) => `${platform}:${address}:${currency}`;
    // Cached answers first (null: the service had no price); the rest in one request.
    const known = new Map<string, number | null>();
    for (const address of addresses) {
      for (const currency of currencies) {
        const cached = this.cache.get(key(address, currency));
        if (cached !== undefined) known.set(key(address, currency), cached);
      }
    }
    const missing = addresses.filter((a) => currencies.some((c) => !known.has(key(a, c))));
    if (missing.length > 0) {
      const answer = await this.fetchPrices(platform, missing, currencies);
      for (const address of missing) {
        for (const currency of currencies) {
          const price = answer[address]?.[currency] ?? null;
          known.set(key(address, currency), price);
          this.cache.set(key(address, currency), price);
        }
      }
    }
    const prices: TokenPrices = {};
    for (const address of addresses) {
      for (const currency of currencies) {
        const price = known.get(key(address, currency));
        if (typeof price === 'number') (prices[address] ??= {})[currency] = price;
      }
    }
    return { prices, source: 'http' };
  }

  private async fetchPrices(
    platform: string,
    addresses: readonly string[],
    currencies: readonly string[],
  ): Promise<TokenPrices> {
    const url = new URL(
      `simple/token_price/${encodeURIComponent(platform)}`,
      this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`,
    );
    url.searchParams.set('contract_addresses', addresses.join(','));
    url.searchParams.set('vs_currencies', currencies.join(','));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) headers['x-cg-pro-api-key'] = this.options.apiKey;
    const { status, body } = await fetchJson(
      'Token price service',
      url,
      { headers },
      this.options.timeoutMs,
    );
    if (status < 200 || status > 299)
      throw new HttpError(502, `Token price service answered ${status}`);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(502, 'Token price service answered an unexpected shape');
    }
    const prices: TokenPrices = {};
    for (const [address, entry] of Object.entries(body as Record<string, unknown>)) {
      if (typeof entry !== 'object' || entry === null) continue;
      for (const [currency, value] of Object.entries(entry as Record<string, unknown>)) {
        if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
          (prices[address.toLowerCase()] ??= {})[currency.toLowerCase()] = value;
        }
      }
    }
    return prices;
  }
}

/** No token price service configured: every token is unpriced (never made-up market data). */
export class OfflineTokenPriceSource implements TokenPriceSource {
  async getTokenPrices(): Promise<{ prices: TokenPrices; source: 'offline' }> {
    return { prices: {}, source: 'offline' };
  }
}
