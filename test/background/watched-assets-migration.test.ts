// Version 3: what dapps asked to watch (the old WatchedAssetsController) becomes the selected
// account's custom tokens and NFTs kept in the wallet, which the views now list.
import type { Json } from '@metamask/utils';

import { createEngine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { UNREACHABLE_RPC } from './helpers';

const ACCOUNT = '0x' + 'ab'.repeat(20);
const TOKEN = '0x' + '12'.repeat(20);
const NFT = '0x' + '34'.repeat(20);

function version2State(selectedAddress: string | null): Record<string, Json> {
  return {
    meta: { version: 2 },
    PreferencesController: { theme: 'light', locale: 'en', selectedAddress },
    WatchedAssetsController: {
      assets: {
        [`0x1691:${TOKEN}`]: {
          type: 'erc20',
          chainId: '0x1691',
          address: TOKEN,
          symbol: 'TKN',
          decimals: 6,
          origin: 'https://dapp.example',
          addedAt: 1,
        },
        [`0x89:${NFT}:7`]: {
          type: 'erc1155',
          chainId: '0x89',
          address: NFT,
          tokenId: '7',
          image: 'https://img.example/7.png',
          origin: 'https://dapp.example',
          addedAt: 2,
        },
        broken: { type: 'erc20', chainId: 'not a chain', address: TOKEN },
      },
    },
  };
}

describe('migration to version 3', () => {
  it("moves watched assets to the selected account's custom tokens and NFTs", async () => {
    const storage = new MemoryStorage();
    await storage.setMany(version2State(ACCOUNT));
    const engine = await createEngine({ storage, network: UNREACHABLE_RPC });
    try {
      const state = engine.getState();
      expect(state.TokensController.localCustomTokens).toEqual({
        [ACCOUNT]: [
          {
            id: `local-watched-0x1691:${TOKEN}`,
            token_address: TOKEN,
            network: 'localhost',
            token_symbol: 'TKN',
            token_name: 'TKN',
            decimals: 6,
          },
        ],
      });
      expect(state.CollectiblesController.localCustomNfts).toEqual({
        [ACCOUNT]: [
          {
            id: `local-watched-0x89:${NFT}:7`,
            nft_address: NFT,
            network: 'matic',
            nft_name: '',
            nft_id: '7',
            nft_contract_standard: 'ERC1155',
            nft_image_link: 'https://img.example/7.png',
            description: null,
          },
        ],
      });
      expect(Object.keys(state)).not.toContain('WatchedAssetsController');
    } finally {
      await engine.destroy();
    }
    const stored = await storage.getAll();
    expect(stored.meta).toEqual({ version: 3 });
    expect(stored.TokensController).toMatchObject({
      localCustomTokens: { [ACCOUNT]: [expect.objectContaining({ token_address: TOKEN })] },
    });
  });

  it('drops them when no account was selected: there is no one to give them to', async () => {
    const storage = new MemoryStorage();
    await storage.setMany(version2State(null));
    const engine = await createEngine({ storage, network: UNREACHABLE_RPC });
    try {
      expect(engine.getState().TokensController.localCustomTokens).toEqual({});
    } finally {
      await engine.destroy();
    }
  });
});
