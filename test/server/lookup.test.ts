// GET /lookup (ENS) on both backends, against a real anvil holding an ENS-compatible registry
// at the mainnet registry address; namehash against the EIP-137 vectors.
import type { Address, Hex } from 'viem';
import { signToken } from '../../src/server/auth/jwt';
import { ENS_REGISTRY, EnsResolver, namehash } from '../../src/server/lookup/ens';
import { chainClients } from '../chain/deploy';
import { useAnvil } from '../chain/use-anvil';
import { compileEnsContracts } from './ens-contracts';
import { BACKENDS, TEST_JWT_SECRET, useTestServer } from './helpers';
import { newAccount, signIn } from './session';

const RESOLVER_ADDRESS: Address = '0x00000000000000000000000000000000000e5501';
const TARGET: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('namehash (EIP-137 vectors)', () => {
  it.each([
    ['', '0x0000000000000000000000000000000000000000000000000000000000000000'],
    ['eth', '0x93cdeb708b7545dc668eb9280176169d1c33cfd8ed6f04690a0bcc88a93fc4ae'],
    ['foo.eth', '0xde9b09fd7c5f901e23a3f19fecc54828e9c848539801e86591bd9801b019f84f'],
  ])('namehash(%p)', (name, hash) => expect(namehash(name)).toBe(hash));
});

const anvil = useAnvil();

/** Places the registry and resolver code, and points `orrery.eth` at TARGET. */
async function setUpEns(rpcUrl: string): Promise<void> {
  const { registry, resolver } = await compileEnsContracts();
  const { publicClient, walletClient } = await chainClients(rpcUrl);
  await publicClient.request({
    method: 'anvil_setCode' as never,
    params: [ENS_REGISTRY, registry.runtime] as never,
  });
  await publicClient.request({
    method: 'anvil_setCode' as never,
    params: [RESOLVER_ADDRESS, resolver.runtime] as never,
  });
  const send = async (
    address: Address,
    abi: typeof registry.abi,
    functionName: string,
    args: unknown[],
  ) => {
    const hash = await walletClient.writeContract({ address, abi, functionName, args } as never);
    await publicClient.waitForTransactionReceipt({ hash });
  };
  const node = namehash('orrery.eth') as Hex;
  await send(ENS_REGISTRY as Address, registry.abi, 'setResolver', [node, RESOLVER_ADDRESS]);
  await send(RESOLVER_ADDRESS, resolver.abi, 'setAddr', [node, TARGET]);
  // A name with a resolver but no address.
  await send(ENS_REGISTRY as Address, registry.abi, 'setResolver', [
    namehash('empty.eth') as Hex,
    RESOLVER_ADDRESS,
  ]);
}

beforeAll(async () => {
  await setUpEns(anvil().rpcUrl);
}, 60_000);

describe.each(BACKENDS)('GET /lookup on %s', (backend) => {
  let token: string;
  const suite = useTestServer(backend, () => ({
    ens: { rpcUrl: anvil().rpcUrl, timeoutMs: 2000, cacheMs: 60_000 },
  }));
  const { request } = suite;
  beforeAll(async () => {
    token = (await signIn(request)).token;
  });

  it('resolves a name to its address, whatever the case', async () => {
    const res = await request('GET', '/lookup?key=Orrery.ETH&type=ens', { token });
    expect(res).toMatchObject({
      status: 200,
      body: { key: 'orrery.eth', type: 'ens', address: TARGET.toLowerCase() },
    });
  });

  it('hashes the ENSIP-15 normalised name: full-width letters reach the same record', async () => {
    // 'ｏｒｒｅｒｙ' (U+FF4F ...) maps to 'orrery' under ENSIP-15.
    const res = await request(
      'GET',
      `/lookup?key=${encodeURIComponent('ｏｒｒｅｒｙ.eth')}&type=ens`,
      {
        token,
      },
    );
    expect(res).toMatchObject({
      status: 200,
      body: { key: 'orrery.eth', type: 'ens', address: TARGET.toLowerCase() },
    });
    const refused = await request(
      'GET',
      `/lookup?key=${encodeURIComponent('abc__.eth')}&type=ens`,
      {
        token,
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^querystring\.key is not a valid name: /u);
  });

  it('answers 404 for a name without a resolver or without an address', async () => {
    expect(await request('GET', '/lookup?key=nobody.eth&type=ens', { token })).toMatchObject({
      status: 404,
      body: { error: 'No address for nobody.eth' },
    });
    expect((await request('GET', '/lookup?key=empty.eth&type=ens', { token })).status).toBe(404);
  });

  it('refuses bad input, no token and an expired token', async () => {
    expect((await request('GET', '/lookup?key=orrery.eth&type=dns', { token })).body).toEqual({
      error: 'querystring.type must be one of: ens, unstoppable, bit',
    });
    const bad = await request('GET', '/lookup?key=bad..eth&type=ens', { token });
    expect(bad.body.error).toMatch(/^querystring\.key must match pattern/);
    expect((await request('GET', '/lookup?key=orrery.eth&type=ens')).status).toBe(401);
    const expired = signToken(
      newAccount().address.toLowerCase(),
      TEST_JWT_SECRET,
      60,
      Date.now() - 3_600_000,
    );
    expect(
      (await request('GET', '/lookup?key=orrery.eth&type=ens', { token: expired })).body,
    ).toEqual({
      error: 'Token expired',
    });
  });

  it('answers 503 when no ENS node is configured', async () => {
    await suite.withApp({}, async (bare) => {
      const res = await bare('GET', '/lookup?key=orrery.eth&type=ens', { token });
      expect(res).toMatchObject({
        status: 503,
        body: { error: 'ENS lookup is not configured (ORRERY_ENS_RPC_URL)' },
      });
    });
  });
});

describe('EnsResolver', () => {
  it('caches answers for cacheMs', async () => {
    let now = 0;
    const resolver = new EnsResolver(
      { rpcUrl: anvil().rpcUrl, timeoutMs: 2000, cacheMs: 1000 },
      () => now,
    );
    expect(await resolver.resolve('orrery.eth')).toBe(TARGET.toLowerCase());
    const { walletClient, publicClient } = await chainClients(anvil().rpcUrl);
    const { resolver: artifacts } = await compileEnsContracts();
    const hash = await walletClient.writeContract({
      address: RESOLVER_ADDRESS,
      abi: artifacts.abi,
      functionName: 'setAddr',
      args: [namehash('orrery.eth'), newAccount().address],
    } as never);
    await publicClient.waitForTransactionReceipt({ hash });
    expect(await resolver.resolve('orrery.eth')).toBe(TARGET.toLowerCase()); // cached
    now = 1001;
    expect(await resolver.resolve('orrery.eth')).not.toBe(TARGET.toLowerCase());
  });

  it('reports an unreachable node', async () => {
    const resolver = new EnsResolver({ rpcUrl: 'http://127.0.0.1:1', timeoutMs: 1000, cacheMs: 0 });
    await expect(resolver.resolve('orrery.eth')).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/^ENS node unreachable/),
    });
  });
});
