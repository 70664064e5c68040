/** GasFeeController against real anvil nodes and a local server speaking the gas API's shapes. */
import { Messenger } from '@metamask/messenger';

import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import {
  GAS_FEE_CONTROLLER_DELEGATED_ACTIONS,
  GAS_FEE_CONTROLLER_DELEGATED_EVENTS,
  GasFeeController,
  gasFeeControllerName,
  type GasFeeControllerActions,
  type GasFeeControllerAllowedActions,
  type GasFeeControllerAllowedEvents,
  type GasFeeControllerEvents,
  type GasFeeControllerOptions,
} from '../../../src/controllers/gas/GasFeeController';
import type { FeeHistory } from '../../../src/controllers/gas/fee-history-estimator';
import { weiToGweiString } from '../../../src/controllers/gas/units';
import {
  NetworkController,
  networkControllerName,
  type NetworkControllerActions,
  type NetworkControllerEvents,
} from '../../../src/controllers/network/NetworkController';
import { LOCALHOST_NETWORK, type ProviderConfig } from '../../../src/shared/networks';
import { useAnvil } from '../../chain/use-anvil';
import { countingFetch, startAnvilWithArgs, waitFor } from '../network/helpers';
import { createManualTimers, waitForScheduled, type ManualTimers } from '../polling/manual-timers';
import { FEE_MARKET_SAMPLE, startGasApiServer, type GasApiServer } from './gas-api-server';

const london = useAnvil();
const other = useAnvil({ chainId: 1337 });

type RootActions = NetworkControllerActions | GasFeeControllerActions;
type RootEvents = NetworkControllerEvents | GasFeeControllerEvents;

const rpcConfig = (rpcUrl: string, chainId: `0x${string}`): ProviderConfig => ({
  ...LOCALHOST_NETWORK,
  type: 'rpc',
  rpcUrl,
  chainId,
});

