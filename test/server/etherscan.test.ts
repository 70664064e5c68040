// GET /etherscan on both backends, through the adapter, against a local server speaking
// Etherscan's v2 txlist shape.
import { signToken } from '../../src/server/auth/jwt';
import { EMPTY, RICH, SLOW, startEtherscanApi, type EtherscanApi } from './etherscan-api';
import { BACKENDS, TEST_JWT_SECRET, useTestServer } from './helpers';
import { signIn } from './session';

describe.each(BACKENDS)('GET /etherscan on %s', (backend) => {
  let api: EtherscanApi;
  let token: string;
  beforeAll(async () => {
    api = await startEtherscanApi('good-key');
  });
  afterAll(async () => {
    await api?.close();
  });
  const suite = useTestServer(backend, () => ({
    explorer: {
      url: api.url,
      apiKey: 'good-key',
      timeoutMs: 400,
      cacheMs: 60_000,
      pageSize: 50,
    },
  }));
  const { request } = suite;
  beforeAll(async () => {
    token = (await signIn(request)).token;
  });

  it('returns normalized history, newest first, from the explorer and then from its cache', async () => {
    const before = api.queries.length;
    const res = await request(
      'GET',
      `/etherscan?selectedAddress=${RICH.toUpperCase().replace('0X', '0x')}&selectedNetwork=mainnet`,
      {
        token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.chain_id).toBe(1);
    expect(res.body.transactions).toHaveLength(2);
    expect(res.body.transactions[0]).toEqual({
      hash: '0xc9fd2f5d6d1d4b8b8a3d8f0e40a9a3cb0b9a7a7f5f2d0c1e2f3a4b5c6d7e8f90',
      block_number: 14923692,
      created_at: '2022-06-08T00:00:11.000Z',
      from: RICH,
      to: '0x912fd21d7a69678227fe6d08c64222db41477ba0',
      value: '0',
      nonce: '7',
      gas: '46810',
      gasPrice: '64619178830',
      gas_used: '30206',
      status: 'failed',
      contract_address: null,
      function_name: 'transfer(address _to, uint256 _value)',
    });
    expect(res.body.transactions[1]).toMatchObject({
      status: 'confirmed',
      value: '1000000000000000000',
    });
    const query = api.queries[before];
    expect(Object.fromEntries(query ?? [])).toMatchObject({
      chainid: '1',
      address: RICH,
      sort: 'desc',
      offset: '50',
    });
    await request('GET', `/etherscan?selectedAddress=${RICH}&selectedNetwork=0x1`, { token });
    expect(api.queries.length - before).toBe(1);
  });

  it('answers an empty list when the explorer has no transactions', async () => {
    const res = await request('GET', `/etherscan?selectedAddress=${EMPTY}&selectedNetwork=137`, {
      token,
    });
    expect(res).toMatchObject({ status: 200, body: { chain_id: 137, transactions: [] } });
  });

  it('fails clearly on an explorer timeout', async () => {
    const slow = await request(
      'GET',
      `/etherscan?selectedAddress=${SLOW}&selectedNetwork=mainnet`,
      { token },
    );
    expect(slow).toMatchObject({
      status: 504,
      body: { error: 'Block explorer timed out after 400 ms' },
    });
  });

  it('refuses bad input, an unknown network, no token and an expired token', async () => {
    const badAddress = await request(
      'GET',
      '/etherscan?selectedAddress=0x12&selectedNetwork=mainnet',
      { token },
    );
    expect(badAddress.body.error).toMatch(/^querystring\.selectedAddress must match pattern/);
    const unknown = await request(
      'GET',
      `/etherscan?selectedAddress=${RICH}&selectedNetwork=atlantis`,
      { token },
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: 'querystring.selectedNetwork: unknown network atlantis' },
    });
    expect(
      (await request('GET', `/etherscan?selectedAddress=${RICH}&selectedNetwork=mainnet`)).status,
    ).toBe(401);
    const expired = signToken(RICH, TEST_JWT_SECRET, 60, Date.now() - 3_600_000);
    const res = await request('GET', `/etherscan?selectedAddress=${RICH}&selectedNetwork=mainnet`, {
      token: expired,
    });
    expect(res.body).toEqual({ error: 'Token expired' });
  });
});

describe('EtherscanSource errors', () => {
  it('reports an API error such as a wrong key', async () => {
    const api = await startEtherscanApi('good-key');
    const { EtherscanSource } = await import('../../src/server/explorer/etherscan');
    try {
      const source = new EtherscanSource({
        baseUrl: api.url,
        apiKey: 'bad',
        timeoutMs: 1000,
        cacheMs: 0,
        pageSize: 10,
      });
      await expect(source.transactions(1, RICH)).rejects.toMatchObject({
        statusCode: 502,
        message: 'Block explorer error: Invalid API Key (#err2)|v2',
      });
    } finally {
      await api.close();
    }
  });
});
