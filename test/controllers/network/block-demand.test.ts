/**
 * The block tracker runs only while something needs blocks, at an interval that follows the
 * chain's measured block time, and reads the head together with the block reads through
 * Multicall3 where the chain has it. Against real anvil nodes, with a manual clock.
 */
import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import { placeMulticall3 } from '../../../scripts/lib/multicall3';
import {
  decodeEthBalance,
  ethBalanceRead,
  MULTICALL3_ADDRESS,
} from '../../../src/controllers/network/multicall3';
import type { NetworkController } from '../../../src/controllers/network/NetworkController';
import { LOCALHOST_NETWORK, type ProviderConfig } from '../../../src/shared/networks';
import type { Hex } from '../../../src/shared/primitives';
import { useAnvil } from '../../chain/use-anvil';
import { createManualTimers, waitForScheduled, type ManualTimers } from '../polling/manual-timers';
import { countingFetch, createNetworkController, createTestRoot, waitFor } from './helpers';

const withMulticall = useAnvil();
const bare = useAnvil({ chainId: 1337 });

const rpcConfig = (rpcUrl: string, chainId: Hex): ProviderConfig => ({
  ...LOCALHOST_NETWORK,
  type: 'rpc',
  rpcUrl,
  chainId,
});

/** Mines `count` blocks `secondsApart` apart (their timestamps, not real time). */
const mineSpaced = (rpcUrl: string, count: number, secondsApart: number) =>
  callJsonRpc(rpcUrl, 'anvil_mine', [`0x${count.toString(16)}`, `0x${secondsApart.toString(16)}`]);

/** Fires the next timer and waits until the poll it started has ended. */
async function nextPoll(timers: ManualTimers, what: string) {
  const scheduled = timers.scheduledCount;
  timers.fireNext();
  await waitForScheduled(timers, scheduled, what);
}