describe('GasFeeController', () => {
  let api: GasApiServer;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    api = await startGasApiServer();
  });
  afterAll(async () => {
    await api.close();
  });
  beforeEach(() => {
    api.requests.length = 0;
    api.maxConcurrent = 0;
    api.mode = 'ok';
    api.legacyMode = 'ok';
    api.delayMs = 0;
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The engine's wiring in small: a root messenger, the network, and the gas controller. */
  async function setup(options: {
    rpcUrl: string;
    chainId?: `0x${string}`;
    fetchFn?: typeof fetch;
    gas?: Omit<GasFeeControllerOptions, 'messenger'>;
  }) {
    const root = new Messenger<'Root', RootActions, RootEvents>({ namespace: 'Root' });
    const network = new NetworkController({
      messenger: new Messenger<
        typeof networkControllerName,
        NetworkControllerActions,
        NetworkControllerEvents,
        typeof root
      >({
        namespace: networkControllerName,
        parent: root,
      }),
      providerConfig: rpcConfig(options.rpcUrl, options.chainId ?? '0x7a69'),
      pollingInterval: 100,
      retryTimeout: 100,
      fetchFn: options.fetchFn,
    });
    const gasMessenger = new Messenger<
      typeof gasFeeControllerName,
      GasFeeControllerActions | GasFeeControllerAllowedActions,
      GasFeeControllerEvents | GasFeeControllerAllowedEvents,
      typeof root
    >({ namespace: gasFeeControllerName, parent: root });
    root.delegate({
      messenger: gasMessenger,
      actions: GAS_FEE_CONTROLLER_DELEGATED_ACTIONS,
      events: GAS_FEE_CONTROLLER_DELEGATED_EVENTS,
    });
    const gas = new GasFeeController({ messenger: gasMessenger, ...options.gas });
    cleanups.push(() => network.destroy());
    cleanups.push(() => gas.destroy());
    gas.init();
    await network.init();
    return { root, network, gas };
  }

  it('estimates the fee market from the node fee history (10 blocks, latest, 10/50/95)', async () => {
    // Fill some blocks with a known 3 gwei tip, so the median tip is that tip.
    const [from, to] = london().accounts;
    for (let i = 0; i < 3; i++) {
      await callJsonRpc(london().rpcUrl, 'eth_sendTransaction', [
        { from, to, value: '0x1', maxPriorityFeePerGas: '0xb2d05e00', maxFeePerGas: '0x12a05f200' },
      ]);
    }
    const upstream = countingFetch();
    const { gas } = await setup({ rpcUrl: london().rpcUrl, fetchFn: upstream.fetchFn });
    const estimate = await gas.fetchGasFeeEstimates();

    const history = await callJsonRpc<FeeHistory>(london().rpcUrl, 'eth_feeHistory', [
      '0xa',
      'latest',
      [10, 50, 95],
    ]);
    expect(estimate.gasEstimateType).toBe('fee-market');
    expect(gas.state.gasEstimateType).toBe('fee-market');
    expect(gas.state.gasFeeEstimates).toEqual({
      estimatedBaseFee: weiToGweiString(history.baseFeePerGas.at(-1) as string),
      low: {
        suggestedMaxPriorityFeePerGas: '2.82',
        suggestedMaxFeePerGas: expect.any(String),
        minWaitTimeEstimate: 15_000,
        maxWaitTimeEstimate: 60_000,
      },
      medium: {
        suggestedMaxPriorityFeePerGas: '2.91',
        suggestedMaxFeePerGas: expect.any(String),
        minWaitTimeEstimate: 15_000,
        maxWaitTimeEstimate: 45_000,
      },
      high: {
        suggestedMaxPriorityFeePerGas: '2.94',
        suggestedMaxFeePerGas: expect.any(String),
        minWaitTimeEstimate: 15_000,
        maxWaitTimeEstimate: 30_000,
      },
    });
    expect(upstream.count('eth_feeHistory')).toBe(1);
    expect(upstream.count('eth_gasPrice')).toBe(0);

    // The medium fee actually gets a transaction mined on this node.
    const fees = await gas.getSuggestedGasFees(true);
    const hash = await callJsonRpc<string>(london().rpcUrl, 'eth_sendTransaction', [
      { from, to, value: '0x1', ...fees },
    ]);
    // Automine answers the hash first; under load the receipt can lag it briefly.
    let receipt: { status: string } | null = null;
    const deadline = Date.now() + 10_000;
    while (!receipt && Date.now() < deadline) {
      receipt = await callJsonRpc<{ status: string } | null>(
        london().rpcUrl,
        'eth_getTransactionReceipt',
        [hash],
      );
    }
    expect(receipt?.status).toBe('0x1');
  });

  it('uses eth_gasPrice on a network without EIP-1559 and no legacy API', async () => {
    const berlin = await startAnvilWithArgs(['--hardfork', 'berlin']);
    cleanups.push(() => berlin.stop());
    const { gas } = await setup({ rpcUrl: berlin.rpcUrl });
    await gas.fetchGasFeeEstimates();
    const nodePrice = await callJsonRpc<string>(berlin.rpcUrl, 'eth_gasPrice');
    expect(gas.state).toEqual({
      gasEstimateType: 'eth_gasPrice',
      gasFeeEstimates: { gasPrice: weiToGweiString(nodePrice) },
    });
    expect(await gas.getSuggestedGasFees(false)).toEqual({ gasPrice: nodePrice });
  });

  it('prefers the fee-market API, with the chain id in the URL', async () => {
    const { gas } = await setup({
      rpcUrl: london().rpcUrl,
      gas: { gasApi: { feeMarketUrl: api.feeMarketUrl, legacyUrl: api.legacyUrl } },
    });
    await gas.fetchGasFeeEstimates();
    expect(api.requests).toEqual(['/networks/31337/suggestedGasFees']);
    expect(gas.state.gasEstimateType).toBe('fee-market');
    expect(gas.state.gasFeeEstimates).toMatchObject({
      estimatedBaseFee: FEE_MARKET_SAMPLE.estimatedBaseFee,
      medium: FEE_MARKET_SAMPLE.medium,
    });
  });

  it('falls back in the spec order: fee-market API → fee history → legacy API → eth_gasPrice', async () => {
    // A transport that makes the node refuse eth_feeHistory, as older nodes do.
    let refuseFeeHistory = false;
    const fetchFn: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string };
      if (refuseFeeHistory && body.method === 'eth_feeHistory') {
        return new Response(
          JSON.stringify({
            jsonrpc: '2.0',
            id: body.id,
            error: { code: -32601, message: 'Method not found' },
          }),
        );
      }
      return fetch(input, init);
    };
    const { gas, network } = await setup({
      rpcUrl: london().rpcUrl,
      fetchFn,
      gas: { gasApi: { feeMarketUrl: api.feeMarketUrl, legacyUrl: api.legacyUrl } },
    });
    network.requireBlocks('test'); // blocks are read while someone needs them
    await waitFor(() => network.state.latestBlockNumber !== null, 'the first block');
    const before = network.state.latestBlockNumber as number;

    api.mode = 'fail';
    await gas.fetchGasFeeEstimates();
    expect(gas.state.gasEstimateType).toBe('fee-market');
    expect(gas.state.gasFeeEstimates).not.toMatchObject({
      estimatedBaseFee: FEE_MARKET_SAMPLE.estimatedBaseFee,
    });

    // A new block, so the cached fee history of the last block does not answer for the node.
    await callJsonRpc(london().rpcUrl, 'evm_mine');
    await waitFor(() => (network.state.latestBlockNumber ?? 0) > before, 'the new block');
    refuseFeeHistory = true;
    await gas.fetchGasFeeEstimates();
    expect(gas.state).toEqual({
      gasEstimateType: 'legacy',
      gasFeeEstimates: { low: '12', medium: '14', high: '18' },
    });

    api.legacyMode = 'malformed';
    await gas.fetchGasFeeEstimates();
    expect(gas.state.gasEstimateType).toBe('eth_gasPrice');

    api.requests.length = 0;
    api.mode = 'ok';
    // The fee-market API answers again, so it wins again.
    await gas.fetchGasFeeEstimates();
    expect(gas.state.gasEstimateType).toBe('fee-market');
    expect(api.requests).toEqual(['/networks/31337/suggestedGasFees']);
  });

  it('uses the legacy API on a network without EIP-1559', async () => {
    const berlin = await startAnvilWithArgs(['--hardfork', 'berlin'], 1337);
    cleanups.push(() => berlin.stop());
    const { gas } = await setup({
      rpcUrl: berlin.rpcUrl,
      chainId: '0x539',
      gas: { gasApi: { feeMarketUrl: api.feeMarketUrl, legacyUrl: api.legacyUrl } },
    });
    await gas.fetchGasFeeEstimates();
    expect(api.requests).toEqual(['/networks/1337/gasPrices']);
    expect(gas.state).toEqual({
      gasEstimateType: 'legacy',
      gasFeeEstimates: { low: '12', medium: '14', high: '18' },
    });
    expect(await gas.getSuggestedGasFees(false)).toEqual({ gasPrice: '0x342770c00' });

    api.legacyMode = 'fail';
    await gas.fetchGasFeeEstimates();
    expect(gas.state.gasEstimateType).toBe('eth_gasPrice');
  });

  it('keeps the last known estimates when every source fails', async () => {
    let nodeDown = false;
    const fetchFn: typeof fetch = (input, init) =>
      nodeDown ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    const { gas } = await setup({
      rpcUrl: london().rpcUrl,
      fetchFn,
      gas: { gasApi: { feeMarketUrl: api.feeMarketUrl } },
    });
    await gas.fetchGasFeeEstimates();
    const known = gas.state;
    api.mode = 'fail';
    nodeDown = true;
    await expect(gas.fetchGasFeeEstimates()).rejects.toThrow(
      /No gas estimate: fee-market API: .*HTTP 500.*eth_gasPrice/,
    );
    expect(gas.state).toBe(known);
  });

  /** Fires the next poll and waits until it ended (it scheduled the one after). */
  async function nextPoll(timers: ManualTimers, what: string) {
    const scheduled = timers.scheduledCount;
    timers.fireNext();
    await waitForScheduled(timers, scheduled, what);
  }

  /**
   * After a switch (which polls at once, maybe finding the new network still loading): lets each
   * poll end and fires the next until `done`.
   */
  async function pollUntil(timers: ManualTimers, done: () => boolean, what: string) {
    for (let polls = 0; polls < 5; polls++) {
      await waitFor(() => timers.pending().length === 1, `${what}: a poll to end`);
      if (done()) return;
      await nextPoll(timers, what);
    }
    throw new Error(`five polls without ${what}`);
  }

  it('polls the API on the shared chained poller: one poll at a time, none after stopPolling or destroy', async () => {
    api.delayMs = 60; // a slow API: a second timer chain would show as concurrency
    const timers = createManualTimers();
    const { gas } = await setup({
      rpcUrl: london().rpcUrl,
      gas: {
        gasApi: { feeMarketUrl: api.feeMarketUrl },
        apiPollingInterval: 20,
        onChainPollingInterval: 60_000,
        timers,
      },
    });
    gas.startPolling();
    gas.startPolling(); // idempotent
    await waitForScheduled(timers, 0, 'the first poll');
    expect(api.requests).toHaveLength(1);
    expect(gas.state.gasEstimateType).toBe('fee-market');
    // The API answered, so the next poll waits the API interval; exactly one timer waits.
    expect(timers.pending()).toEqual([20]);
    for (let i = 0; i < 3; i++) {
      await nextPoll(timers, `poll ${i + 2}`);
      expect(timers.pending()).toEqual([20]);
    }
    expect(api.requests).toHaveLength(4);
    expect(api.maxConcurrent).toBe(1);

    gas.stopPolling();
    expect(gas.isPolling).toBe(false);
    expect(timers.pending()).toEqual([]);

    gas.startPolling();
    await waitForScheduled(timers, timers.scheduledCount, 'polling to resume');
    expect(api.requests).toHaveLength(5);
    gas.destroy();
    expect(gas.isPolling).toBe(false);
    expect(timers.pending()).toEqual([]);
  });

  it('polls on-chain estimates at the slower interval when the API is down', async () => {
    api.mode = 'fail';
    const upstream = countingFetch();
    const timers = createManualTimers();
    const { gas } = await setup({
      rpcUrl: london().rpcUrl,
      fetchFn: upstream.fetchFn,
      gas: {
        gasApi: { feeMarketUrl: api.feeMarketUrl },
        apiPollingInterval: 20,
        onChainPollingInterval: 60_000,
        timers,
      },
    });
    gas.startPolling();
    await waitForScheduled(timers, 0, 'the first poll');
    expect(gas.state.gasEstimateType).toBe('fee-market');
    expect(upstream.count('eth_feeHistory')).toBe(1);
    expect(api.requests).toHaveLength(1);
    expect(timers.pending()).toEqual([60_000]);
  });

  it('rechecks an unreachable network every second without a request, then polls as usual', async () => {
    const timers = createManualTimers();
    const { gas, network } = await setup({
      rpcUrl: london().rpcUrl,
      gas: { gasApi: { feeMarketUrl: api.feeMarketUrl }, timers },
    });
    await network.setRpcTarget({ rpcUrl: 'http://127.0.0.1:9/', chainId: '0x7a69' });
    expect(network.state.networkStatus).toBe('loading');
    gas.startPolling();
    await waitForScheduled(timers, 0, 'the first poll');
    expect(timers.pending()).toEqual([1_000]);
    await nextPoll(timers, 'a recheck');
    expect(timers.pending()).toEqual([1_000]);
    expect(api.requests).toEqual([]);

    await network.setRpcTarget({ rpcUrl: london().rpcUrl, chainId: '0x7a69' });
    await pollUntil(timers, () => api.requests.length === 1, 'a poll of the reachable network');
    expect(timers.pending()).toEqual([15_000]); // the API interval again
  });

  it('skips polling while the user is idle', async () => {
    let idle = true;
    const timers = createManualTimers();
    const { gas } = await setup({
      rpcUrl: london().rpcUrl,
      gas: {
        gasApi: { feeMarketUrl: api.feeMarketUrl },
        isIdle: () => idle,
        apiPollingInterval: 20,
        onChainPollingInterval: 20,
        timers,
      },
    });
    gas.startPolling();
    await waitForScheduled(timers, 0, 'the first (idle) poll');
    await nextPoll(timers, 'a second idle poll');
    expect(api.requests).toEqual([]);
    expect(gas.state.gasEstimateType).toBe('none');

    idle = false;
    await nextPoll(timers, 'an active poll');
    await nextPoll(timers, 'another active poll');
    expect(api.requests).toHaveLength(2);

    idle = true;
    await nextPoll(timers, 'an idle poll again');
    expect(api.requests).toHaveLength(2);
    expect(timers.pending()).toEqual([20]);
  });

  it('resets on a network switch and estimates for the new chain', async () => {
    const timers = createManualTimers();
    const { gas, network, root } = await setup({
      rpcUrl: london().rpcUrl,
      gas: { gasApi: { feeMarketUrl: api.feeMarketUrl }, timers },
    });
    gas.startPolling();
    await waitForScheduled(timers, 0, 'the first poll');
    expect(gas.state.gasEstimateType).toBe('fee-market');
    const types: string[] = [];
    root.subscribe('GasFeeController:stateChange', (state) => types.push(state.gasEstimateType));
    await network.setRpcTarget({ rpcUrl: other().rpcUrl, chainId: '0x539' });
    await pollUntil(
      timers,
      () => api.requests.includes('/networks/1337/suggestedGasFees'),
      'a poll for chain 1337',
    );
    await waitFor(() => gas.state.gasEstimateType === 'fee-market', 'the new estimate');
    expect(api.requests).toEqual([
      '/networks/31337/suggestedGasFees',
      '/networks/1337/suggestedGasFees',
    ]);
    expect(types[0]).toBe('none');
    expect(api.maxConcurrent).toBe(1);
  });

  it('answers through the messenger', async () => {
    const { root } = await setup({
      rpcUrl: london().rpcUrl,
      gas: { gasApi: { feeMarketUrl: api.feeMarketUrl } },
    });
    const estimate = await root.call('GasFeeController:fetchGasFeeEstimates');
    expect(estimate.gasEstimateType).toBe('fee-market');
    const fees = await root.call('GasFeeController:getSuggestedGasFees', true);
    expect(fees).toEqual({ maxFeePerGas: '0x4e4e3bf00', maxPriorityFeePerGas: '0x5f5e100' });
    expect(root.call('GasFeeController:getState').gasEstimateType).toBe('fee-market');
  });
});
