/**
 * The engine asks the node nothing for nobody: with no view and nothing pending nothing is
 * scheduled at all, and each thing that needs blocks (a view, a pending transaction, a dapp's
 * subscription or filter) runs the block tracker until it is gone. On a manual clock, counting
 * what reaches anvil through a recording proxy.
 */
import { callJsonRpc } from '../../scripts/lib/json-rpc';
import { placeMulticall3 } from '../../scripts/lib/multicall3';
import { startRecordingProxy, type RecordingProxy } from '../../scripts/lib/recording-proxy';
import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { revert, setAutomine, snapshot } from '../chain/snapshot';
import { useAnvil } from '../chain/use-anvil';
import { createManualTimers, type ManualTimers } from '../controllers/polling/manual-timers';
import { waitFor } from './helpers';

const anvil = useAnvil({ chainId: 5777 });

describe('block tracking on demand, through the engine', () => {
  let proxy: RecordingProxy;
  let timers: ManualTimers;
  let engine: Engine;
  let address: string;
  let chainSnapshot: string;

  beforeAll(async () => {
    // Blocks 12 s apart, so that the measured block time is known: 12 s; and Multicall3.
    await callJsonRpc(anvil().rpcUrl, 'anvil_mine', ['0xc', '0xc']);
    await placeMulticall3(anvil().rpcUrl);
  });
  beforeEach(async () => {
    // Each test starts from the same chain, so the block time measures the same.
    chainSnapshot = await snapshot(anvil().rpcUrl);
    proxy = await startRecordingProxy(anvil().rpcUrl);
    timers = createManualTimers();
    engine = await createEngine({
      storage: new MemoryStorage(),
      network: { rpcUrl: proxy.url, chainId: '0x1691' },
      timers,
    });
    await engine.actions.createNewVault('correct horse battery staple');
    address = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[0]!)
    ).toLowerCase();
    await settle();
  });
  afterEach(async () => {
    await engine.destroy();
    await proxy.close();
    await setAutomine(anvil().rpcUrl, true);
    await revert(anvil().rpcUrl, chainSnapshot);
  });

  /**
   * Waits for the start's last read (EIP-1559 detection) and until no poll is scheduled: from
   * then on nothing asks the node until something needs it.
   */
  async function settle() {
    await waitFor(
      () =>
        engine.getState().NetworkController.networkDetails.EIPS[1559] !== undefined &&
        timers.pending().length === 0,
      'the start to settle',
    );
  }

  /** Fires the next timer (a head read) and waits until it scheduled the next one. */
  async function nextRead(what: string) {
    const before = timers.scheduledCount;
    timers.fireNext();
    await waitFor(() => timers.scheduledCount > before, what);
  }

  it('schedules no poll with no view and nothing pending: nothing can ask the node', async () => {
    expect(timers.pending()).toEqual([]);
    // The start asked what the network is and whether it has EIP-1559; nothing since.
    expect(proxy.methods).toEqual(['net_version', 'eth_getBlockByNumber']);
    expect(engine.getState().NetworkController.latestBlockNumber).toBeNull();
    expect(engine.getState().AccountTrackerController.accounts).toEqual({});
    expect(engine.getState().GasFeeController.gasEstimateType).toBe('none');
  });

  it('a view reads blocks with balances until it closes; asset detection adds only its log scan', async () => {
    const stop = engine.subscribe(() => undefined);
    const history = () =>
      engine.messenger.call('AssetDiscoveryController:getState').histories[`0x1691:${address}`];
    await waitFor(
      () =>
        engine.getState().AccountTrackerController.accounts[address] !== undefined &&
        history()?.newest !== null &&
        history() !== undefined &&
        timers.pending().length === 1,
      'balances, the first asset scan and the next head read',
    );
    // Views only: the head every 20 s (not the 12 s block time). No gas fees: no transaction
    // awaits approval, so no screen shows them.
    expect(timers.pending()).toEqual([20_000]);
    expect(engine.getState().GasFeeController.gasEstimateType).toBe('none');
    expect(proxy.count('eth_feeHistory')).toBe(0);
    // The balance came with the head in one Multicall3 call: no eth_getBalance, and no header
    // read besides the start's and one older header, read once per network to measure the
    // block time (no block came since the start).
    expect(proxy.count('eth_getBalance')).toBe(0);
    expect(proxy.count('eth_getBlockByNumber')).toBe(2);
    // The asset scan read up to the tracker's head (its first read, in flight when the view
    // opened) instead of asking eth_blockNumber; with nothing found, nothing was read from
    // contracts, so Multicall3 was not looked up (eth_getCode). Its three log queries remain.
    expect(history()?.newest).toBe(engine.getState().NetworkController.latestBlockNumber);
    expect(proxy.count('eth_blockNumber')).toBe(0);
    expect(proxy.count('eth_getCode')).toBe(0);
    expect(proxy.count('eth_getLogs')).toBe(3);
    stop();
    expect(timers.pending()).toEqual([]);
    expect(engine.getState().NetworkController.latestBlockNumber).toBeNull();
  });

  it('gas fees are polled while a view is open and a transaction awaits approval', async () => {
    const stop = engine.subscribe(() => undefined);
    await waitFor(() => timers.pending().length === 1, 'the next head read');
    expect(proxy.count('eth_feeHistory')).toBe(0);
    const hash = engine.messenger.call(
      'TransactionController:addTransaction',
      { from: address, to: anvil().accounts[1]!, value: '0x1' },
      { origin: 'orrery' },
    );
    const approval = await waitFor(
      () => Object.values(engine.getState().ApprovalController.pendingApprovals)[0],
      'the approval',
    );
    // The confirmation screen shows fees: on-chain estimates every 30 s while it waits.
    await waitFor(
      () =>
        timers.pending().includes(30_000) &&
        engine.getState().GasFeeController.gasEstimateType !== 'none',
      'gas fee polling',
    );
    engine.actions.rejectRequest(approval.id);
    await expect(hash).rejects.toMatchObject({ code: 4001 });
    // Rejected: nothing awaits approval, the fee poll is gone; the head read stays for the view.
    await waitFor(() => !timers.pending().includes(30_000), 'gas polling to stop');
    expect(timers.pending()).toEqual([20_000]);
    stop();
    expect(timers.pending()).toEqual([]);
  });

  it('a submitted transaction needs every block until it settles, with no view', async () => {
    await setAutomine(anvil().rpcUrl, false);
    const hash = engine.messenger.call(
      'TransactionController:addTransaction',
      { from: address, to: anvil().accounts[1]!, value: '0x1' },
      { origin: 'orrery' },
    );
    const approval = await waitFor(
      () => Object.values(engine.getState().ApprovalController.pendingApprovals)[0],
      'the approval',
    );
    expect(timers.pending()).toEqual([]); // unapproved: nothing to wait for on chain yet
    engine.actions.approveRequest(approval.id, undefined);
    await hash;
    await waitFor(
      () => timers.pending().length === 1,
      'the head read for the submitted transaction',
    );
    // Every block: the measured 12 s, not a view's 15 s.
    expect(timers.pending()).toEqual([12_000]);
    const status = () => engine.getState().TransactionController.uiTransactions[0]?.status;
    expect(status()).toBe('submitted');

    await nextRead('a head read with nothing mined');
    expect(status()).toBe('submitted');
    await callJsonRpc(anvil().rpcUrl, 'evm_mine');
    timers.fireNext();
    await waitFor(() => status() === 'confirmed', 'the confirmation');
    await waitFor(() => timers.pending().length === 0, 'the tracker to stop');
  });

  it('a dapp subscription or filter needs every block until removed or its connection closes', async () => {
    const dapp = engine.connect('https://dapp.example');
    const subscription = await dapp.request<string>({
      method: 'eth_subscribe',
      params: ['newHeads'],
    });
    await waitFor(() => timers.pending().length === 1, 'head reads for the subscription');
    expect(timers.pending()).toEqual([12_000]);
    expect(await dapp.request({ method: 'eth_unsubscribe', params: [subscription] })).toBe(true);
    expect(timers.pending()).toEqual([]);

    const filter = await dapp.request<string>({ method: 'eth_newBlockFilter' });
    await waitFor(() => timers.pending().length === 1, 'head reads for the filter');
    expect(await dapp.request({ method: 'eth_uninstallFilter', params: [filter] })).toBe(true);
    expect(timers.pending()).toEqual([]);

    await dapp.request({ method: 'eth_newFilter', params: [{}] });
    await dapp.request({ method: 'eth_subscribe', params: ['logs', {}] });
    await waitFor(() => timers.pending().length === 1, 'head reads for both');
    dapp.close();
    expect(timers.pending()).toEqual([]);
  });
});
