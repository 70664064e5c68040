// GET /tokenbalances and GET /nfts on both backends, against a local server speaking the
// Covalent (GoldRush v1) balances_v2 / balances_nft shapes.
import { signToken } from '../../src/server/auth/jwt';
import type { DataProvidersConfig } from '../../src/server/config';
import {
  type AnyJson,
  BACKENDS,
  type JsonResponse,
  TEST_JWT_SECRET,
  useTestServer,
} from './helpers';
import {
  APES,
  BADGES,
  COVALENT_KEY,
  DAI,
  startProviderApis,
  USDC,
  type ProviderApis,
} from './provider-apis';
import { newAccount, signIn, signUp } from './session';

const DAI_TOKEN = {
  tokenAddress: DAI,
  name: 'Dai Stablecoin',
  symbol: 'DAI',
  decimals: 18,
  balance: '0x22b1c8c1227a0000', // 2.5e18
  logo: `https://logos.covalenthq.com/tokens/1/${DAI}.png`,
  erc20: true,
  isCovalent: true,
};
const USDC_TOKEN = {
  tokenAddress: USDC,
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  balance: '0x12d687', // 1234567
  logo: null,
  erc20: true,
  isCovalent: true,
};
const APE_42 = {
  address: APES,
  tokenId: '42',
  name: 'Ape #42',
  image: 'https://img.example/ape-42.png',
  description: 'A bored ape',
  standard: 'ERC721',
  tokenBalance: '1',
  collectibleIndex: `${APES}_42`,
  video: null,
};
const BADGE_7 = {
  address: BADGES,
  tokenId: '7',
  name: 'Badges #7',
  image: null,
  description: null,
  standard: 'ERC1155',
  tokenBalance: '3',
  collectibleIndex: `${BADGES}_7`,
  video: null,
};

