import { Messenger } from '@metamask/messenger';

import { createEngine } from '../../../src/background/engine/create-engine';
import { MemoryStorage } from '../../../src/background/persistence/memory-storage';
import {
  MAX_WATCHED_ASSETS,
  WatchedAssetsController,
  watchedAssetsControllerName,
  type WatchedAssetsControllerMessenger,
} from '../../../src/controllers/assets/WatchedAssetsController';
import { UNREACHABLE_RPC } from '../../background/helpers';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const newController = (state?: ConstructorParameters<typeof WatchedAssetsController>[0]['state']) =>
  new WatchedAssetsController({
    messenger: new Messenger({
      namespace: watchedAssetsControllerName,
    }) as WatchedAssetsControllerMessenger,
    state,
    now: () => 1_000,
  });

describe('WatchedAssetsController', () => {
  it('stores an asset once per chain, contract and token id, lowercased, without undefined fields', () => {
    const controller = newController();
    const base = {
      type: 'erc20' as const,
      chainId: '0x1691',
      address: TOKEN,
      origin: 'https://d.example',
    };
    controller.addAsset({ ...base, symbol: 'TST', decimals: 6, image: undefined });
    controller.addAsset({ ...base, symbol: 'TST2', decimals: 6 });
    controller.addAsset({ ...base, type: 'erc721', tokenId: '7' });
    expect(controller.state.assets).toEqual({
      [`0x1691:${TOKEN.toLowerCase()}`]: {
        ...base,
        address: TOKEN.toLowerCase(),
        symbol: 'TST2',
        decimals: 6,
        addedAt: 1_000,
      },
      [`0x1691:${TOKEN.toLowerCase()}:7`]: {
        ...base,
        type: 'erc721',
        address: TOKEN.toLowerCase(),
        tokenId: '7',
        addedAt: 1_000,
      },
    });
    controller.removeAsset(`0x1691:${TOKEN.toLowerCase()}:7`);
    expect(Object.keys(controller.state.assets)).toHaveLength(1);
  });

  it('refuses bad input and more than the bound, changing nothing', () => {
    const controller = newController();
    const base = { type: 'erc20' as const, chainId: '0x1', origin: 'o' };
    expect(() => controller.addAsset({ ...base, address: '0x1234' })).toThrow(
      'Invalid asset address 0x1234',
    );
    expect(() => controller.addAsset({ ...base, type: 'erc777' as never, address: TOKEN })).toThrow(
      'Unknown watched asset type "erc777".',
    );
    const full = newController({
      assets: Object.fromEntries(
        Array.from({ length: MAX_WATCHED_ASSETS }, (_, i) => [
          `k${i}`,
          { ...base, address: TOKEN, addedAt: 0 },
        ]),
      ),
    });
    expect(() => full.addAsset({ ...base, address: TOKEN })).toThrow(
      `Cannot watch more than ${MAX_WATCHED_ASSETS} assets.`,
    );
    expect(controller.state.assets).toEqual({});
  });

  it('is persisted by the engine and visible to views', async () => {
    const storage = new MemoryStorage();
    const first = await createEngine({ storage, network: UNREACHABLE_RPC });
    first.messenger.call('WatchedAssetsController:addAsset', {
      type: 'erc20',
      chainId: '0x1691',
      address: TOKEN,
      origin: 'https://d.example',
    });
    expect(Object.keys(first.getState().WatchedAssetsController.assets)).toHaveLength(1);
    await first.destroy();
    const second = await createEngine({ storage, network: UNREACHABLE_RPC });
    try {
      expect(second.getState().WatchedAssetsController.assets).toEqual(
        first.getState().WatchedAssetsController.assets,
      );
    } finally {
      await second.destroy();
    }
  });
});
