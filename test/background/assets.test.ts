import { encodeAbiParameters, keccak256, pad, toHex, type Address, type Hex } from 'viem';

import type { AnvilInstance } from '../../scripts/lib/anvil';

import type { Engine } from '../../src/background/engine/create-engine';
import type { DetectedToken } from '../../src/controllers/assets/TokensController';
import { loadContractArtifacts } from '../chain/compile-contracts';
import { chainClients, deployContract } from '../chain/deploy';
import { placeMulticall3 } from '../../scripts/lib/multicall3';
import { useAnvil } from '../chain/use-anvil';
import { startMetadataServer, type MetadataServer } from '../controllers/assets/metadata-server';
import { engineWithAccounts, rejectionOf, waitFor } from './rpc/harness';

/** Anvil with its first account left out: that one deploys the contracts and holds every supply. */
const notDeployer = (node: AnvilInstance): AnvilInstance => ({
  ...node,
  privateKeys: node.privateKeys.slice(1),
});
const lower = (address: string) => address.toLowerCase() as Hex;
const symbols = (list: readonly DetectedToken[] | undefined) =>
  (list ?? []).map((t) => t.symbol).sort();

describe('assets on anvil: tokens, collectibles, spam, validation', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let server: MetadataServer;
  let engine: Engine;
  let me: Address;
  let stranger: Address;
  let stopView: () => void;
  const contracts: Record<string, Address> = {};

  /** Sends a contract call from one of anvil's accounts (0: the deployer, 1: the wallet's). */
  async function send(
    name: 'TestERC20' | 'TestERC721Uri' | 'TestERC1155',
    address: Address,
    functionName: string,
    args: unknown[],
    fromIndex = 0,
  ): Promise<void> {
    const artifacts = await loadContractArtifacts();
    const { walletClient, publicClient } = await chainClients(
      anvil().rpcUrl,
      anvil().privateKeys[fromIndex]! as Hex,
    );
    const hash = await walletClient.writeContract({
      address,
      abi: artifacts[name].abi,
      functionName,
      args,
    } as never);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${functionName} failed`);
  }

  /**
   * Moves an OpenZeppelin 5 ERC-721 token by writing its storage (`_owners` at slot 2,
   * `_balances` at slot 3), so that no Transfer log tells a scanner about it.
   */
  async function giveWithoutLog(
    address: Address,
    tokenId: bigint,
    from: Address,
    to: Address,
  ): Promise<void> {
    const slotOf = (key: bigint | Address, slot: bigint) =>
      keccak256(
        encodeAbiParameters(
          [{ type: typeof key === 'bigint' ? 'uint256' : 'address' }, { type: 'uint256' }],
          [key, slot],
        ),
      );
    const word = (value: bigint | Address) => pad(typeof value === 'bigint' ? toHex(value) : value);
    const { publicClient } = await chainClients(anvil().rpcUrl, anvil().privateKeys[0]! as Hex);
    const setStorage = (slot: Hex, value: Hex) =>
      publicClient.request({
        method: 'anvil_setStorageAt',
        params: [address, slot, value],
      } as never);
    await setStorage(slotOf(tokenId, 2n), word(to));
    await setStorage(slotOf(from, 3n), word(0n));
    await setStorage(slotOf(to, 3n), word(1n));
  }

  const tokens = () => engine.getState().TokensController.tokens[me];
  const spam = () => engine.getState().TokensController.spamTokens[me];
  const collectibles = () => engine.getState().CollectiblesController.collectibles[me] ?? [];
  const assetIndexes = () =>
    collectibles()
      .flatMap((c) => c.assets.map((a) => a.collectibleIndex))
      .sort();

  beforeAll(async () => {
    const { rpcUrl } = anvil();
    await placeMulticall3(rpcUrl);
    server = await startMetadataServer();
    const deploy = (symbol: string, name = symbol, decimals = 18) =>
      deployContract(rpcUrl, 'TestERC20', [name, symbol, decimals, 10n ** 30n]);
    contracts.usdc = await deploy('USDC', 'USD Coin', 6);
    contracts.fake = await deploy('UЅDС', 'Definitely Dollars', 6); // Cyrillic Ѕ and С
    contracts.free = await deploy('FREE', 'Free Money');
    contracts.orb = await deploy('ORB', 'Orbit');
    contracts.other = await deploy('OTH', 'Other');
    contracts.orbits = await deployContract(rpcUrl, 'TestERC721Uri', ['Orbits', 'ORBS']);
    contracts.multi = await deployContract(rpcUrl, 'TestERC1155', [
      `${server.url}/multi/{id}.json`,
    ]);
    let addresses: Address[];
    // The wallet holds accounts 1 and 2; account 0 deploys and sends.
    ({ engine, addresses } = await engineWithAccounts(notDeployer(anvil()), 2, {
      assets: {
        knownTokens: {
          '0x1691': [
            {
              address: lower(contracts.usdc),
              symbol: 'USDC',
              name: 'USD Coin',
              decimals: 6,
              logo: 'https://logo.example/usdc.svg',
            },
          ],
        },
        ipfsGateway: server.url,
        intervals: { tokensMs: 300, collectiblesMs: 300 },
      },
    }));
    [me, stranger] = addresses as [Address, Address];
    for (const symbol of ['usdc', 'fake', 'free', 'orb']) {
      await send('TestERC20', contracts[symbol]!, 'transfer', [me, 5_000_000n]);
    }
    server.set('/orbit/1.json', { name: 'Orbit One', image: 'https://img.example/1.png' });
    server.set('/ipfs/bafyorbit/2.json', { name: 'Orbit Two', image: 'ipfs://bafyimg/2.png' });
    const three = Buffer.from(JSON.stringify({ name: 'Orbit Three', description: 'inline' }));
    server.set(`/multi/${(9).toString(16).padStart(64, '0')}.json`, {
      name: 'Multi Nine',
      animation_url: 'https://video.example/9.mp4',
    });
    const mint = (id: bigint, uri: string) =>
      send('TestERC721Uri', contracts.orbits!, 'mint', [me, id, uri]);
    await mint(1n, `${server.url}/orbit/1.json`);
    await mint(2n, 'ipfs://bafyorbit/2.json');
    await mint(3n, `data:application/json;base64,${three.toString('base64')}`);
    await mint(4n, `${server.url}/orbit/missing.json`);
    await mint(0n, `${server.url}/orbit/1.json`);
    await send('TestERC721Uri', contracts.orbits!, 'mint', [stranger, 5n, 'ipfs://x/5']);
    await send('TestERC1155', contracts.multi!, 'mint', [me, 9n, 3n]);
    // A view is open: the engine polls assets.
    stopView = engine.subscribe(() => undefined);
  });
  afterAll(async () => {
    stopView();
    await engine.destroy();
    await server.close();
  });

  it('lists the known token with its balance and logo, and folds the likely spam away', async () => {
    await waitFor(() => symbols(tokens()).includes('USDC') && (spam()?.length ?? 0) >= 3, 'a scan');
    expect(tokens()).toEqual([
      {
        tokenAddress: lower(contracts.usdc!),
        name: 'USD Coin',
        logo: 'https://logo.example/usdc.svg',
        erc20: true,
        symbol: 'USDC',
        decimals: 6,
        balance: '0x4c4b40', // 5,000,000
        network: '0x1691',
        isCovalent: false,
        customTokenId: null,
      },
    ]);
    const reasons = Object.fromEntries((spam() ?? []).map((t) => [t.symbol, t.spamReason]));
    // A look-alike of USDC; the others arrived unasked and have no price.
    expect(reasons).toEqual({ UЅDС: 'imitation', FREE: 'unsolicited', ORB: 'unsolicited' });
    expect(engine.getState().TokensController.loading).toBe(false);
  });

  it('shows a token once the account sent some (it asked for it), and one the user brings back', async () => {
    await waitFor(() => symbols(spam()).includes('ORB'), 'ORB folded away');
    await send('TestERC20', contracts.orb!, 'transfer', [stranger, 1n], 1);
    await waitFor(() => symbols(tokens()).includes('ORB'), 'ORB shown at the next poll');
    engine.actions.setTokenSpam(contracts.free!, false);
    expect(symbols(tokens())).toEqual(['FREE', 'ORB', 'USDC']);
    expect(symbols(spam())).toEqual(['UЅDС']);
    engine.actions.setTokenSpam(contracts.usdc!, true);
    expect(symbols(tokens())).toEqual(['FREE', 'ORB']);
    expect(spam()?.find((t) => t.symbol === 'USDC')?.spamReason).toBe('user');
    engine.actions.setTokenSpam(contracts.usdc!, false);
  });

  it('finds a token received after the first scan at the next poll', async () => {
    await waitFor(() => symbols(tokens()).includes('USDC'), 'the first scan');
    const late = await deployContract(anvil().rpcUrl, 'TestERC20', [
      'Late',
      'LATE',
      18,
      10n ** 20n,
    ]);
    await send('TestERC20', late, 'transfer', [me, 7n]);
    await waitFor(() => symbols(spam()).includes('LATE'), 'LATE at the next poll');
    expect(spam()!.find((t) => t.symbol === 'LATE')).toMatchObject({ balance: '0x7' });
  });

  it('refreshAssets reads a balance mined after the last head the block poll saw', async () => {
    await waitFor(() => symbols(tokens()).includes('USDC'), 'the first scan');
    const usdc = () => BigInt(tokens()!.find((t) => t.symbol === 'USDC')!.balance);
    const before = usdc();
    await send('TestERC20', contracts.usdc!, 'transfer', [me, 1n]);
    // No waiting for a poll: the refresh itself must see the new block.
    await engine.actions.refreshAssets();
    expect(usdc()).toBe(before + 1n);
  });

  it('groups collectibles by contract with metadata over http, ipfs and data:, placeholder when none', async () => {
    await waitFor(
      () =>
        collectibles().find((c) => c.address === lower(contracts.orbits!))?.assets.length === 5 &&
        collectibles().some((c) => c.assets.some((a) => a.name === 'Multi Nine')),
      'collectibles with metadata',
    );
    const orbits = collectibles().find((c) => c.address === lower(contracts.orbits!))!;
    expect(orbits).toMatchObject({
      name: 'Orbits',
      symbol: 'ORBS',
      standard: 'ERC721',
      logo: null,
      description: null,
    });
    const byId = Object.fromEntries(orbits.assets.map((a) => [a.tokenId, a]));
    expect(byId['1']).toEqual({
      address: lower(contracts.orbits!),
      tokenId: '1',
      name: 'Orbit One',
      image: 'https://img.example/1.png',
      description: null,
      standard: 'ERC721',
      tokenBalance: '1',
      collectibleIndex: `${lower(contracts.orbits!)}_1`,
      video: null,
      customNftId: null,
    });
    expect(byId['0']!.name).toBe('Orbit One'); // token id 0 is a token
    expect(byId['2']).toMatchObject({
      name: 'Orbit Two',
      image: `${server.url}/ipfs/bafyimg/2.png`,
    });
    expect(byId['3']).toMatchObject({ name: 'Orbit Three', description: 'inline' });
    // Its URI answers 404: the failure only logs, the placeholder shows.
    expect(byId['4']).toMatchObject({ name: 'Orbits #4', image: '/images/nft-placeholder.svg' });
    expect(byId['5']).toBeUndefined(); // the stranger's
    const multi = collectibles().find((c) => c.address === lower(contracts.multi!))!;
    expect(multi.standard).toBe('ERC1155');
    expect(multi.assets).toEqual([
      expect.objectContaining({
        tokenId: '9',
        tokenBalance: '3',
        name: 'Multi Nine',
        video: 'https://video.example/9.mp4',
        image: '/images/nft-placeholder.svg',
      }),
    ]);
  });

  it('removes an NFT transferred away at the next poll', async () => {
    const index = `${lower(contracts.orbits!)}_3`;
    await waitFor(() => assetIndexes().includes(index), 'Orbit Three listed');
    await send('TestERC721Uri', contracts.orbits!, 'transferFrom', [me, stranger, 3n], 1);
    await waitFor(() => !assetIndexes().includes(index), 'Orbit Three gone');
    expect(assetIndexes()).toContain(`${lower(contracts.orbits!)}_1`);
  });

  it('checks a token to add with the spec messages, then adds and deletes it in the wallet', async () => {
    const codeOf = async (promise: Promise<unknown>) =>
      ((await rejectionOf(promise)) as { data?: { code?: string }; message?: string }).data?.code;
    expect(await codeOf(engine.actions.readTokenMetadata('0x1234'))).toBe(
      'asset.invalidContractAddress',
    );
    expect(await codeOf(engine.actions.readTokenMetadata(stranger))).toBe(
      'asset.invalidContractAddress',
    );
    await waitFor(() => symbols(tokens()).includes('USDC'), 'USDC listed');
    expect(await rejectionOf(engine.actions.readTokenMetadata(contracts.usdc!))).toMatchObject({
      message: 'This token already exists.',
      data: { code: 'asset.duplicateToken' },
    });
    expect(await engine.actions.readTokenMetadata(contracts.other!)).toEqual({
      address: lower(contracts.other!),
      symbol: 'OTH',
      name: 'Other',
      decimals: 18,
      balance: '0x0',
    });
    // Signed out: kept in the wallet, listed at once even with no balance.
    await engine.actions.addCustomToken({ token_address: contracts.other!, token_symbol: 'MINE' });
    const [local] = engine.getState().TokensController.localCustomTokens[me]!;
    expect(local).toMatchObject({
      token_address: lower(contracts.other!),
      network: '0x1691',
      token_symbol: 'MINE',
      token_name: 'Other',
      decimals: 18,
    });
    expect(tokens()!.find((t) => t.tokenAddress === lower(contracts.other!))).toMatchObject({
      symbol: 'MINE',
      balance: '0x0',
      customTokenId: local!.id,
    });
    expect(await codeOf(engine.actions.addCustomToken({ token_address: contracts.other! }))).toBe(
      'asset.duplicateToken',
    );
    expect(
      await rejectionOf(
        engine.actions.addCustomToken({ token_address: contracts.fake!, decimals: 99 }),
      ),
    ).toMatchObject({ data: { code: 'asset.invalidInput' } });
    await engine.actions.deleteCustomToken(local!.id);
    expect(engine.getState().TokensController.localCustomTokens[me]).toEqual([]);
    expect(tokens()!.some((t) => t.tokenAddress === lower(contracts.other!))).toBe(false);
  });

  it('checks a collectible to add with each of the spec messages', async () => {
    const failure = async (address: string, tokenId: string) =>
      (await rejectionOf(engine.actions.readCollectible(address, tokenId))) as {
        message: string;
        data?: { code: string };
      };
    await waitFor(() => assetIndexes().includes(`${lower(contracts.orbits!)}_1`), 'Orbit One');
    expect(await failure('', '1')).toMatchObject({
      message: 'address is required while initializing NftHandler',
    });
    expect(await failure(contracts.orbits!, '')).toMatchObject({
      message: 'tokenId is required while initializing NftHandler',
    });
    expect(await failure('0x12', '1')).toMatchObject({
      message: 'This contract address is invalid',
      data: { code: 'asset.invalidContractAddress' },
    });
    expect((await failure(stranger, '1')).data?.code).toBe('asset.invalidContractAddress');
    expect(await failure(contracts.usdc!, '1')).toMatchObject({
      message: 'Contract address does not support any valid nft standard',
      data: { code: 'asset.unsupportedStandard' },
    });
    expect(await failure(contracts.orbits!, '99')).toMatchObject({
      message: "This token id doesn't exist.",
      data: { code: 'asset.nonExistentTokenId' },
    });
    expect(await failure(contracts.orbits!, '5')).toMatchObject({
      message: "You don't own this nft.",
      data: { code: 'asset.notOwned' },
    });
    expect((await failure(contracts.multi!, '10')).data?.code).toBe('asset.notOwned');
    expect(await failure(contracts.orbits!, '1')).toMatchObject({
      message: 'This nft already exists.',
      data: { code: 'asset.duplicateNft' },
    });
  });

  it('adds a custom NFT the scan missed, and skips it once no longer owned', async () => {
    // A mint to the account is found by the next scan (its Transfer log), so whether the user or
    // the scan lists it first would be a race. An NFT the account got without any log is one the
    // scan misses: minted to a stranger, then given to the account by a dev node's state edit.
    const direct = await deployContract(anvil().rpcUrl, 'TestERC721Uri', ['Direct', 'DIR']);
    await send('TestERC721Uri', direct, 'mint', [stranger, 42n, `${server.url}/orbit/1.json`]);
    await giveWithoutLog(direct, 42n, stranger, me);
    const preview = await engine.actions.readCollectible(direct, '42');
    expect(preview).toMatchObject({
      address: lower(direct),
      tokenId: '42',
      standard: 'ERC721',
      name: 'Orbit One',
      image: 'https://img.example/1.png',
      contractName: 'Direct',
      contractSymbol: 'DIR',
      collectibleIndex: `${lower(direct)}_42`,
    });
    await engine.actions.addCustomNft({ nft_address: direct, nft_id: '42' });
    const [local] = engine.getState().CollectiblesController.localCustomNfts[me]!;
    expect(local).toMatchObject({
      nft_address: lower(direct),
      nft_id: '42',
      nft_contract_standard: 'ERC721',
      nft_name: 'Orbit One',
      nft_image_link: 'https://img.example/1.png',
    });
    expect(assetIndexes()).toContain(`${lower(direct)}_42`);
    await send('TestERC721Uri', direct, 'transferFrom', [me, stranger, 42n], 1);
    await waitFor(() => !assetIndexes().includes(`${lower(direct)}_42`), 'the custom NFT skipped');
    expect(engine.getState().CollectiblesController.localCustomNfts[me]).toHaveLength(1);
  });
});

describe('assets follow the selected account and network at once', () => {
  const anvil = useAnvil({ chainId: 5777 });
  const second = useAnvil({ chainId: 31337 });
  let engine: Engine;
  let accounts: Address[];

  afterAll(async () => {
    await engine.destroy();
  });

  it('refreshes on an account switch and on a network switch, not waiting for the hour-long poll', async () => {
    const here = await deployContract(anvil().rpcUrl, 'TestERC20', [
      'Here',
      'HERE',
      18,
      10n ** 20n,
    ]);
    const there = await deployContract(second().rpcUrl, 'TestERC20', [
      'There',
      'THR',
      18,
      10n ** 20n,
    ]);
    ({ engine, addresses: accounts } = await engineWithAccounts(notDeployer(anvil()), 2, {
      assets: { intervals: { tokensMs: 3_600_000, collectiblesMs: 3_600_000 } },
    }));
    const [first, other] = accounts as [Address, Address];
    const { TestERC20 } = await loadContractArtifacts();
    for (const [rpcUrl, token] of [
      [anvil().rpcUrl, here],
      [second().rpcUrl, there],
    ] as const) {
      const { walletClient, publicClient } = await chainClients(rpcUrl);
      await publicClient.waitForTransactionReceipt({
        hash: await walletClient.writeContract({
          address: token,
          abi: TestERC20.abi,
          functionName: 'transfer',
          args: [other, 5n],
        } as never),
      });
    }
    const stop = engine.subscribe(() => undefined);
    try {
      const all = () => engine.getState().TokensController;
      const listed = (account: string) =>
        [...(all().tokens[account] ?? []), ...(all().spamTokens[account] ?? [])].map(
          (t) => t.symbol,
        );
      await waitFor(() => all().tokens[first] !== undefined, 'the first account read');
      expect(listed(first)).toEqual([]);
      engine.actions.setSelectedAddress(other);
      await waitFor(() => listed(other).includes('HERE'), 'the other account read at once');
      const custom = await engine.actions.addCustomNetwork({
        networkName: 'Second',
        host: second().rpcUrl,
        chainId: '31337',
        symbol: 'ETH',
      });
      await engine.actions.setCustomNetwork(custom.id);
      await waitFor(() => listed(other).includes('THR'), 'the other chain read at once');
      expect(listed(other)).toEqual(['THR']);
    } finally {
      stop();
    }
  });
});