describe.each(BACKENDS)('GET /tokenbalances and /nfts on %s', (backend) => {
  let apis: ProviderApis;
  let providers: DataProvidersConfig;
  beforeAll(async () => {
    apis = await startProviderApis();
    apis.slowMs = 2500;
    providers = {
      covalentApiUrl: `${apis.url}/v1/`,
      covalentApiKey: COVALENT_KEY,
      openseaApiUrl: `${apis.url}/api/v2/`,
      timeoutMs: 1000,
      cacheMs: 60_000,
      maxBytes: 100_000,
    };
  });
  afterAll(async () => {
    await apis?.close();
  });
  const suite = useTestServer(backend, () => ({ dataProviders: providers }));
  const { request } = suite;

  /** Upstream calls made while `run` ran. */
  async function callsDuring(run: () => Promise<unknown>): Promise<string[]> {
    const before = apis.calls.length;
    await run();
    return apis.calls.slice(before);
  }

  it('answers the caller ERC-20 balances as detected tokens, by network key or chain id', async () => {
    const { address, token, account } = await signIn(request);
    let res: JsonResponse<AnyJson> | undefined;
    const calls = await callsDuring(async () => {
      res = await request('GET', '/tokenbalances?network=mainnet', { token });
    });
    expect(res).toMatchObject({ status: 200 });
    // Native ETH, the NFT row and the zero balance are left out; addresses are lowercased.
    expect(res?.body).toEqual({
      items: [
        { ...DAI_TOKEN, network: 'mainnet' },
        { ...USDC_TOKEN, network: 'mainnet' },
      ],
    });
    expect(calls).toEqual([`/v1/1/address/${address}/balances_v2/`]);

    // The caller's own address may be named (in any case); chain ids select the chain.
    const polygon = await callsDuring(async () => {
      res = await request('GET', `/tokenbalances?address=${account.address}&network=137`, {
        token,
      });
    });
    expect(res?.status).toBe(200);
    expect(res?.body.items[0]).toEqual({ ...DAI_TOKEN, network: '137' });
    expect(polygon).toEqual([`/v1/137/address/${address}/balances_v2/`]);
    const hex = await callsDuring(() => request('GET', '/tokenbalances?network=0x89', { token }));
    expect(hex).toEqual([]); // same chain and address: answered from the cache
    const matic = await callsDuring(() =>
      request('GET', '/tokenbalances?network=matic', { token }),
    );
    expect(matic).toEqual([]);
  });

  it('answers the caller NFTs as Collectibles, plus their custom NFTs of that network', async () => {
    const { address, token } = await signUp(request);
    const custom = async (nft_address: string, nft_id: string, network: string) => {
      const res = await request('POST', '/customnft', {
        token,
        body: {
          nft_address,
          network,
          nft_name: `Custom ${nft_id}`,
          nft_id,
          nft_contract_standard: 'ERC721',
          nft_image_link: 'https://img.example/custom.png',
          description: 'added by hand',
        },
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    await custom(APES.toUpperCase().replace('0X', '0x'), '42', 'mainnet'); // listed already
    const mine = await custom('0x3333333333333333333333333333333333333333', '5', 'mainnet');
    const byChainId = await custom('0x4444444444444444444444444444444444444444', '6', '1');
    await custom('0x5555555555555555555555555555555555555555', '8', 'matic'); // other network

    let res: JsonResponse<AnyJson> | undefined;
    const calls = await callsDuring(async () => {
      res = await request('GET', `/nfts?userAddress=${address}&network=mainnet`, { token });
    });
    expect(calls).toEqual([`/v1/1/address/${address}/balances_nft/`]);
    expect(res?.status).toBe(200);
    const customEntry = (nftAddress: string, tokenId: string, customNftId: number) => ({
      address: nftAddress,
      tokenId,
      name: `Custom ${tokenId}`,
      image: 'https://img.example/custom.png',
      description: 'added by hand',
      standard: 'ERC721',
      tokenBalance: null,
      collectibleIndex: `${nftAddress}_${tokenId}`,
      video: null,
      network: 'mainnet',
      customNftId,
    });
    // The erc20-only contract is left out; the custom copy of Ape #42 is not listed twice.
    expect(res?.body).toEqual({
      items: [
        { ...APE_42, network: 'mainnet' },
        { ...BADGE_7, network: 'mainnet' },
        customEntry('0x3333333333333333333333333333333333333333', '5', mine),
        customEntry('0x4444444444444444444444444444444444444444', '6', byChainId),
      ],
    });

    // userAddress defaults to the caller; a caller without a user record has no custom NFTs.
    const stranger = await signIn(request);
    const bare = await request('GET', '/nfts?network=mainnet', { token: stranger.token });
    expect(bare.body).toEqual({
      items: [
        { ...APE_42, network: 'mainnet' },
        { ...BADGE_7, network: 'mainnet' },
      ],
    });
  });

  it('refuses bad input and other addresses before calling the aggregator', async () => {
    const { token } = await signIn(request);
    const other = newAccount().address;
    const cases: Array<[string, number, string]> = [
      ['/tokenbalances', 400, 'querystring.network is required'],
      ['/tokenbalances?network=foo', 400, 'querystring.network: unknown network foo'],
      [
        '/nfts?network=rinkeby_classic',
        400,
        'querystring.network: unknown network rinkeby_classic',
      ],
      [
        '/nfts?network=main%20net',
        400,
        'querystring.network must match pattern "^[A-Za-z0-9_]{1,32}$"',
      ],
      [
        '/tokenbalances?network=mainnet&address=0x12',
        400,
        'querystring.address must match pattern "^0x[0-9a-fA-F]{40}$"',
      ],
      ['/nfts?network=mainnet&address=0x12', 400, 'querystring.address is not allowed'],
      [
        `/tokenbalances?network=mainnet&address=${other}`,
        403,
        'querystring.address must be the signed-in address',
      ],
      [
        `/nfts?network=mainnet&userAddress=${other}`,
        403,
        'querystring.userAddress must be the signed-in address',
      ],
    ];
    const calls = await callsDuring(async () => {
      for (const [path, status, error] of cases) {
        const res = await request('GET', path, { token });
        expect([path, res.status, res.body]).toEqual([path, status, { error }]);
      }
    });
    expect(calls).toEqual([]);
  });

  it('requires a valid token', async () => {
    for (const path of ['/tokenbalances?network=mainnet', '/nfts?network=mainnet']) {
      expect(await request('GET', path)).toMatchObject({
        status: 401,
        body: { error: 'Authentication required' },
      });
      const expired = signToken(
        newAccount().address.toLowerCase(),
        TEST_JWT_SECRET,
        60,
        Date.now() - 3_600_000,
      );
      expect(await request('GET', path, { token: expired })).toMatchObject({
        status: 401,
        body: { error: 'Token expired' },
      });
    }
  });

  it('answers 502 when the aggregator fails and 504 when it is too slow', async () => {
    const failing = await signIn(request);
    apis.faults.set(failing.address, 'error');
    const slow = await signIn(request);
    apis.faults.set(slow.address, 'slow');
    for (const path of ['/tokenbalances?network=mainnet', '/nfts?network=mainnet']) {
      expect(await request('GET', path, { token: failing.token })).toMatchObject({
        status: 502,
        body: { error: 'Covalent answered 500: Internal error' },
      });
      const started = Date.now();
      expect(await request('GET', path, { token: slow.token })).toMatchObject({
        status: 504,
        body: { error: 'Covalent timed out after 1000 ms' },
      });
      expect(Date.now() - started).toBeLessThan(2400);
    }
    // Failures are not cached: once the aggregator recovers, the same call succeeds.
    apis.faults.delete(failing.address);
    const recovered = await request('GET', '/nfts?network=mainnet', { token: failing.token });
    expect(recovered.status).toBe(200);
  });

  it('answers 503 without an aggregator key and 502 when the aggregator refuses the key', async () => {
    const { token } = await signIn(request);
    const paths = ['/tokenbalances?network=mainnet', '/nfts?network=mainnet'];
    const unconfigured = { dataProviders: { ...providers, covalentApiKey: undefined } };
    await suite.withApp(unconfigured, async (other) => {
      for (const path of paths)
        expect(await other('GET', path, { token })).toMatchObject({
          status: 503,
          body: { error: 'Token and NFT balances are not configured (ORRERY_COVALENT_API_KEY)' },
        });
    });
    const wrongKey = { dataProviders: { ...providers, covalentApiKey: 'cqt_wrong' } };
    await suite.withApp(wrongKey, async (other) => {
      for (const path of paths)
        expect(await other('GET', path, { token })).toMatchObject({
          status: 502,
          body: { error: 'Covalent answered 401: Invalid API key' },
        });
    });
  });
});