describe('block tracking on demand', () => {
  const live: NetworkController[] = [];
  afterEach(async () => {
    await Promise.all(live.splice(0).map((controller) => controller.destroy()));
  });
  beforeAll(async () => {
    await placeMulticall3(withMulticall().rpcUrl);
  });

  async function start(rpcUrl: string, chainId: Hex, options: { pollingInterval?: number } = {}) {
    const timers = createManualTimers();
    const upstream = countingFetch();
    const root = createTestRoot();
    const controller = createNetworkController(root, {
      providerConfig: rpcConfig(rpcUrl, chainId),
      fetchFn: upstream.fetchFn,
      timers,
      ...options,
    });
    live.push(controller);
    await controller.init();
    await controller.getEIP1559Compatibility(); // the start's last read (detected eagerly)
    const blocks: number[] = [];
    root.subscribe('NetworkController:newBlock', (block) => blocks.push(block));
    return { controller, root, timers, upstream, blocks };
  }

  it('reads the head only while something needs blocks, and forgets the block when nobody does', async () => {
    const { controller, timers, upstream, blocks } = await start(withMulticall().rpcUrl, '0x7a69', {
      pollingInterval: 12_000,
    });
    const total = () => [...upstream.counts.values()].reduce((a, b) => a + b, 0);
    const startupCalls = total();
    expect(controller.isTrackingBlocks).toBe(false);
    expect(timers.pending()).toEqual([]); // nothing will ask the node anything
    expect(controller.state.latestBlockNumber).toBeNull();

    const releaseTx = controller.requireBlocks('pending transaction');
    const releaseDapp = controller.requireBlocks('dapp filter');
    await waitForScheduled(timers, 0, 'the first head read');
    expect(controller.blockDemand).toEqual({
      'pending transaction': 'everyBlock',
      'dapp filter': 'everyBlock',
    });
    const head = Number(await callJsonRpc<string>(withMulticall().rpcUrl, 'eth_blockNumber'));
    expect(controller.state.latestBlockNumber).toBe(head);
    expect(blocks).toEqual([]); // the start's EIP-1559 read saw this block already: not new

    expect(timers.pending()).toEqual([12_000]);

    await callJsonRpc(withMulticall().rpcUrl, 'evm_mine');
    await nextPoll(timers, 'the next head read');
    expect(blocks).toEqual([head + 1]);

    releaseTx();
    releaseTx(); // idempotent: the dapp's need stays
    expect(controller.isTrackingBlocks).toBe(true);
    releaseDapp();
    expect(controller.isTrackingBlocks).toBe(false);
    expect(controller.blockDemand).toEqual({});
    expect(timers.pending()).toEqual([]);
    expect(controller.state.latestBlockNumber).toBeNull();
    // Two head reads, one call each, and nothing else.
    expect(total() - startupCalls).toBe(2);
  });

  it('reads the head at once for a new need, not at the next timer', async () => {
    const { controller, timers, upstream } = await start(withMulticall().rpcUrl, '0x7a69', {
      pollingInterval: 12_000,
    });
    controller.startPolling(); // a view
    await waitForScheduled(timers, 0, 'the first head read');
    const reads = upstream.count('eth_getBlockByNumber');
    await callJsonRpc(withMulticall().rpcUrl, 'evm_mine');
    controller.requireBlocks('pending transaction');
    await waitFor(() => upstream.count('eth_getBlockByNumber') === reads + 1, 'an immediate read');
    await waitFor(
      () => controller.state.latestBlockNumber !== null && timers.pending().length === 1,
      'the read to end',
    );
    expect(controller.blockDemand).toEqual({
      NetworkController: 'view',
      'pending transaction': 'everyBlock',
    });
    controller.stopPolling();
    expect(controller.blockDemand).toEqual({ 'pending transaction': 'everyBlock' });
  });

  it('follows the measured block time: each block when needed promptly, at most every 20 s for views, within 1–30 s', async () => {
    const { rpcUrl } = withMulticall();
    // [seconds between blocks, interval for 'everyBlock', interval for views only]
    const cases: [number, number, number][] = [
      [12, 12_000, 20_000],
      [2, 2_000, 20_000],
      [45, 30_000, 30_000],
    ];
    for (const [seconds, prompt, view] of cases) {
      await mineSpaced(rpcUrl, 12, seconds);
      const { controller, timers } = await start(rpcUrl, '0x7a69');
      controller.requireBlocks('dapp subscription');
      await waitForScheduled(timers, 0, `the first head read (${seconds} s blocks)`);
      expect(controller.measuredBlockTimeMs).toBe(seconds * 1000);
      expect(timers.pending()).toEqual([prompt]);
      controller.startPolling();
      controller.requireBlocks('dapp subscription', 'view'); // asked again: replaced
      await waitFor(
        () => timers.pending()[0] === view,
        `the view interval for ${seconds} s blocks`,
      );
      await controller.destroy();
    }
  });

  it('reads the head and the block reads in one Multicall3 call at the same block', async () => {
    const { rpcUrl, accounts } = withMulticall();
    const { controller, timers, upstream, blocks } = await start(rpcUrl, '0x7a69', {
      pollingInterval: 12_000,
    });
    const seen: { block: number; balances: bigint[] | null }[] = [];
    const release = controller.addBlockRead('balances', {
      reads: () => accounts.slice(0, 2).map(ethBalanceRead),
      onHead: (block, results) =>
        seen.push({
          block,
          balances: results && results.map((data) => decodeEthBalance(data as Hex)),
        }),
    });
    controller.requireBlocks('view', 'view');
    await waitForScheduled(timers, 0, 'the first head read');
    await callJsonRpc(rpcUrl, 'anvil_setBalance', [accounts[1], '0x2a']);
    await callJsonRpc(rpcUrl, 'evm_mine');
    await nextPoll(timers, 'the second head read');
    await nextPoll(timers, 'a read within the same block');

    const head = Number(await callJsonRpc<string>(rpcUrl, 'eth_blockNumber'));
    const balance0 = BigInt(
      await callJsonRpc<string>(rpcUrl, 'eth_getBalance', [accounts[0], 'latest']),
    );
    expect(seen.map((s) => s.block)).toEqual([head - 1, head, head]);
    expect(seen[1]?.balances).toEqual([balance0, 42n]);
    expect(blocks).toEqual([head]); // a block is new once, and the start's block was seen
    // Every head read was one eth_call to Multicall3: no block-number or header requests.
    expect(upstream.count('eth_call')).toBe(3);
    expect(upstream.count('eth_blockNumber')).toBe(0);
    expect(upstream.count('eth_getBlockByNumber')).toBe(1); // EIP-1559 detection at init

    release();
    await nextPoll(timers, 'a head read without block reads');
    expect(upstream.count('eth_call')).toBe(3);
    expect(upstream.count('eth_getBlockByNumber')).toBe(2);
  });

  it('without Multicall3: reads the latest header and tells block reads to read themselves', async () => {
    const { rpcUrl, accounts } = bare();
    expect(await callJsonRpc(rpcUrl, 'eth_getCode', [MULTICALL3_ADDRESS, 'latest'])).toBe('0x');
    const { controller, timers, upstream } = await start(rpcUrl, '0x539', {
      pollingInterval: 12_000,
    });
    const results: unknown[] = [];
    controller.addBlockRead('balances', {
      reads: () => [ethBalanceRead(accounts[0]!)],
      onHead: (_block, answered) => results.push(answered),
    });
    controller.requireBlocks('view', 'view');
    await waitForScheduled(timers, 0, 'the first head read');
    await nextPoll(timers, 'the second head read');
    expect(results).toEqual([null, null]);
    expect(controller.state.latestBlockNumber).toBe(
      Number(await callJsonRpc<string>(rpcUrl, 'eth_blockNumber')),
    );
    expect(upstream.count('eth_call')).toBe(1); // tried once for this network, then not again
  });
});
