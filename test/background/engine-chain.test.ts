import { startAnvil } from '../../scripts/lib/anvil';
import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { mine } from '../chain/snapshot';
import { useAnvil } from '../chain/use-anvil';
import { waitFor } from './helpers';

describe('engine on a real chain', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let engine: Engine;

  beforeEach(async () => {
    engine = await createEngine({
      storage: new MemoryStorage(),
      network: { rpcUrl: anvil().rpcUrl, chainId: '0x1691' },
      blockPollingInterval: 100,
    });
  });
  afterEach(async () => {
    await engine.destroy();
  });

  it('marks the network available after net_version answers and follows new blocks', async () => {
    expect(engine.getState().NetworkController).toMatchObject({
      networkStatus: 'available',
      networkId: '5777',
    });
    await waitFor(
      () => engine.getState().NetworkController.latestBlockNumber !== null,
      'the first block',
    );
    const before = engine.getState().NetworkController.latestBlockNumber ?? 0;
    await mine(anvil().rpcUrl, 3);
    await waitFor(
      () => (engine.getState().NetworkController.latestBlockNumber ?? 0) >= before + 3,
      'three more blocks',
    );
  });

  it('streams block numbers to subscribers as patches', async () => {
    const seen: unknown[] = [];
    engine.subscribe(({ patches }) => {
      for (const patch of patches)
        if (patch.path.join('.') === 'NetworkController.latestBlockNumber') seen.push(patch.value);
    });
    await mine(anvil().rpcUrl, 1);
    await waitFor(() => seen.length > 0, 'a block patch');
    expect(typeof seen[0]).toBe('number');
  });

  describe('connect(origin)', () => {
    it('answers chain reads for a dapp and passes plain reads to the node', async () => {
      const provider = engine.connect('https://dapp.example');
      expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1691');
      expect(await provider.request({ method: 'net_version' })).toBe('5777');
      const balance = await provider.request<string>({
        method: 'eth_getBalance',
        params: [anvil().accounts[0], 'latest'],
      });
      expect(BigInt(balance)).toBeGreaterThan(0n);
      expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    });

    it('never lets a dapp reach the node’s own accounts or admin methods', async () => {
      const provider = engine.connect('https://evil.example');
      await expect(
        provider.request({
          method: 'eth_sendTransaction',
          params: [{ from: anvil().accounts[0], to: anvil().accounts[1], value: '0x1' }],
        }),
      ).rejects.toMatchObject({ code: 4100 });
      await expect(
        provider.request({ method: 'personal_sign', params: ['0x00', anvil().accounts[0]] }),
      ).rejects.toMatchObject({ code: 4100 });
      await expect(
        provider.request({ method: 'anvil_setBalance', params: [anvil().accounts[1], '0x0'] }),
      ).rejects.toMatchObject({ code: 4200 });
      await expect(provider.request({ method: 'wallet_somethingNew' })).rejects.toMatchObject({
        code: 4200,
      });
      await expect(provider.request({ method: '' })).rejects.toMatchObject({ code: -32600 });
    });

    it('passes node errors through with their own code', async () => {
      const provider = engine.connect('https://dapp.example');
      await expect(
        provider.request({ method: 'eth_getBalance', params: ['not-an-address'] }),
      ).rejects.toMatchObject({
        code: expect.any(Number),
        message: expect.any(String),
      });
    });
  });
});

describe('a node that goes away and comes back', () => {
  it('turns loading with a disconnect event, then available with a connect event', async () => {
    const first = await startAnvil({ chainId: 5777 });
    const engine = await createEngine({
      storage: new MemoryStorage(),
      network: { rpcUrl: first.rpcUrl, chainId: '0x1691' },
      blockPollingInterval: 100,
    });
    try {
      const provider = engine.connect('https://dapp.example');
      const events: string[] = [];
      provider.on('disconnect', () => events.push('disconnect'));
      provider.on('connect', () => events.push('connect'));
      expect(engine.getState().NetworkController.networkStatus).toBe('available');

      await first.stop();
      await waitFor(
        () => engine.getState().NetworkController.networkStatus === 'loading',
        'loading after the node stopped',
      );
      await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({
        message: 'Orrery is having trouble connecting to the network',
      });

      const second = await startAnvil({ chainId: 5777, port: first.port });
      try {
        await waitFor(
          () => engine.getState().NetworkController.networkStatus === 'available',
          'available again',
          15_000,
        );
        expect(events).toEqual(['disconnect', 'connect']);
      } finally {
        await second.stop();
      }
    } finally {
      await engine.destroy();
    }
  });
});
