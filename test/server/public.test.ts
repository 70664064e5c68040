// Public routes on both backends: dapps, billboard and announcements grouping, and /currency
// through the price adapter against a local CryptoCompare-shaped server.
import { HttpPriceSource, OfflinePriceSource } from '../../src/server/prices/price-source';
import { BACKENDS, useTestServer } from './helpers';
import { startPriceApi, type PriceApi } from './price-api';

describe.each(BACKENDS)('public routes on %s', (backend) => {
  let priceApi: PriceApi;
  beforeAll(async () => {
    priceApi = await startPriceApi();
  });
  afterAll(async () => {
    await priceApi?.close();
  });
  const suite = useTestServer(backend, () => ({
    priceSource: {
      kind: 'http',
      url: priceApi.url,
      apiKey: 'k1',
      timeoutMs: 400,
      cacheMs: 60_000,
    },
  }));
  const { request } = suite;

  it('lists dapps in their display order', async () => {
    expect((await request('GET', '/dapps')).body).toEqual({ dapps: [] });
    await suite.server.database.db
      .insertInto('dapps')
      .values([
        { name: 'Second', url: 'https://b.example', position: 2 },
        { name: 'First', url: 'https://a.example', position: 1, category: 'defi' },
      ])
      .execute();
    const res = await request('GET', '/dapps');
    expect(res.body.dapps.map((d: { name: string }) => d.name)).toEqual(['First', 'Second']);
    expect(res.body.dapps[0]).toMatchObject({
      url: 'https://a.example',
      category: 'defi',
      logo: null,
    });
  });

  it('groups the billboard by call-to-action link, then locale, leaving out inactive items', async () => {
    await suite.server.database.db
      .insertInto('billboard')
      .values([
        { call_to_action_link: 'https://x.example', locale: 'en', title: 'X' },
        { call_to_action_link: 'https://x.example', locale: 'de', title: 'X de' },
        { call_to_action_link: 'https://y.example', locale: 'en', title: 'Y' },
        { call_to_action_link: 'https://z.example', locale: 'en', title: 'Z', active: false },
      ])
      .execute();
    const res = await request('GET', '/billboard');
    expect(Object.keys(res.body).sort()).toEqual(['https://x.example', 'https://y.example']);
    expect(Object.keys(res.body['https://x.example']).sort()).toEqual(['de', 'en']);
    expect(res.body['https://x.example'].de).toMatchObject({ title: 'X de', locale: 'de' });
  });

  it('groups announcements by locale, newest first', async () => {
    await suite.server.database.db
      .insertInto('announcements')
      .values([
        { locale: 'en', announcement: 'old' },
        { locale: 'en', announcement: 'new' },
        { locale: 'ja', announcement: 'ja one' },
        { locale: 'en', announcement: 'hidden', active: false },
      ])
      .execute();
    const res = await request('GET', '/announcements');
    expect(Object.keys(res.body).sort()).toEqual(['en', 'ja']);
    expect(res.body.en.map((a: { announcement: string }) => a.announcement)).toEqual([
      'new',
      'old',
    ]);
  });

  describe('GET /currency', () => {
    it('returns rates keyed by currency from the price API, then from its cache', async () => {
      const before = priceApi.calls.length;
      const res = await request('GET', '/currency?fsym=eth&tsyms=USD,eur');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ USD: 1234.5, EUR: 1100.25, source: 'http' });
      expect(res.headers.get('x-orrery-price-source')).toBe('http');
      expect(priceApi.lastAuthorization).toBe('Apikey k1');
      await request('GET', '/currency?fsym=ETH&tsyms=USD,EUR');
      expect(priceApi.calls.slice(before)).toEqual(['ETH:USD,EUR']);
    });

    it('fails clearly when the price API errs, is down or is too slow', async () => {
      expect(await request('GET', '/currency?fsym=NOPE&tsyms=USD')).toMatchObject({
        status: 502,
        body: {
          error: expect.stringMatching(
            /^Price service error: cccagg_or_exchange market does not exist/,
          ),
        },
      });
      expect(await request('GET', '/currency?fsym=DOWN&tsyms=USD')).toMatchObject({
        status: 502,
        body: { error: 'Price service answered 500 with a body that is not JSON' },
      });
      expect(await request('GET', '/currency?fsym=SLOW&tsyms=USD')).toMatchObject({
        status: 504,
        body: { error: 'Price service timed out after 400 ms' },
      });
      expect(await request('GET', '/currency?fsym=BNB&tsyms=EUR')).toMatchObject({
        status: 502,
        body: { error: 'Price service has no rate for BNB in EUR' },
      });
    });

    it('names the bad query field', async () => {
      expect(await request('GET', '/currency?fsym=ETH')).toMatchObject({
        status: 400,
        body: { error: 'querystring.tsyms is required' },
      });
      const bad = await request('GET', '/currency?fsym=ETH&tsyms=US%20D');
      expect(bad.body.error).toMatch(/^querystring\.tsyms must match pattern/);
    });
  });
});

describe('price sources', () => {
  let priceApi: PriceApi;
  beforeAll(async () => {
    priceApi = await startPriceApi();
  });
  afterAll(() => priceApi.close());

  it('shares one upstream call between concurrent requests and refetches after the cache expires', async () => {
    let now = 1_000_000;
    const source = new HttpPriceSource(
      { baseUrl: priceApi.url, timeoutMs: 1000, cacheMs: 5000 },
      () => now,
    );
    const before = priceApi.calls.length;
    const [a, b] = await Promise.all([
      source.getRates('ETH', ['JPY']),
      source.getRates('ETH', ['JPY']),
    ]);
    expect(a).toEqual({ rates: { JPY: 180000 }, source: 'http' });
    expect(b).toEqual(a);
    expect(priceApi.calls.length - before).toBe(1);
    now += 4999;
    await source.getRates('ETH', ['JPY']);
    expect(priceApi.calls.length - before).toBe(1);
    now += 2;
    await source.getRates('ETH', ['JPY']);
    expect(priceApi.calls.length - before).toBe(2);
  });

  it('reports an unreachable price API', async () => {
    const source = new HttpPriceSource({
      baseUrl: 'http://127.0.0.1:1',
      timeoutMs: 1000,
      cacheMs: 0,
    });
    await expect(source.getRates('ETH', ['USD'])).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/^Price service unreachable/),
    });
  });

  it('serves fixed offline rates marked as offline', async () => {
    const offline = new OfflinePriceSource();
    expect(await offline.getRates('ETH', ['USD', 'XYZ'])).toEqual({
      rates: { USD: 3000 },
      source: 'offline',
    });
    await expect(offline.getRates('XYZ', ['USD'])).rejects.toMatchObject({ statusCode: 404 });
  });
});
