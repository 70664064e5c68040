// Assets with the real backend (on PGlite): token prices through GET /tokenprices (a local
// CoinGecko-shaped service behind it), the hosted aggregator's holdings through /tokenbalances (a
// local Covalent-shaped one), and custom tokens and NFTs kept on the server while signed in.
import type { Address, Hex } from 'viem';

import type { AnvilInstance } from '../../scripts/lib/anvil';
import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { DEFAULT_TOKEN_PRICE_PLATFORMS } from '../../src/server/prices/token-price-source';
import { startServer, type RunningServer } from '../../src/server/main';
import { loadContractArtifacts } from '../chain/compile-contracts';
import { chainClients, deployContract } from '../chain/deploy';
import { placeMulticall3 } from '../../scripts/lib/multicall3';
import { useAnvil } from '../chain/use-anvil';
import { createTestDatabase, type TestDatabase } from '../server/helpers';
import { COVALENT_KEY, DAI, startProviderApis, type ProviderApis } from '../server/provider-apis';
import { startTokenPriceApi, type TokenPriceApi } from '../server/token-price-api';
import { waitFor } from './helpers';

const lower = (address: string) => address.toLowerCase() as Hex;

describe('assets with the backend', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let database: TestDatabase;
  let server: RunningServer;
  let prices: TokenPriceApi;
  let providers: ProviderApis;
  let engine: Engine;
  let me: Address;
  let priced: Address;
  let unpriced: Address;
  let nft: Address;
  let stopView: () => void;

  async function send(
    address: Address,
    name: 'TestERC20' | 'TestERC721',
    fn: string,
    args: unknown[],
  ) {
    const { walletClient, publicClient } = await chainClients(anvil().rpcUrl);
    const artifacts = await loadContractArtifacts();
    await publicClient.waitForTransactionReceipt({
      hash: await walletClient.writeContract({
        address,
        abi: artifacts[name].abi,
        functionName: fn,
        args,
      } as never),
    });
  }

  beforeAll(async () => {
    const node: AnvilInstance = anvil();
    await placeMulticall3(node.rpcUrl);
    priced = await deployContract(node.rpcUrl, 'TestERC20', ['Priced', 'PRC', 18, 10n ** 24n]);
    unpriced = await deployContract(node.rpcUrl, 'TestERC20', ['Unpriced', 'UNP', 18, 10n ** 24n]);
    nft = await deployContract(node.rpcUrl, 'TestERC721', ['Cats', 'CAT']);
    prices = await startTokenPriceApi();
    prices.market.localhost = { [lower(priced)]: { usd: 2.5, eur: 2.3 } };
    providers = await startProviderApis();
    database = await createTestDatabase('pglite');
    server = await startServer(
      database.config({
        tokenPrices: {
          url: prices.url,
          timeoutMs: 2000,
          cacheMs: 0,
          platforms: { ...DEFAULT_TOKEN_PRICE_PLATFORMS, 5777: 'localhost' },
        },
        dataProviders: {
          covalentApiUrl: `${providers.url}/v1/`,
          covalentApiKey: COVALENT_KEY,
          openseaApiUrl: `${providers.url}/api/v2/`,
          timeoutMs: 2000,
          cacheMs: 0,
          maxBytes: 100_000,
        },
      }),
    );
    engine = await createEngine({
      storage: new MemoryStorage(),
      network: { rpcUrl: node.rpcUrl, chainId: '0x1691' },
      blockPollingInterval: 100,
      backendUrl: server.url,
      assets: {
        hostedTokenBalances: true,
        intervals: { tokensMs: 300, collectiblesMs: 300, ratesMs: 300 },
      },
    });
    await engine.actions.createNewVault('correct horse battery staple');
    me = lower(await engine.actions.importAccountWithPrivateKey(node.privateKeys[3]!)) as Address;
    await engine.actions.loginToBackend('google', 'assets@example.com');
    await send(priced, 'TestERC20', 'transfer', [me, 4n * 10n ** 18n]);
    await send(unpriced, 'TestERC20', 'transfer', [me, 10n ** 18n]);
    await send(nft, 'TestERC721', 'mint', [me, 3n]);
    stopView = engine.subscribe(() => undefined);
  });
  afterAll(async () => {
    stopView?.();
    await engine?.destroy();
    await server?.close();
    await database?.dispose();
    await prices?.close();
    await providers?.close();
  });

  const tokenState = () => engine.getState().TokensController;
  const find = (address: string) =>
    [...(tokenState().tokens[me] ?? []), ...(tokenState().spamTokens[me] ?? [])].find(
      (t) => t.tokenAddress === lower(address),
    );

  it('prices tokens by contract address in the user’s currency; a priced token is no spam', async () => {
    await waitFor(
      () => engine.getState().TokenRatesController.tokenRates[lower(priced)] === 2.5,
      'the priced token’s rate',
    );
    expect(engine.getState().TokenRatesController).toMatchObject({
      currency: 'usd',
      chainId: '0x1691',
    });
    await waitFor(() => tokenState().tokens[me]?.some((t) => t.symbol === 'PRC'), 'PRC shown');
    expect(find(unpriced)).toMatchObject({ symbol: 'UNP', spamReason: 'unsolicited' });
    await engine.actions.setCurrency('EUR');
    await waitFor(
      () => engine.getState().TokenRatesController.tokenRates[lower(priced)] === 2.3,
      'the rate in euros',
    );
    expect(prices.calls.at(-1)).toMatch(/^localhost:.*:eur$/);
  });

  it('adds the hosted aggregator’s tokens to the candidates', async () => {
    await waitFor(() => find(DAI), 'DAI from the aggregator');
    expect(find(DAI)).toMatchObject({ symbol: 'DAI', isCovalent: true, decimals: 18 });
    expect(providers.calls.some((call) => call.includes('balances_v2'))).toBe(true);
  });

  it('keeps custom tokens and NFTs on the backend while signed in', async () => {
    const token = await deployContract(anvil().rpcUrl, 'TestERC20', [
      'Mine',
      'MINE',
      8,
      10n ** 20n,
    ]);
    await engine.actions.addCustomToken({ token_address: token });
    const records = () => engine.getState().BackendRecordsController.records[me]!;
    const stored = records().customTokens.find((t) => t.token_address === lower(token))!;
    expect(stored).toMatchObject({ network: '0x1691', token_symbol: 'MINE', decimals: 8 });
    expect(typeof stored.id).toBe('number');
    expect(tokenState().localCustomTokens[me] ?? []).toEqual([]);
    expect(find(token)).toMatchObject({ customTokenId: stored.id, balance: '0x0' });
    await engine.actions.deleteCustomToken(stored.id);
    expect(records().customTokens.some((t) => t.token_address === lower(token))).toBe(false);
    expect(find(token)).toBeUndefined();

    const direct = await deployContract(anvil().rpcUrl, 'TestERC721', ['Direct', 'DIR']);
    await send(direct, 'TestERC721', 'mint', [me, 8n]);
    await engine.actions.addCustomNft({ nft_address: direct, nft_id: '8', nft_name: 'Eight' });
    expect(records().customNfts).toEqual([
      expect.objectContaining({
        nft_address: lower(direct),
        nft_id: '8',
        nft_name: 'Eight',
        nft_contract_standard: 'ERC721',
      }),
    ]);
    const assets = engine.getState().CollectiblesController.collectibles[me] ?? [];
    expect(assets.flatMap((c) => c.assets.map((a) => [a.collectibleIndex, a.customNftId]))).toEqual(
      expect.arrayContaining([[`${lower(direct)}_8`, records().customNfts[0]!.id]]),
    );
  });
});
