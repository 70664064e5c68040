import { encodeFunctionData, erc20Abi } from 'viem';

import { startAnvil } from '../../scripts/lib/anvil';
import { callJsonRpc, type JsonRpcCallError } from '../../scripts/lib/json-rpc';
import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { PASS_THROUGH_METHODS } from '../../src/background/rpc/pass-through';
import { SIGNING_METHODS } from '../../src/controllers/messages/rpc-params';
import { deployContract } from '../chain/deploy';
import { startRecordingProxy, type RecordingProxy } from '../../scripts/lib/recording-proxy';
import { mine } from '../chain/snapshot';
import { useAnvil } from '../chain/use-anvil';
import { waitFor } from './helpers';
import nodeMethods from './rpc/fixtures/node-methods.json';
import { autoAnswer, connectOrigin, engineWithAccounts } from './rpc/harness';

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

  it('marks the network available after net_version answers and follows new blocks while a view is open', async () => {
    expect(engine.getState().NetworkController).toMatchObject({
      networkStatus: 'available',
      networkId: '5777',
    });
    engine.subscribe(() => undefined);
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

    it('refuses what it cannot serve, before it reaches the node', async () => {
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
      await expect(provider.request({ method: 'wallet_somethingNew' })).rejects.toMatchObject({
        code: 4200,
      });
      await expect(provider.request({ method: '' })).rejects.toMatchObject({ code: -32600 });
    });

    it('passes node errors through with the node’s own code, message and data', async () => {
      const provider = engine.connect('https://dapp.example');
      const { accounts, rpcUrl } = anvil();
      const asked = async (method: string, params: unknown[]) => {
        const [fromNode, fromWallet] = await Promise.all([
          callJsonRpc(rpcUrl, method, params).then(
            () => undefined,
            (error: JsonRpcCallError) => error,
          ),
          provider.request({ method, params }).then(
            () => undefined,
            (error: { code: number; message: string; data?: unknown }) => error,
          ),
        ]);
        if (!fromNode || !fromWallet) throw new Error(`${method} did not fail on both paths`);
        // callJsonRpc prefixes the method to the node's message.
        return { fromNode, fromWallet, nodeMessage: fromNode.message.replace(`${method}: `, '') };
      };

      const badAddress = await asked('eth_getBalance', ['not-an-address', 'latest']);
      expect(badAddress.fromNode.code).toBe(-32602);
      expect(badAddress.fromWallet).toMatchObject({
        code: badAddress.fromNode.code,
        message: badAddress.nodeMessage,
      });

      // A revert: code 3 with the revert data (ERC20InsufficientBalance(sender, 0, 1)).
      const token = await deployContract(rpcUrl, 'TestERC20', ['Gold', 'GLD', 18, 10n]);
      const transfer = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [accounts[0]!, 1n],
      });
      const revert = await asked('eth_call', [{ from: accounts[1], to: token, data: transfer }]);
      expect(revert.fromNode.code).toBe(3);
      expect(revert.fromNode.data).toMatch(/^0xe450d38c/); // ERC20InsufficientBalance
      expect(revert.fromWallet).toMatchObject({
        code: 3,
        message: revert.nodeMessage,
        data: revert.fromNode.data,
      });
    });
  });
});

/** Methods the wallet answers itself (accounts, signing, filters, chain id): never the node. */
const WALLET_METHODS = new Set([
  'eth_chainId',
  'net_version',
  'eth_accounts',
  'eth_coinbase',
  'eth_requestAccounts',
  'eth_sendTransaction',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_subscribe',
  'eth_unsubscribe',
  ...SIGNING_METHODS,
]);

/** Every method a node may expose (anvil, hardhat, ganache, geth, erigon, otterscan, OpenEthereum). */
const NODE_METHODS = [...new Set(Object.values(nodeMethods.methods).flat())].sort();

