import { encodeEventTopics, parseAbi, type Address, type Hex } from 'viem';

import type { Engine } from '../../../src/background/engine/create-engine';
import type { OriginProvider } from '../../../src/background/rpc/origin-provider';
import { chainClients, deployContract } from '../../chain/deploy';
import { loadContractArtifacts } from '../../chain/compile-contracts';
import { mine } from '../../chain/snapshot';
import { useAnvil } from '../../chain/use-anvil';
import {
  autoAnswer,
  connectOrigin,
  engineWithAccounts,
  rejectionOf,
  viemClients,
  waitFor,
} from './harness';

const DAPP = 'https://dapp.example';
const OTHER = 'https://other.example';
const TRANSFER_EVENT = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

describe('wallet_watchAsset, filters and subscriptions', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let engine: Engine;
  let provider: OriginProvider;
  let account: Address;
  let erc20: Address;
  let erc721: Address;
  let erc1155: Address;

  beforeAll(async () => {
    const { rpcUrl } = anvil();
    erc20 = await deployContract(rpcUrl, 'TestERC20', ['Test', 'TST', 6, 10n ** 24n]);
    erc721 = await deployContract(rpcUrl, 'TestERC721', ['Nft', 'NFT']);
    erc1155 = await deployContract(rpcUrl, 'TestERC1155', ['https://example/{id}.json']);
    let addresses: Address[];
    ({ engine, addresses } = await engineWithAccounts(anvil(), 1));
    account = addresses[0]!;
    provider = engine.connect(DAPP);
    await connectOrigin(engine, provider, [account]);
  });
  afterAll(async () => {
    await engine.destroy();
  });

  describe('wallet_watchAsset', () => {
    it('watches an ERC-20 after approval, reading symbol and decimals from the chain (viem watchAsset)', async () => {
      const { walletClient } = viemClients(provider, 5777, account);
      const answers = autoAnswer(engine);
      try {
        expect(
          await walletClient.watchAsset({
            type: 'ERC20',
            options: { address: erc20, symbol: 'TST', decimals: 6 },
          }),
        ).toBe(true);
        expect(
          await provider.request({
            method: 'wallet_watchAsset',
            params: { type: 'erc20', options: { address: erc20 } },
          }),
        ).toBe(true);
        expect(answers.seen.map((r) => r.type)).toEqual(['watch_asset', 'watch_asset']);
        expect(answers.seen[1]!.requestData).toMatchObject({
          symbol: 'TST',
          decimals: 6,
          chainId: '0x1691',
        });
      } finally {
        answers.stop();
      }
      // Signed out, the approved token is the account's custom token kept in the wallet.
      expect(engine.getState().TokensController.localCustomTokens[account]).toEqual([
        expect.objectContaining({
          token_address: erc20.toLowerCase(),
          network: '0x1691', // a custom network ('rpc'): named by its chain id
          token_symbol: 'TST',
          token_name: 'Test',
          decimals: 6,
        }),
      ]);
    });

    it('watches ERC-721 and ERC-1155 tokens the account holds, of the asked standard', async () => {
      const { TestERC721, TestERC1155 } = await loadContractArtifacts();
      const { walletClient, publicClient } = await chainClients(anvil().rpcUrl);
      for (const request of [
        { address: erc721, abi: TestERC721.abi, functionName: 'mint', args: [account, 7n] },
        { address: erc1155, abi: TestERC1155.abi, functionName: 'mint', args: [account, 7n, 2n] },
      ]) {
        await publicClient.waitForTransactionReceipt({
          hash: await walletClient.writeContract(request as never),
        });
      }
      const answers = autoAnswer(engine);
      try {
        for (const [type, address] of [
          ['ERC721', erc721],
          ['ERC1155', erc1155],
        ] as const) {
          expect(
            await provider.request({
              method: 'wallet_watchAsset',
              params: { type, options: { address, tokenId: '7' } },
            }),
          ).toBe(true);
        }
        // The prompt showed what the chain said: the standard's holding, a name, the placeholder.
        expect(answers.seen[1]!.requestData).toMatchObject({
          type: 'erc1155',
          balance: '2',
          image: '/images/nft-placeholder.svg',
        });
      } finally {
        answers.stop();
      }
      const nfts = engine.getState().CollectiblesController.localCustomNfts[account] ?? [];
      expect(nfts.map((n) => [n.nft_address, n.nft_id, n.nft_contract_standard])).toEqual([
        [erc721.toLowerCase(), '7', 'ERC721'],
        [erc1155.toLowerCase(), '7', 'ERC1155'],
      ]);
      // Not held: refused before any prompt.
      expect(
        await rejectionOf(
          provider.request({
            method: 'wallet_watchAsset',
            params: { type: 'ERC721', options: { address: erc721, tokenId: '8' } },
          }),
        ),
      ).toMatchObject({ code: -32602, message: "This token id doesn't exist." });
    });

    it('refuses bad requests with the spec messages, and a denial with 4001', async () => {
      const watch = (params: unknown) =>
        rejectionOf(provider.request({ method: 'wallet_watchAsset', params: params as object }));
      const eoa = anvil().accounts[5]!;
      expect(await watch({ type: 'erc777', options: { address: erc20 } })).toMatchObject({
        code: -32602,
        message: 'Invalid watch asset params: only erc20/erc721/erc1155 asset types are supported.',
      });
      expect(await watch({ type: 'erc20', options: {} })).toMatchObject({
        message: 'asset address is required.',
      });
      expect(await watch({ type: 'erc721', options: { address: erc721 } })).toMatchObject({
        message: 'asset id is required.',
      });
      expect(await watch({ type: 'erc20', options: { address: eoa } })).toMatchObject({
        message: `Invalid asset address ${eoa.toLowerCase()}`,
      });
      // An ERC-20 is not an ERC-721: its supportsInterface does not say so.
      expect(
        await watch({ type: 'erc721', options: { address: erc20, tokenId: 1 } }),
      ).toMatchObject({
        message: `Invalid asset address ${erc20.toLowerCase()}`,
      });
      expect(
        await watch({ type: 'erc1155', options: { address: erc721, tokenId: 1 } }),
      ).toMatchObject({
        message: `Invalid asset address ${erc721.toLowerCase()}`,
      });
      const deny = autoAnswer(engine, () => 'reject');
      try {
        expect(await watch({ type: 'erc20', options: { address: erc20 } })).toMatchObject({
          code: 4001,
          message: 'User denied watch asset request.',
        });
      } finally {
        deny.stop();
      }
    });
  });

  describe('subscriptions and filters', () => {
    it('eth_subscribe newHeads notifies each mined block, only on the subscribing connection', async () => {
      const other = engine.connect(OTHER);
      const otherMessages: unknown[] = [];
      other.on('message', (m) => otherMessages.push(m));
      const heads: { subscription: string; result: { number: Hex; hash: Hex } }[] = [];
      provider.on('message', (m) => {
        const { type, data } = m as { type: string; data: (typeof heads)[number] };
        if (type === 'eth_subscription') heads.push(data);
      });
      const id = await provider.request<string>({ method: 'eth_subscribe', params: ['newHeads'] });
      const start = Number(await provider.request<Hex>({ method: 'eth_blockNumber' }));
      await mine(anvil().rpcUrl, 3);
      await waitFor(() => heads.filter((h) => h.subscription === id).length >= 3, 'three heads');
      const numbers = heads
        .filter((h) => h.subscription === id)
        .map((h) => Number(h.result.number));
      expect(numbers.slice(0, 3)).toEqual([start + 1, start + 2, start + 3]);
      expect(heads[0]!.result.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(otherMessages).toEqual([]);
      expect(await provider.request({ method: 'eth_unsubscribe', params: [id] })).toBe(true);
      const count = heads.length;
      await mine(anvil().rpcUrl, 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heads.length).toBe(count);
      other.close();
    });

    it('eth_subscribe logs delivers an ERC-20 Transfer matching the filter', async () => {
      const received: {
        subscription: string;
        result: { address: string; topics: Hex[]; data: Hex };
      }[] = [];
      provider.on('message', (m) => received.push((m as { data: (typeof received)[number] }).data));
      const topics = encodeEventTopics({ abi: TRANSFER_EVENT, eventName: 'Transfer' });
      const id = await provider.request<string>({
        method: 'eth_subscribe',
        params: ['logs', { address: erc20, topics }],
      });
      const { TestERC20 } = await loadContractArtifacts();
      const { walletClient, publicClient } = await chainClients(
        anvil().rpcUrl,
        anvil().privateKeys[0],
      );
      const recipient = anvil().accounts[3]!;
      const hash = await walletClient.writeContract({
        address: erc20,
        abi: TestERC20.abi,
        functionName: 'transfer',
        args: [recipient, 1234n],
      });
      await publicClient.waitForTransactionReceipt({ hash });
      await waitFor(() => received.some((r) => r.subscription === id), 'a Transfer log');
      const log = received.find((r) => r.subscription === id)!.result;
      expect(log.address.toLowerCase()).toBe(erc20.toLowerCase());
      expect(BigInt(log.data)).toBe(1234n);
      expect(log.topics[2]!.toLowerCase()).toBe(
        `0x${recipient.slice(2).toLowerCase().padStart(64, '0')}`,
      );
      await provider.request({ method: 'eth_unsubscribe', params: [id] });
    });

    it('block and log filters through viem’s public client', async () => {
      const { publicClient } = viemClients(provider, 5777, account);
      const blockFilter = await publicClient.createBlockFilter();
      const eventFilter = await publicClient.createEventFilter({
        address: erc20,
        event: TRANSFER_EVENT[0],
      });
      await mine(anvil().rpcUrl, 2);
      const latest = Number(await publicClient.getBlockNumber({ cacheTime: 0 }));
      await waitFor(
        () => (engine.getState().NetworkController.latestBlockNumber ?? 0) >= latest,
        'tracker',
      );
      const hashes = await publicClient.getFilterChanges({ filter: blockFilter });
      expect(hashes.length).toBeGreaterThanOrEqual(2);
      expect(await publicClient.getFilterChanges({ filter: blockFilter })).toEqual([]);

      const { TestERC20 } = await loadContractArtifacts();
      const { walletClient, publicClient: direct } = await chainClients(
        anvil().rpcUrl,
        anvil().privateKeys[0],
      );
      const hash = await walletClient.writeContract({
        address: erc20,
        abi: TestERC20.abi,
        functionName: 'transfer',
        args: [anvil().accounts[4]!, 99n],
      });
      const receipt = await direct.waitForTransactionReceipt({ hash });
      await waitFor(
        () =>
          (engine.getState().NetworkController.latestBlockNumber ?? 0) >=
          Number(receipt.blockNumber),
        'the transfer block',
      );
      const logs = await publicClient.getFilterChanges({ filter: eventFilter });
      expect(logs.map((l) => l.transactionHash)).toEqual([hash]);
      expect(await publicClient.uninstallFilter({ filter: blockFilter })).toBe(true);
      expect(
        await rejectionOf(
          provider.request({ method: 'eth_getFilterChanges', params: [blockFilter.id] }),
        ),
      ).toMatchObject({ code: -32602, message: 'filter not found' });
    });

    it('refuses unknown subscription types', async () => {
      expect(
        await rejectionOf(provider.request({ method: 'eth_subscribe', params: ['syncing'] })),
      ).toMatchObject({
        code: -32602,
      });
    });
  });
});
