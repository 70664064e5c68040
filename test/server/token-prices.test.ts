// GET /tokenprices through the CoinGecko-shaped adapter against a local server of that shape,
// and with none configured.
import { DEFAULT_TOKEN_PRICE_PLATFORMS } from '../../src/server/prices/token-price-source';
import { useTestServer } from './helpers';
import { startTokenPriceApi, type TokenPriceApi } from './token-price-api';

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);
const C = '0x' + 'c'.repeat(40);

describe('GET /tokenprices', () => {
  let api: TokenPriceApi;
  beforeAll(async () => {
    api = await startTokenPriceApi();
    api.market.ethereum = { [A]: { usd: 1.001, eur: 0.93 }, [B]: { usd: 2500 } };
    api.market.localhost = { [C]: { usd: 3 } };
  });
  afterAll(async () => {
    await api?.close();
  });
  const suite = useTestServer('pglite', () => ({
    tokenPrices: {
      url: api.url,
      apiKey: 'cg-key',
      timeoutMs: 400,
      cacheMs: 60_000,
      platforms: { ...DEFAULT_TOKEN_PRICE_PLATFORMS, 5777: 'localhost' },
    },
  }));

  it('answers prices by lowercase address and currency, leaving out unpriced tokens', async () => {
    const res = await suite.request(
      'GET',
      `/tokenprices?chainId=0x1&contract_addresses=${A.toUpperCase().replace('0X', '0x')},${C}&vs_currencies=USD,eur`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-orrery-price-source')).toBe('http');
    expect(res.body).toEqual({ [A]: { usd: 1.001, eur: 0.93 } });
    expect(api.lastApiKey).toBe('cg-key');
    expect(api.calls.at(-1)).toBe(`ethereum:${A},${C}:usd,eur`);
  });

  it('asks the service only for pairs it has not answered lately', async () => {
    const before = api.calls.length;
    const res = await suite.request(
      'GET',
      `/tokenprices?chainId=1&contract_addresses=${A},${B},${C}&vs_currencies=usd`,
    );
    expect(res.body).toEqual({ [A]: { usd: 1.001 }, [B]: { usd: 2500 } });
    // A and C (unpriced) were answered by the first request: only B is new.
    expect(api.calls.slice(before)).toEqual([`ethereum:${B}:usd`]);
  });

  it('maps each chain to its platform; a chain without one has no prices and no request', async () => {
    const local = await suite.request(
      'GET',
      `/tokenprices?chainId=0x1691&contract_addresses=${C}&vs_currencies=usd`,
    );
    expect(local.body).toEqual({ [C]: { usd: 3 } });
    const before = api.calls.length;
    const none = await suite.request(
      'GET',
      `/tokenprices?chainId=0xaa36a7&contract_addresses=${C}&vs_currencies=usd`,
    );
    expect(none.body).toEqual({});
    expect(api.calls.length).toBe(before);
  });

  it('refuses malformed queries and reports a failing service as 502', async () => {
    for (const query of [
      `chainId=1&contract_addresses=0x12&vs_currencies=usd`,
      `chainId=1&contract_addresses=${A}&vs_currencies=u$d`,
      `chainId=one&contract_addresses=${A}&vs_currencies=usd`,
      `chainId=1&contract_addresses=${Array(101).fill(A).join(',')}&vs_currencies=usd`,
    ]) {
      expect((await suite.request('GET', `/tokenprices?${query}`)).status).toBe(400);
    }
    api.down = true;
    try {
      const res = await suite.request(
        'GET',
        `/tokenprices?chainId=56&contract_addresses=${A}&vs_currencies=usd`,
      );
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/Token price service answered 500/);
    } finally {
      api.down = false;
    }
  });
});

describe('GET /tokenprices without a price service', () => {
  const suite = useTestServer('pglite');

  it('prices nothing and says so', async () => {
    const res = await suite.request(
      'GET',
      `/tokenprices?chainId=1&contract_addresses=${A}&vs_currencies=usd`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(res.headers.get('x-orrery-price-source')).toBe('offline');
  });
});
