// GET /lookup?type=unstoppable on both backends, against a real anvil holding a UNS
// ProxyReader stand-in; the call encoding against viem and UD's published namehash vectors.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  type Address,
  type Hex,
} from 'viem';
import type { ServerConfig } from '../../src/server/config';
import { namehash } from '../../src/server/lookup/ens';
import {
  decodeString,
  encodeGet,
  UD_ETH_RECORD,
  UnstoppableResolver,
} from '../../src/server/lookup/unstoppable';
import { chainClients } from '../chain/deploy';
import { useAnvil } from '../chain/use-anvil';
import { BACKENDS, useTestServer } from './helpers';
import { newAccount, signIn } from './session';
import { compileUnsContracts } from './uns-contracts';

const PROXY_READER: Address = '0x0000000000000000000000000000000000a11ce5';
const REVERTING_READER: Address = '0x0000000000000000000000000000000000dead01';
const EMPTY_ADDRESS: Address = '0x0000000000000000000000000000000000e3e3e3';
const TARGET: Address = '0x8aaD44321A86b170879d7A244c1e8d360c99DdA8';

describe('Unstoppable Domains call encoding', () => {
  it('hashes names as UD does (published vectors)', () => {
    expect(namehash('crypto')).toBe(
      '0x0f4a10a4f46c288cea365fcf45cccf0e9d901b945b9829ccdb54c10dc3cb7a6f',
    );
    expect(namehash('brad.crypto')).toBe(
      '0x756e4e998dbffd803c21d23b06cd855cdc7a4b57706c95964a37e24b47c10fc9',
    );
  });

  it('encodes get(key, tokenId) and decodes its string answer as viem does', async () => {
    const { proxyReader } = await compileUnsContracts();
    for (const key of [UD_ETH_RECORD, '', 'k'.repeat(32), 'k'.repeat(33), 'crypto.ÉTH.address']) {
      const tokenId = namehash('brad.crypto') as Hex;
      expect(encodeGet(key, tokenId)).toBe(
        encodeFunctionData({
          abi: proxyReader.abi,
          functionName: 'get',
          args: [key, BigInt(tokenId)],
        }),
      );
      const answer = encodeAbiParameters([{ type: 'string' }], [key]);
      expect(decodeString(answer)).toBe(
        decodeFunctionResult({ abi: proxyReader.abi, functionName: 'get', data: answer }),
      );
    }
  });

  it('refuses an answer that is not an ABI string', () => {
    expect(() => decodeString('0x')).toThrow(/answered no data/);
    expect(() => decodeString(`0x${'0'.repeat(62)}20${'0'.repeat(62)}40`)).toThrow(
      /malformed string/,
    );
  });
});

const anvil = useAnvil();

async function setUpUns(rpcUrl: string): Promise<void> {
  const { proxyReader, reverting } = await compileUnsContracts();
  const { publicClient, walletClient } = await chainClients(rpcUrl);
  for (const [address, runtime] of [
    [PROXY_READER, proxyReader.runtime],
    [REVERTING_READER, reverting.runtime],
  ] as const) {
    await publicClient.request({
      method: 'anvil_setCode' as never,
      params: [address, runtime] as never,
    });
  }
  const records: Array<[string, string]> = [
    ['brad.crypto', TARGET],
    ['typo.crypto', 'not an address'],
    ['zero.nft', '0x0000000000000000000000000000000000000000'],
  ];
  for (const [name, value] of records) {
    const hash = await walletClient.writeContract({
      address: PROXY_READER,
      abi: proxyReader.abi,
      functionName: 'set',
      args: [UD_ETH_RECORD, value, BigInt(namehash(name))],
    } as never);
    await publicClient.waitForTransactionReceipt({ hash });
  }
}

