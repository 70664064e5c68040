/** NetworkController against real anvil nodes: reachability, switching, EIP-1559, custom networks. */
import { deriveStateFromMetadata } from '@metamask/base-controller';

import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import { findFreePort, startAnvil, type AnvilInstance } from '../../../scripts/lib/anvil';
import {
  type NetworkController,
  type NetworkState,
} from '../../../src/controllers/network/NetworkController';
import { NetworkErrorCode } from '../../../src/controllers/network/errors';
import { LOCALHOST_NETWORK, type ProviderConfig } from '../../../src/shared/networks';
import { useAnvil } from '../../chain/use-anvil';
import { thrownBy } from '../approvals/harness';
import {
  countingFetch,
  createNetworkController,
  createTestRoot,
  startAnvilWithArgs,
  waitFor,
} from './helpers';
import { createManualTimers, waitForScheduled } from '../polling/manual-timers';

const nodeA = useAnvil();
const nodeB = useAnvil({ chainId: 1337 });

const rpcConfig = (rpcUrl: string, chainId: `0x${string}`): ProviderConfig => ({
  ...LOCALHOST_NETWORK,
  type: 'rpc',
  rpcUrl,
  chainId,
  networkName: 'test node',
});

describe('NetworkController', () => {
  const live: NetworkController[] = [];
  const make = (
    options: Parameters<typeof createNetworkController>[1],
    root = createTestRoot(),
  ) => {
    const controller = createNetworkController(root, {
      pollingInterval: 100,
      retryTimeout: 100,
      ...options,
    });
    live.push(controller);
    return { controller, root };
  };
  afterEach(async () => {
    await Promise.all(live.splice(0).map((c) => c.destroy()));
  });

  it("is 'loading' until net_version succeeds, then 'available' with the network id", async () => {
    const upstream = countingFetch();
    const { controller } = make({
      providerConfig: rpcConfig(nodeA().rpcUrl, '0x7a69'),
      fetchFn: upstream.fetchFn,
    });
    expect(controller.state.networkStatus).toBe('loading');
    expect(controller.state.networkId).toBeNull();
    await controller.init();
    expect(upstream.count('net_version')).toBeGreaterThanOrEqual(1);
    expect(controller.state.networkStatus).toBe('available');
    expect(controller.state.networkId).toBe('31337');
  });

  it("stays 'loading' while nothing answers, retrying only while something needs the network", async () => {
    const port = await findFreePort();
    const timers = createManualTimers();
    const upstream = countingFetch();
    const { controller } = make({
      providerConfig: rpcConfig(`http://127.0.0.1:${port}`, '0x7a69'),
      fetchFn: upstream.fetchFn,
      timers,
    });
    await controller.init();
    expect(controller.state.networkStatus).toBe('loading');
    expect(timers.pending()).toEqual([]); // nobody waits for this network: no retry
    expect(upstream.count('net_version')).toBe(1);

    const release = controller.requireBlocks('test');
    // The head read fails: a retry of the head and of net_version, 100 ms each (retryTimeout).
    await waitFor(() => timers.pending().length === 2, 'the retries');
    expect(timers.pending()).toEqual([100, 100]);
    for (let i = 0; i < 4; i++) {
      const scheduled = timers.scheduledCount;
      timers.fireNext();
      await waitForScheduled(timers, scheduled, 'a retry to fail');
    }
    expect(controller.state.networkStatus).toBe('loading');
    expect(controller.state.networkId).toBeNull();
    expect(upstream.count('net_version')).toBeGreaterThanOrEqual(2);

    release();
    expect(timers.pending()).toEqual([]);
  });

  it("returns to 'loading' when the node goes away and to 'available' when a node comes back on the same port", async () => {
    const port = await findFreePort();
    let node: AnvilInstance | undefined = await startAnvil({ port });
    try {
      const { controller } = make({ providerConfig: rpcConfig(node.rpcUrl, '0x7a69') });
      await controller.init();
      controller.requireBlocks('test'); // someone watches the network, so an outage is noticed
      expect(controller.state.networkStatus).toBe('available');
      const account = node.accounts[2];
      const balance = () =>
        controller.getProvider().request<string>({
          method: 'eth_getBalance',
          params: [account, 'latest'],
        });
      const before = await balance();

      await node.stop();
      node = undefined;
      await waitFor(
        () => controller.state.networkStatus === 'loading',
        "'loading' after the node stopped",
      );
      expect(controller.state.networkId).toBeNull();

      // A fresh chain at the same height: no new block number, yet the controller must notice.
      node = await startAnvil({ port });
      await waitFor(
        () => controller.state.networkStatus === 'available',
        "'available' after the node returned",
      );
      expect(controller.state.networkId).toBe('31337');

      // The cache from before the outage is gone: a state change on the new node shows at once.
      await node.stop();
      node = undefined;
      await waitFor(() => controller.state.networkStatus === 'loading', "'loading' again");
      node = await startAnvil({ port, balanceEth: 7 });
      await waitFor(() => controller.state.networkStatus === 'available', "'available' again");
      expect(BigInt(await balance())).toBe(7n * 10n ** 18n);
      expect(before).not.toBe(await balance());
    } finally {
      await node?.stop();
    }
  }, 30_000);

  it('rejects rpc and unknown provider types, and networks without an endpoint, changing nothing', async () => {
    const { controller } = make({ providerConfig: rpcConfig(nodeA().rpcUrl, '0x7a69') });
    await controller.init();
    const before = controller.state.providerConfig;
    const unknownType = { data: { code: NetworkErrorCode.unknownNetworkType } };
    await expect(controller.setProviderType('rpc')).rejects.toMatchObject(unknownType);
    await expect(controller.setProviderType('ropsten')).rejects.toMatchObject(unknownType);
    await expect(controller.setProviderType('reef')).rejects.toMatchObject({
      ...unknownType,
      message: 'NetworkController - network "reef" has no RPC endpoint configured.',
    });
    expect(controller.state.providerConfig).toBe(before);
    expect(controller.state.networkStatus).toBe('available');
  });

  it('selects a built-in network by its host key', async () => {
    // Only the local network is reachable here; what matters is the selected configuration.
    const { controller, root } = make({ providerConfig: rpcConfig(nodeA().rpcUrl, '0x7a69') });
    const changes: ProviderConfig[] = [];
    root.subscribe('NetworkController:networkDidChange', (config) => changes.push(config));
    await controller.setProviderType('matic');
    expect(controller.state.providerConfig).toMatchObject({
      type: 'matic',
      chainId: '0x89',
      ticker: 'MATIC',
    });
    expect(changes.map((c) => c.type)).toEqual(['matic']);
  });

  it("switches with setRpcTarget: 'loading' first, new provider, then 'available' on the new chain", async () => {
    const { controller, root } = make({ providerConfig: rpcConfig(nodeA().rpcUrl, '0x7a69') });
    await controller.init();
    controller.requireBlocks('test'); // the need outlives the switch
    expect(await controller.getEIP1559Compatibility()).toBe(true);
    const provider = controller.getProvider();

    const seen: string[] = [];
    root.subscribe('NetworkController:networkDidChange', () => {
      seen.push(
        `${controller.state.networkStatus}:${String(controller.state.networkDetails.EIPS[1559])}`,
      );
    });
    await controller.setRpcTarget({ rpcUrl: nodeB().rpcUrl, chainId: '1337', networkName: 'B' });
    expect(seen).toEqual(['loading:undefined']);
    expect(controller.state.providerConfig).toMatchObject({
      type: 'rpc',
      chainId: '0x539',
      ticker: 'ETH',
    });
    expect(controller.state.networkStatus).toBe('available');
    expect(controller.state.networkId).toBe('1337');
    // Holders of the provider follow the switch.
    expect(controller.getProvider()).toBe(provider);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x539');
    await waitFor(() => controller.state.latestBlockNumber !== null, 'a block on the new network');
  });

  it('detects EIP-1559 from the latest block, caches it, and clears it on switch', async () => {
    const berlin = await startAnvilWithArgs(['--hardfork', 'berlin']);
    try {
      const upstream = countingFetch();
      const { controller } = make({
        providerConfig: rpcConfig(nodeA().rpcUrl, '0x7a69'),
        fetchFn: upstream.fetchFn,
      });
      await controller.init();
      expect(await controller.getEIP1559Compatibility()).toBe(true);
      expect(controller.state.networkDetails).toEqual({ EIPS: { 1559: true } });
      const blockReads = upstream.count('eth_getBlockByNumber');
      expect(await controller.getEIP1559Compatibility()).toBe(true);
      expect(upstream.count('eth_getBlockByNumber')).toBe(blockReads);

      await controller.setRpcTarget({ rpcUrl: berlin.rpcUrl, chainId: 31337 });
      expect(await controller.getEIP1559Compatibility()).toBe(false);
      expect(controller.state.networkDetails).toEqual({ EIPS: { 1559: false } });
    } finally {
      await berlin.stop();
    }
  });

  it('adds, edits and deletes custom networks; hex and decimal chain ids; lookups by chain id', async () => {
    const { controller } = make({
      providerConfig: rpcConfig(nodeA().rpcUrl, '0x7a69'),
      fallbackProviderConfig: rpcConfig(nodeA().rpcUrl, '0x7a69'),
    });
    await controller.init();

    const a = controller.addCustomNetwork({
      networkName: 'A',
      host: nodeA().rpcUrl,
      chainId: '31337',
    });
    const b = controller.addCustomNetwork({
      id: 42,
      networkName: 'B',
      host: nodeB().rpcUrl,
      chainId: '0x539',
      symbol: 'BTT',
    });
    expect(a).toMatchObject({ chainId: '0x7a69', symbol: 'ETH' });
    expect(b).toMatchObject({ id: '42', chainId: '0x539', symbol: 'BTT' });
    expect(Object.keys(controller.state.customNetworks).sort()).toEqual([a.id, '42'].sort());

    // Bad input is refused and loses nothing.
    const snapshot = controller.state.customNetworks;
    expect(
      thrownBy(() =>
        controller.addCustomNetwork({ networkName: 'C', host: nodeB().rpcUrl, chainId: 'abc' }),
      ),
    ).toMatchObject({ data: { code: NetworkErrorCode.invalidCustomNetwork } });
    expect(
      thrownBy(() =>
        controller.addCustomNetwork({ id: 42, networkName: 'C', host: nodeB().rpcUrl, chainId: 1 }),
      ),
    ).toMatchObject({ data: { code: NetworkErrorCode.customNetworkExists } });
    await expect(
      controller.editCustomNetwork(a.id, { networkName: '', host: nodeA().rpcUrl, chainId: 1 }),
    ).rejects.toMatchObject({ data: { code: NetworkErrorCode.invalidCustomNetwork } });
    await expect(controller.deleteCustomNetwork('nope')).rejects.toMatchObject({
      data: { code: NetworkErrorCode.customNetworkNotFound },
    });
    expect(controller.state.customNetworks).toBe(snapshot);

    // Lookups: numeric ids converted to hex; the user's own network for a chain before the built-in.
    expect(controller.findNetworkByChainId(1337)).toMatchObject({
      customNetworkId: '42',
      rpcUrl: nodeB().rpcUrl,
    });
    expect(controller.findNetworkByChainId('0x89')).toMatchObject({ type: 'matic' });
    const ownPolygon = controller.addCustomNetwork({
      networkName: 'My Polygon RPC',
      host: nodeA().rpcUrl,
      chainId: 137,
    });
    expect(controller.findNetworkByChainId(137)).toMatchObject({
      type: 'rpc',
      customNetworkId: ownPolygon.id,
      rpcUrl: nodeA().rpcUrl,
    });
    await controller.deleteCustomNetwork(ownPolygon.id);
    expect(controller.findNetworkByChainId(137)).toMatchObject({ type: 'matic' });
    expect(controller.findNetworkByChainId('0x999999')).toBeUndefined();
    await expect(controller.switchToChain('0x999999')).rejects.toMatchObject({
      message: 'unsupported chain, please add this chain before switching',
      data: { code: NetworkErrorCode.unsupportedChain },
    });

    // Select B by chain id, then edit it to point at node A: the provider follows.
    await controller.switchToChain(1337);
    expect(controller.state.providerConfig).toMatchObject({
      type: 'rpc',
      customNetworkId: '42',
      ticker: 'BTT',
    });
    expect(controller.state.networkId).toBe('1337');
    await controller.editCustomNetwork('42', {
      networkName: 'B moved',
      host: nodeA().rpcUrl,
      chainId: 31337,
    });
    expect(controller.state.providerConfig).toMatchObject({
      networkName: 'B moved',
      chainId: '0x7a69',
      ticker: 'ETH',
    });
    expect(controller.state.networkId).toBe('31337');

    // Deleting the selected network falls back; deleting another leaves the selection alone.
    await controller.deleteCustomNetwork('42');
    expect(controller.state.customNetworks['42']).toBeUndefined();
    expect(controller.state.providerConfig.customNetworkId).toBeUndefined();
    await controller.setCustomNetwork(a.id);
    expect(controller.state.providerConfig.customNetworkId).toBe(a.id);

    // Custom networks and the selection persist; reachability and detected features do not.
    const persisted = deriveStateFromMetadata(controller.state, controller.metadata, 'persist');
    expect(Object.keys(persisted).sort()).toEqual(['customNetworks', 'providerConfig']);
    const { controller: restored } = make({ state: persisted as Partial<NetworkState> });
    expect(restored.state.customNetworks).toEqual(controller.state.customNetworks);
    expect(restored.state.providerConfig).toEqual(controller.state.providerConfig);
    expect(restored.state.networkStatus).toBe('loading');
  });

  it('serves the messenger actions other controllers call', async () => {
    const { controller, root } = make({ providerConfig: rpcConfig(nodeA().rpcUrl, '0x7a69') });
    await controller.init();
    const provider = root.call('NetworkController:getProvider');
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(await root.call('NetworkController:getEIP1559Compatibility')).toBe(true);
    expect(root.call('NetworkController:getState').networkStatus).toBe('available');
    expect(root.call('NetworkController:findNetworkByChainId', 56)?.type).toBe('bsc_mainnet');
    const blocks: number[] = [];
    root.subscribe('NetworkController:newBlock', (n) => blocks.push(n));
    const release = root.call('NetworkController:requireBlocks', 'test', 'everyBlock');
    await callJsonRpc(nodeA().rpcUrl, 'evm_mine');
    await waitFor(() => blocks.length > 0, 'a newBlock event');
    release();
    expect(controller.isTrackingBlocks).toBe(false);
  });
});
