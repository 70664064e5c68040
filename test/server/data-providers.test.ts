// GET /covalent and GET /opensea on both backends: the client's URL is forwarded only to the
// configured provider, with the server's key, against a local server speaking their shapes.
import { signToken } from '../../src/server/auth/jwt';
import { UpstreamProxy } from '../../src/server/proxy/upstream-proxy';
import { BACKENDS, TEST_JWT_SECRET, useTestServer } from './helpers';
import {
  COVALENT_KEY,
  HOLDER,
  OPENSEA_KEY,
  startProviderApis,
  type ProviderApis,
} from './provider-apis';
import { newAccount, signIn } from './session';

const q = (url: string) => `url=${encodeURIComponent(url)}`;

describe.each(BACKENDS)('data provider routes on %s', (backend) => {
  let apis: ProviderApis;
  let token: string;
  beforeAll(async () => {
    apis = await startProviderApis();
  });
  afterAll(async () => {
    await apis?.close();
  });
  const suite = useTestServer(backend, () => ({
    dataProviders: {
      covalentApiUrl: `${apis.url}/v1/`,
      covalentApiKey: COVALENT_KEY,
      openseaApiUrl: `${apis.url}/api/v2/`,
      openseaApiKey: OPENSEA_KEY,
      timeoutMs: 2000,
      cacheMs: 60_000,
      maxBytes: 100_000,
    },
  }));
  const { request } = suite;
  beforeAll(async () => {
    token = (await signIn(request)).token;
  });

  it('forwards a Covalent URL with the server key and returns its data.items', async () => {
    const res = await request(
      'GET',
      `/covalent?${q(`${apis.url}/v1/1/address/${HOLDER}/balances_v2/?nft=false`)}`,
      {
        token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.items[0]).toMatchObject({
      contract_ticker_symbol: 'DAI',
      balance: '2500000000000000000',
    });
    expect(apis.calls).toContain(`/v1/1/address/${HOLDER}/balances_v2/?nft=false`);
  });

  it('forwards an OpenSea URL with the server key', async () => {
    const contract = '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d';
    const res = await request(
      'GET',
      `/opensea?${q(`${apis.url}/api/v2/chain/ethereum/contract/${contract}/nfts/42`)}`,
      {
        token,
      },
    );
    expect(res).toMatchObject({
      status: 200,
      body: { nft: { identifier: '42', token_standard: 'erc721' } },
    });
    const missing = await request(
      'GET',
      `/opensea?${q(`${apis.url}/api/v2/chain/ethereum/contract/${contract}/nfts/404`)}`,
      {
        token,
      },
    );
    expect(missing).toMatchObject({
      status: 404,
      body: { error: 'OpenSea answered 404: NFT not found' },
    });
  });

  it('refuses URLs outside the provider, and passes on its errors', async () => {
    const before = apis.calls.length;
    const elsewhere = await request(
      'GET',
      `/covalent?${q(`http://169.254.169.254/v1/latest/meta-data`)}`,
      { token },
    );
    expect(elsewhere).toMatchObject({
      status: 400,
      body: { error: `querystring.url must start with ${apis.url}/v1/` },
    });
    const outsidePrefix = await request('GET', `/covalent?${q(`${apis.url}/admin`)}`, { token });
    expect(outsidePrefix.status).toBe(400);
    for (const escape of ['/v1/../admin', '/v1/%2e%2e/admin']) {
      const traversal = await request('GET', `/covalent?${q(`${apis.url}${escape}`)}`, { token });
      expect([escape, traversal.status]).toEqual([escape, 400]);
    }
    const withCredentials = await request(
      'GET',
      `/covalent?${q(`http://u:p@${apis.url.slice(7)}/v1/x`)}`,
      { token },
    );
    expect(withCredentials.status).toBe(400);
    expect((await request('GET', '/covalent?url=not-a-url', { token })).body).toEqual({
      error: 'querystring.url must be an absolute URL',
    });
    expect(apis.calls.length).toBe(before); // nothing was forwarded
    const malformed = await request(
      'GET',
      `/covalent?${q(`${apis.url}/v1/1/address/0x12/balances_v2/`)}`,
      { token },
    );
    expect(malformed).toMatchObject({
      status: 400,
      body: { error: 'Covalent answered 400: Malformed address provided: 0x12' },
    });
    const broken = await request(
      'GET',
      `/covalent?${q(`${apis.url}/v1/1/address/boom/balances_v2/`)}`,
      { token },
    );
    expect(broken).toMatchObject({
      status: 502,
      body: { error: 'Covalent answered 500: Internal error' },
    });
  });

  it('requires a valid token and a configured provider', async () => {
    const url = `/covalent?${q(`${apis.url}/v1/1/address/${HOLDER}/balances_v2/`)}`;
    expect((await request('GET', url)).status).toBe(401);
    const expired = signToken(
      newAccount().address.toLowerCase(),
      TEST_JWT_SECRET,
      60,
      Date.now() - 3_600_000,
    );
    expect((await request('GET', url, { token: expired })).body).toEqual({
      error: 'Token expired',
    });
    await suite.withApp({}, async (bare) => {
      expect(await bare('GET', url, { token })).toMatchObject({
        status: 503,
        body: { error: 'covalent is not configured (ORRERY_COVALENT_API_KEY)' },
      });
    });
  });
});

describe('UpstreamProxy', () => {
  let apis: ProviderApis;
  beforeAll(async () => {
    apis = await startProviderApis();
  });
  afterAll(() => apis.close());

  it('answers 502, not 401, when the provider refuses the server key', async () => {
    const limits = { timeoutMs: 2000, cacheMs: 0, maxBytes: 100_000 };
    const covalent = new UpstreamProxy({
      ...limits,
      service: 'Covalent',
      baseUrl: `${apis.url}/v1/`,
      headers: { authorization: 'Bearer cqt_wrong' },
    });
    await expect(
      covalent.get(`${apis.url}/v1/1/address/${HOLDER}/balances_v2/`),
    ).rejects.toMatchObject({
      statusCode: 502,
      message: 'Covalent answered 401: Invalid API key',
    });
    const opensea = new UpstreamProxy({
      ...limits,
      service: 'OpenSea',
      baseUrl: `${apis.url}/api/v2/`,
      headers: { 'x-api-key': 'wrong' },
    });
    await expect(
      opensea.get(`${apis.url}/api/v2/chain/ethereum/contract/${HOLDER}/nfts/42`),
    ).rejects.toMatchObject({ statusCode: 502, message: 'OpenSea answered 401: Invalid API key' });
  });

  it('caches answers and refuses ones over the size cap', async () => {
    let now = 0;
    const options = {
      service: 'Covalent',
      headers: { authorization: `Bearer ${COVALENT_KEY}` },
      timeoutMs: 2000,
    };
    const proxy = new UpstreamProxy(
      { ...options, baseUrl: `${apis.url}/v1/`, cacheMs: 1000, maxBytes: 100_000 },
      () => now,
    );
    const url = `${apis.url}/v1/1/address/${HOLDER}/balances_v2/`;
    const before = apis.calls.length;
    await proxy.get(url);
    await proxy.get(url);
    expect(apis.calls.length - before).toBe(1);
    now = 1001;
    await proxy.get(url);
    expect(apis.calls.length - before).toBe(2);
    const tiny = new UpstreamProxy({
      ...options,
      baseUrl: `${apis.url}/v1/`,
      cacheMs: 0,
      maxBytes: 50,
    });
    await expect(tiny.get(url)).rejects.toMatchObject({
      statusCode: 502,
      message: 'Covalent answer is larger than 50 bytes',
    });
  });
});