/** A JSON-RPC endpoint that accepts requests and never answers. */
async function silentNode(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(() => undefined);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

beforeAll(async () => {
  await setUpUns(anvil().rpcUrl);
}, 60_000);

describe.each(BACKENDS)('GET /lookup?type=unstoppable on %s', (backend) => {
  let token: string;
  const unstoppable = (overrides: Partial<ServerConfig['unstoppable']> = {}) => ({
    rpcUrl: anvil().rpcUrl,
    proxyReader: PROXY_READER,
    timeoutMs: 2000,
    cacheMs: 60_000,
    ...overrides,
  });
  const suite = useTestServer(backend, () => ({ unstoppable: unstoppable() }));
  const { request } = suite;
  beforeAll(async () => {
    token = (await signIn(request)).token;
  });

  it('resolves a domain to its ETH address, whatever the case', async () => {
    const res = await request('GET', '/lookup?key=Brad.Crypto&type=unstoppable', { token });
    expect(res).toMatchObject({
      status: 200,
      body: { key: 'brad.crypto', type: 'unstoppable', address: TARGET.toLowerCase() },
    });
  });

  it('answers 404 without a record, or with one that is not an address', async () => {
    for (const name of ['nobody.crypto', 'typo.crypto', 'zero.nft']) {
      expect(await request('GET', `/lookup?key=${name}&type=unstoppable`, { token })).toMatchObject(
        { status: 404, body: { error: `No address for ${name}` } },
      );
    }
  });

  it('refuses bad input and a missing token', async () => {
    const bad = await request('GET', '/lookup?key=brad..crypto&type=unstoppable', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^querystring\.key must match pattern/);
    expect(await request('GET', '/lookup?key=brad.crypto&type=ud', { token })).toMatchObject({
      status: 400,
      body: { error: 'querystring.type must be one of: ens, unstoppable, bit' },
    });
    expect((await request('GET', '/lookup?key=brad.crypto&type=unstoppable')).status).toBe(401);
  });

  it('answers 503 when no ProxyReader or node is configured', async () => {
    const error =
      'Unstoppable Domains lookup is not configured (ORRERY_UD_RPC_URL or ORRERY_ENS_RPC_URL, and ORRERY_UD_PROXY_READER)';
    for (const settings of [{ proxyReader: undefined }, { rpcUrl: undefined }]) {
      await suite.withApp({ unstoppable: unstoppable(settings) }, async (other) => {
        expect(
          await other('GET', '/lookup?key=brad.crypto&type=unstoppable', { token }),
        ).toMatchObject({ status: 503, body: { error } });
      });
    }
  });

  it('answers 502 for a reverting reader, no contract or an unreachable node; 504 on timeout', async () => {
    const node = await silentNode();
    try {
      const cases: Array<[Partial<ServerConfig['unstoppable']>, number, RegExp]> = [
        [
          { proxyReader: REVERTING_READER },
          502,
          /^Unstoppable Domains node error: .*reader is paused/,
        ],
        [{ proxyReader: EMPTY_ADDRESS }, 502, /^Unstoppable Domains reader answered no data/],
        [{ rpcUrl: 'http://127.0.0.1:1' }, 502, /^Unstoppable Domains node unreachable/],
        [
          { rpcUrl: node.url, timeoutMs: 300 },
          504,
          /^Unstoppable Domains node timed out after 300 ms$/,
        ],
      ];
      for (const [settings, status, error] of cases) {
        await suite.withApp({ unstoppable: unstoppable(settings) }, async (other) => {
          const res = await other('GET', '/lookup?key=brad.crypto&type=unstoppable', { token });
          expect(res.status).toBe(status);
          expect(res.body.error).toMatch(error);
        });
      }
    } finally {
      await node.close();
    }
  });
});

describe('UnstoppableResolver', () => {
  it('caches answers for cacheMs', async () => {
    let now = 0;
    const resolver = new UnstoppableResolver(
      { rpcUrl: anvil().rpcUrl, proxyReader: PROXY_READER, timeoutMs: 2000, cacheMs: 1000 },
      () => now,
    );
    expect(await resolver.resolve('brad.crypto')).toBe(TARGET.toLowerCase());
    const moved = newAccount().address;
    const { walletClient, publicClient } = await chainClients(anvil().rpcUrl);
    const { proxyReader } = await compileUnsContracts();
    const hash = await walletClient.writeContract({
      address: PROXY_READER,
      abi: proxyReader.abi,
      functionName: 'set',
      args: [UD_ETH_RECORD, moved, BigInt(namehash('brad.crypto'))],
    } as never);
    await publicClient.waitForTransactionReceipt({ hash });
    expect(await resolver.resolve('brad.crypto')).toBe(TARGET.toLowerCase()); // cached
    now = 1001;
    expect(await resolver.resolve('brad.crypto')).toBe(moved.toLowerCase());
  });
});