describe('what a dapp reaches on the node', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let proxy: RecordingProxy;
  let engine: Engine;
  let addresses: string[];

  beforeAll(async () => {
    proxy = await startRecordingProxy(anvil().rpcUrl);
    ({ engine, addresses } = await engineWithAccounts(anvil(), 1, {
      network: { rpcUrl: proxy.url, chainId: '0x1691' },
    }));
  });
  afterAll(async () => {
    await engine?.destroy();
    await proxy?.close();
  });

  it('lists only names the anvil it runs knows, for the anvil group of the fixture', async () => {
    const unknown: string[] = [];
    for (const method of nodeMethods.methods.anvil) {
      const error = await callJsonRpc(anvil().rpcUrl, method, ['x']).then(
        () => undefined,
        (error: JsonRpcCallError) => error,
      );
      if (error?.code === -32601) unknown.push(method);
    }
    expect(unknown).toEqual([]);
    expect(NODE_METHODS.length).toBeGreaterThan(450);
  });

  it('never lets a dapp reach the node’s own accounts or admin methods: of every method any node exposes, only the allowlisted reads get through', async () => {
    const stranger = engine.connect('https://stranger.example');
    const dapp = engine.connect('https://dapp.example');
    await connectOrigin(engine, dapp, addresses);
    const wallet = engine.connect('orrery');
    const answers = autoAnswer(engine, () => 'reject');
    proxy.reset();
    const refusedWrongly: string[] = [];
    try {
      for (const provider of [stranger, dapp, wallet]) {
        for (const method of NODE_METHODS) {
          const error = await provider.request({ method, params: [] }).then(
            () => undefined,
            (error: { code?: number; message?: string }) => error,
          );
          if (PASS_THROUGH_METHODS.has(method) || WALLET_METHODS.has(method)) continue;
          if (
            error?.code !== 4200 ||
            error.message !== 'The requested method is not supported by this Ethereum provider.'
          ) {
            refusedWrongly.push(`${provider.origin} ${method}: ${error?.code} ${error?.message}`);
          }
        }
      }
    } finally {
      answers.stop();
    }
    expect(refusedWrongly).toEqual([]);
    // Exactly the allowlist reached the node (the engine's own block reads included).
    expect([...new Set(proxy.methods)].filter((m) => !PASS_THROUGH_METHODS.has(m))).toEqual([]);
    // The proxy does see dapp traffic: failed raw sends are never cached, one per origin.
    expect(proxy.count('eth_sendRawTransaction')).toBe(3);
    expect(NODE_METHODS.filter((m) => !PASS_THROUGH_METHODS.has(m)).length).toBeGreaterThan(400);
  }, 120_000); // some 450 methods, three origins, each a round trip through the engine

  it('moves no funds for a stranger through unsigned, node-signed or admin methods', async () => {
    const { accounts, rpcUrl } = anvil();
    const [victim, thief] = [accounts[0]!, accounts[9]!];
    const balances = () =>
      Promise.all(
        [victim, thief].map((a) => callJsonRpc<string>(rpcUrl, 'eth_getBalance', [a, 'latest'])),
      );
    const before = await balances();
    const stranger = engine.connect('https://thief.example');
    const transfer = { from: victim, to: thief, value: '0xde0b6b3a7640000' };
    proxy.reset();
    for (const [method, params] of [
      ['eth_sendUnsignedTransaction', [transfer]],
      ['eth_sendTransactionSync', [transfer]],
      ['eth_signTransaction', [transfer]],
      ['eth_fillTransaction', [transfer]],
      ['anvil_impersonateAccount', [victim]],
      ['anvil_setBalance', [victim, '0x0']],
      ['hardhat_setBalance', [thief, '0xffffffffffffffffffffffff']],
      ['personal_sendTransaction', [transfer, '']],
      ['wallet_sendTransaction', [transfer]],
    ] as const) {
      await expect(stranger.request({ method, params })).rejects.toMatchObject({ code: 4200 });
    }
    expect(proxy.methods).toEqual([]);
    expect(await balances()).toEqual(before);
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
      engine.subscribe(() => undefined); // a view watches the network, so the outage is noticed

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
