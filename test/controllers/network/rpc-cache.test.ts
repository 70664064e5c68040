/** The per-block cache, measured by counting the requests that reach a real anvil. */
import { callJsonRpc, type JsonRpcCallError } from '../../../scripts/lib/json-rpc';
import { createRpcClient, type RpcClient } from '../../../src/controllers/network/rpc-client';
import { useAnvil } from '../../chain/use-anvil';
import { createManualTimers } from '../polling/manual-timers';
import { countingFetch, waitFor } from './helpers';

const node = useAnvil();

describe('RPC client cache', () => {
  let client: RpcClient;
  let upstream: ReturnType<typeof countingFetch>;
  let latest: string | null;

  beforeEach(async () => {
    upstream = countingFetch();
    latest = null;
    client = createRpcClient({
      rpcUrl: node().rpcUrl,
      fetchFn: upstream.fetchFn,
      tracker: {
        readHead: async (provider) => ({
          number: Number(
            await provider.request<string>({ method: 'eth_blockNumber', skipCache: true }),
          ),
        }),
        onHead: () => (latest = client.blockTracker.getCurrentBlock()),
        onError: () => undefined,
        intervalMs: () => 100,
        retryMs: () => 100,
      },
    });
    client.blockTracker.start();
    await waitFor(() => latest !== null, 'the first block');
  });

  afterEach(() => {
    client.destroy();
  });

  const mineAndWait = async () => {
    const before = Number(latest);
    await callJsonRpc(node().rpcUrl, 'evm_mine');
    await waitFor(() => Number(latest) > before, 'the tracker to see the mined block');
  };

  it('answers 100 identical reads within one block with one upstream call, and reads afresh after a new block', async () => {
    const account = node().accounts[1];
    const read = () =>
      client.provider.request<string>({ method: 'eth_getBalance', params: [account, 'latest'] });

    const concurrent = await Promise.all(Array.from({ length: 50 }, read));
    const sequential: string[] = [];
    for (let i = 0; i < 50; i++) sequential.push(await read());
    expect(new Set([...concurrent, ...sequential]).size).toBe(1);
    expect(upstream.count('eth_getBalance')).toBe(1);

    // The node's state changes; the cached block still answers the old value until a new block.
    await callJsonRpc(node().rpcUrl, 'anvil_setBalance', [account, '0x1234']);
    await mineAndWait();
    expect(await read()).toBe('0x1234');
    expect(await read()).toBe('0x1234');
    expect(upstream.count('eth_getBalance')).toBe(2);
  });

  it("resolves 'latest' only while the tracker runs: stopped, reads go to the node", async () => {
    const account = node().accounts[1];
    const read = () =>
      client.provider.request<string>({ method: 'eth_getBalance', params: [account, 'latest'] });
    await read();
    await read();
    expect(upstream.count('eth_getBalance')).toBe(1);
    client.blockTracker.stop();
    expect(client.blockTracker.getCurrentBlock()).toBeNull();
    // Nobody follows the chain: an old block must not answer for 'latest'.
    await callJsonRpc(node().rpcUrl, 'anvil_setBalance', [account, '0x4321']);
    expect(await read()).toBe('0x4321');
    expect(await read()).toBe('0x4321');
    expect(upstream.count('eth_getBalance')).toBe(3);
  });

  it('keys by parameters: another address or an explicit block is another call', async () => {
    const [a, b] = node().accounts;
    const block = latest as string;
    await client.provider.request({ method: 'eth_getBalance', params: [a, 'latest'] });
    await client.provider.request({ method: 'eth_getBalance', params: [b, 'latest'] });
    // 'latest' resolves to the tracker's block, so the explicit number hits the same entry.
    await client.provider.request({ method: 'eth_getBalance', params: [a, block] });
    await client.provider.request({ method: 'eth_getBalance', params: [a] });
    expect(upstream.count('eth_getBalance')).toBe(2);
    // Reordered keys in a call object are the same request.
    const call = { to: a, data: '0x' };
    await client.provider.request({ method: 'eth_call', params: [call, 'latest'] });
    await client.provider.request({
      method: 'eth_call',
      params: [{ data: '0x', to: a }, 'latest'],
    });
    expect(upstream.count('eth_call')).toBe(1);
  });

  it('never caches block numbers, pending reads or writes', async () => {
    const [from, to] = node().accounts;
    for (let i = 0; i < 3; i++) {
      await client.provider.request({ method: 'eth_blockNumber' });
      await client.provider.request({
        method: 'eth_getTransactionCount',
        params: [from, 'pending'],
      });
    }
    expect(upstream.count('eth_getTransactionCount')).toBe(3);
    const blockNumberBefore = upstream.count('eth_blockNumber');
    expect(blockNumberBefore).toBeGreaterThanOrEqual(3);

    await callJsonRpc(node().rpcUrl, 'evm_setAutomine', [false]);
    try {
      const tx = { from, to, value: '0x1' };
      const first = await client.provider.request<string>({
        method: 'eth_sendTransaction',
        params: [tx],
      });
      const second = await client.provider.request<string>({
        method: 'eth_sendTransaction',
        params: [tx],
      });
      expect(first).not.toBe(second);
      expect(upstream.count('eth_sendTransaction')).toBe(2);
      const pendingNonce = await client.provider.request<string>({
        method: 'eth_getTransactionCount',
        params: [from, 'pending'],
      });
      const latestNonce = await client.provider.request<string>({
        method: 'eth_getTransactionCount',
        params: [from, 'latest'],
      });
      expect(Number(pendingNonce) - Number(latestNonce)).toBe(2);
    } finally {
      await callJsonRpc(node().rpcUrl, 'evm_setAutomine', [true]);
      await callJsonRpc(node().rpcUrl, 'evm_mine');
    }
  });

  it('forgets block reads after a write through the client, since an automining node changes state at once', async () => {
    // A client whose tracker stays at its first block (a manual clock never fires), so only
    // the write can make 'latest' read afresh.
    const timers = createManualTimers();
    const held = createRpcClient({
      rpcUrl: node().rpcUrl,
      fetchFn: upstream.fetchFn,
      tracker: {
        readHead: async (provider) => ({
          number: Number(
            await provider.request<string>({ method: 'eth_blockNumber', skipCache: true }),
          ),
        }),
        onHead: () => undefined,
        onError: () => undefined,
        intervalMs: () => 60_000,
        retryMs: () => 60_000,
        timers,
      },
    });
    held.blockTracker.start();
    await waitFor(() => held.blockTracker.getCurrentBlock() !== null, 'the first head');
    const [from, to] = node().accounts;
    const read = () =>
      held.provider.request<string>({ method: 'eth_getBalance', params: [to, 'latest'] });
    const before = BigInt(await read());
    expect(BigInt(await read())).toBe(before); // cached
    const hash = await held.provider.request<string>({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: '0x5' }],
    });
    // Automine mines right after answering; under load the block can lag the hash briefly.
    const deadline = Date.now() + 10_000;
    while (!(await callJsonRpc(node().rpcUrl, 'eth_getTransactionReceipt', [hash]))) {
      if (Date.now() > deadline) throw new Error(`no receipt for ${hash}`);
    }
    expect(BigInt(await read())).toBe(before + 5n);
    await held.provider.request({ method: 'anvil_setBalance', params: [to, '0x77'] });
    expect(await read()).toBe('0x77');
    const chainIds = upstream.count('eth_chainId');
    expect(await held.provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    await held.provider.request({ method: 'evm_mine' });
    expect(await held.provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    // Writes leave the chain identity cached.
    expect(upstream.count('eth_chainId')).toBe(chainIds + 1);
    held.destroy();
  });

  it('keeps chain id and network version across blocks', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await client.provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
      expect(await client.provider.request({ method: 'net_version' })).toBe('31337');
      await mineAndWait();
    }
    expect(upstream.count('eth_chainId')).toBe(1);
    expect(upstream.count('net_version')).toBe(1);
  });

  it('lets skipCache through to the node', async () => {
    await client.provider.request({ method: 'eth_chainId' });
    await client.provider.request({ method: 'eth_chainId', skipCache: true });
    expect(upstream.count('eth_chainId')).toBe(2);
  });

  it('shares one failing call among identical requests in flight and caches no error', async () => {
    const bad = { method: 'eth_getBalance', params: ['0xnot-an-address', 'latest'] };
    // The node's own answer, asked directly: every caller gets exactly that error.
    const fromNode = await callJsonRpc(node().rpcUrl, bad.method, bad.params).catch(
      (error: JsonRpcCallError) => error,
    );
    const nodeError = {
      code: (fromNode as JsonRpcCallError).code,
      message: (fromNode as JsonRpcCallError).message.replace(`${bad.method}: `, ''),
    };
    expect(nodeError.code).toBe(-32602);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => client.provider.request(bad)),
    );
    for (const result of results) {
      expect(result).toMatchObject({ status: 'rejected', reason: nodeError });
    }
    expect(upstream.count('eth_getBalance')).toBe(1);
    await expect(client.provider.request(bad)).rejects.toMatchObject(nodeError);
    expect(upstream.count('eth_getBalance')).toBe(2);
  });

  it('does not cache a missing receipt, so the receipt shows once mined', async () => {
    const [from, to] = node().accounts;
    await callJsonRpc(node().rpcUrl, 'evm_setAutomine', [false]);
    try {
      const hash = await callJsonRpc<string>(node().rpcUrl, 'eth_sendTransaction', [
        { from, to, value: '0x1' },
      ]);
      const receipt = () =>
        client.provider.request<{ status: string } | null>({
          method: 'eth_getTransactionReceipt',
          params: [hash],
        });
      expect(await receipt()).toBeNull();
      await mineAndWait();
      expect((await receipt())?.status).toBe('0x1');
      expect(await receipt()).not.toBeNull();
      expect(upstream.count('eth_getTransactionReceipt')).toBe(2);
    } finally {
      await callJsonRpc(node().rpcUrl, 'evm_setAutomine', [true]);
    }
  });
});
