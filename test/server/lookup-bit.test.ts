// GET /lookup?type=bit on both backends, against a local server speaking the .bit account
// indexer's documented records shape.
import type { ServerConfig } from '../../src/server/config';
import { BitIndexer } from '../../src/server/lookup/bit';
import { startBitIndexer, type BitIndexerServer, type BitRecord } from './bit-indexer';
import { BACKENDS, useTestServer } from './helpers';
import { signIn } from './session';

// The indexer's documented example account, checksummed value as it answers it.
const PHONE_ETH = '0x59724739940777947c56C4f2f2C9211cd5130FEf';
const SECOND_ETH = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const record = (key: string, value: string): BitRecord => ({
  key,
  label: 'Personal account',
  value,
  ttl: '300',
});

let indexer: BitIndexerServer;
beforeAll(async () => {
  indexer = await startBitIndexer({
    'phone.bit': [
      record('address.btc', '3EbtqPeAZbX6wmP6idySu4jc2URT8LG2aa'),
      record('address.eth', PHONE_ETH),
    ],
    'two.bit': [
      record('address.eth', SECOND_ETH),
      record('address.eth', 'not an address'),
      record('address.eth', PHONE_ETH),
      record('address.eth', SECOND_ETH.toLowerCase()),
    ],
    'btc-only.bit': [record('address.btc', '3EbtqPeAZbX6wmP6idySu4jc2URT8LG2aa')],
  });
});
afterAll(async () => {
  await indexer?.close();
});

describe.each(BACKENDS)('GET /lookup?type=bit on %s', (backend) => {
  let token: string;
  const bit = (overrides: Partial<ServerConfig['bit']> = {}) => ({
    indexerUrl: indexer.url,
    timeoutMs: 2000,
    cacheMs: 0,
    ...overrides,
  });
  const suite = useTestServer(backend, () => ({ bit: bit() }));
  const { request } = suite;
  beforeAll(async () => {
    token = (await signIn(request)).token;
  });

  it('resolves an account to its ETH address, whatever the case', async () => {
    const res = await request('GET', '/lookup?key=Phone.BIT&type=bit', { token });
    expect(res).toMatchObject({
      status: 200,
      body: {
        key: 'phone.bit',
        type: 'bit',
        address: PHONE_ETH.toLowerCase(),
        addresses: [PHONE_ETH.toLowerCase()],
      },
    });
    expect(indexer.requests.at(-1)).toBe('phone.bit');
  });

  it('lists every valid ETH address once, in record order, the first as address', async () => {
    const res = await request('GET', '/lookup?key=two.bit&type=bit', { token });
    expect(res.body).toEqual({
      key: 'two.bit',
      type: 'bit',
      address: SECOND_ETH.toLowerCase(),
      addresses: [SECOND_ETH.toLowerCase(), PHONE_ETH.toLowerCase()],
    });
  });

  it('answers 404 for an unknown account and for one without an ETH address', async () => {
    expect(await request('GET', '/lookup?key=nobody.bit&type=bit', { token })).toMatchObject({
      status: 404,
      body: { error: 'No .bit account nobody.bit' },
    });
    expect(await request('GET', '/lookup?key=btc-only.bit&type=bit', { token })).toMatchObject({
      status: 404,
      body: { error: 'No ETH address on the .bit account btc-only.bit' },
    });
  });

  it('refuses bad input with the field named, before asking the indexer', async () => {
    const before = indexer.requests.length;
    expect(await request('GET', '/lookup?key=phone.eth&type=bit', { token })).toMatchObject({
      status: 400,
      body: { error: 'querystring.key must end in .bit for type bit' },
    });
    const bad = await request('GET', '/lookup?key=-phone..bit&type=bit', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^querystring\.key must match pattern/);
    expect((await request('GET', '/lookup?type=bit', { token })).body).toEqual({
      error: 'querystring.key is required',
    });
    expect((await request('GET', '/lookup?key=phone.bit&type=bit')).status).toBe(401);
    expect(indexer.requests.length).toBe(before);
  });

  it('passes on the indexer refusing the account format as a 400', async () => {
    const res = await request('GET', '/lookup?key=pho--ne.bit&type=bit', { token });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'querystring.key is not a valid .bit account: account format invalid' },
    });
  });

  it('answers 503 when no indexer is configured', async () => {
    await suite.withApp({ bit: bit({ indexerUrl: undefined }) }, async (other) => {
      expect(await other('GET', '/lookup?key=phone.bit&type=bit', { token })).toMatchObject({
        status: 503,
        body: { error: '.bit lookup is not configured (ORRERY_BIT_INDEXER_URL)' },
      });
    });
  });

  it('names upstream failures: 502 for errors and odd answers, 504 on timeout', async () => {
    const cases: Array<[string, number, string]> = [
      ['broken.bit', 502, '.bit indexer answered 500'],
      ['garbled.bit', 502, '.bit indexer answered 200 with a body that is not JSON'],
      ['busy.bit', 502, '.bit indexer error 10002: db error'],
      ['slow.bit', 504, '.bit indexer timed out after 300 ms'],
    ];
    await suite.withApp({ bit: bit({ timeoutMs: 300 }) }, async (other) => {
      for (const [account, status, error] of cases) {
        expect(await other('GET', `/lookup?key=${account}&type=bit`, { token })).toMatchObject({
          status,
          body: { error },
        });
      }
    });
    await suite.withApp({ bit: bit({ indexerUrl: 'http://127.0.0.1:1' }) }, async (other) => {
      const res = await other('GET', '/lookup?key=phone.bit&type=bit', { token });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/^\.bit indexer unreachable/);
    });
  });
});

describe('BitIndexer', () => {
  it('caches answers (not-found included) for cacheMs, and never failures', async () => {
    let now = 0;
    const adapter = new BitIndexer(
      { baseUrl: `${indexer.url}/`, timeoutMs: 2000, cacheMs: 1000 },
      () => now,
    );
    const asked = () => indexer.requests.filter((a) => a === 'cache.bit').length;
    expect(await adapter.resolve('cache.bit')).toBeNull();
    indexer.accounts.set('cache.bit', [record('address.eth', PHONE_ETH)]);
    expect(await adapter.resolve('cache.bit')).toBeNull(); // cached
    expect(asked()).toBe(1);
    now = 1001;
    expect(await adapter.resolve('cache.bit')).toEqual([PHONE_ETH.toLowerCase()]);
    expect(asked()).toBe(2);
    const busy = () => indexer.requests.filter((a) => a === 'busy.bit').length;
    const before = busy();
    await expect(adapter.resolve('busy.bit')).rejects.toMatchObject({ statusCode: 502 });
    await expect(adapter.resolve('busy.bit')).rejects.toMatchObject({ statusCode: 502 });
    expect(busy()).toBe(before + 2);
  });

  it('refuses a records answer of the wrong shape', async () => {
    const { createServer } = await import('node:http');
    const odd = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"errno":0,"data":{}}'),
    );
    await new Promise<void>((done) => odd.listen(0, '127.0.0.1', done));
    try {
      const { port } = odd.address() as { port: number };
      const adapter = new BitIndexer({
        baseUrl: `http://127.0.0.1:${port}`,
        timeoutMs: 2000,
        cacheMs: 0,
      });
      await expect(adapter.resolve('phone.bit')).rejects.toMatchObject({
        statusCode: 502,
        message: '.bit indexer answered an unexpected shape',
      });
    } finally {
      await new Promise<void>((done) => odd.close(() => done()));
    }
  });
});
