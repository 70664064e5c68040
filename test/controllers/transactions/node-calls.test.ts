// What a transfer costs the node, counted at a recording proxy (issue 8, point 8): no estimate
// and no block read for a plain transfer to an account without code, one latest-block read
// shared by the gas limit and the node's fees, and the confirmed block's base fee taken from the
// receipt where EIP-1559 makes it exact.
import { baseFeeFromReceipt } from '../../../src/controllers/transactions/pending-tracker';
import { startRecordingProxy, type RecordingProxy } from '../../../scripts/lib/recording-proxy';
import { useAnvil } from '../../chain/use-anvil';
import { createHarness, rpc, type Harness } from './harness';

const anvil = useAnvil();
const ORIGIN = 'https://dapp.example';

type Block = { baseFeePerGas: string; gasLimit: string };

describe('node calls per transaction', () => {
  let proxy: RecordingProxy;
  let h: Harness;
  let from: string;
  beforeEach(async () => {
    proxy = await startRecordingProxy(anvil().rpcUrl);
    h = await createHarness({ ...anvil(), rpcUrl: proxy.url }, { withGasFeeController: true });
    from = anvil().accounts[0]!.toLowerCase();
    // The gas controller's estimate, as a view polling it keeps fresh.
    await h.root.call('GasFeeController:fetchGasFeeEstimates');
    proxy.reset();
  });
  afterEach(async () => {
    await h.destroy();
    await proxy.close();
  });

  const send = async (params: Record<string, unknown>) => {
    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      { from, value: '0x1', ...params },
      { origin: ORIGIN },
    );
    await h.controller.approveTransaction(transactionMeta.id);
    await result;
    return transactionMeta.id;
  };
  const blockOf = (hash: string) => rpc<Block>(anvil(), 'eth_getBlockByHash', [hash, false]);
  /** Mines a block and runs the tracker for it, the test's own calls bypassing the proxy. */
  const tick = async () => {
    await rpc(anvil(), 'anvil_mine', ['0x1']);
    await h.controller.checkPendingTransactions(
      Number(await rpc<string>(anvil(), 'eth_blockNumber')),
    );
  };

  it('a plain transfer costs four calls from add to confirmation, and its base fee is the block’s', async () => {
    const id = await send({ to: anvil().accounts[1] });
    await tick();
    const confirmed = h.controller.getTransaction(id)!;
    expect(confirmed.status).toBe('confirmed');
    expect(proxy.methods).toEqual([
      'eth_getCode',
      'eth_getTransactionCount',
      'eth_sendRawTransaction',
      'eth_getTransactionReceipt',
    ]);
    const block = await blockOf(confirmed.txReceipt!.blockHash!);
    expect(confirmed.baseFeePerGas).toBe(block.baseFeePerGas);
  });

  it('reads the block once for both the gas limit and the fees when the node is asked for both', async () => {
    await h.destroy();
    h = await createHarness({ ...anvil(), rpcUrl: proxy.url }); // no gas controller: fees from the node
    await h.network.getEIP1559Compatibility(); // known per network from its first block read
    proxy.reset();
    // Calldata to an account without code: the gas limit falls back to a share of the block's.
    const { transactionMeta } = await h.controller.addUnapprovedTransaction(
      { from, to: anvil().accounts[2], value: '0x0', data: '0x1234' },
      { origin: ORIGIN },
    );
    expect(transactionMeta.simulationFails).toMatchObject({ reason: 'transactionErrorNoContract' });
    expect(transactionMeta.txParams.maxFeePerGas).toMatch(/^0x[0-9a-f]+$/);
    expect(proxy.count('eth_getBlockByNumber')).toBe(1);
    expect(proxy.count('eth_estimateGas')).toBe(0);
  });

  it('reads the block for the base fee only where the receipt does not fix it (a fee capped at maxFeePerGas)', async () => {
    const latest = await rpc<Block>(anvil(), 'eth_getBlockByNumber', ['latest', false]);
    // Priority as high as the cap: the price paid is the cap, whatever the base fee.
    const cap = latest.baseFeePerGas;
    const id = await send({
      to: anvil().accounts[1],
      maxFeePerGas: cap,
      maxPriorityFeePerGas: cap,
    });
    await tick();
    const confirmed = h.controller.getTransaction(id)!;
    expect(confirmed.txReceipt!.effectiveGasPrice).toBe(cap);
    expect(proxy.count('eth_getBlockByHash')).toBe(1);
    expect(confirmed.baseFeePerGas).toBe(
      (await blockOf(confirmed.txReceipt!.blockHash!)).baseFeePerGas,
    );
  });

  it('derives the base fee from an EIP-1559 receipt only when exact', () => {
    const fees = { type: '0x2' as const, maxFeePerGas: '0x64', maxPriorityFeePerGas: '0xa' };
    expect(baseFeeFromReceipt(fees, { effectiveGasPrice: '0x3c' })).toBe('0x32'); // 60 − 10
    expect(baseFeeFromReceipt(fees, { effectiveGasPrice: '0x64' })).toBeUndefined(); // capped
    expect(baseFeeFromReceipt(fees, { effectiveGasPrice: '0x5' })).toBeUndefined(); // below priority
    expect(baseFeeFromReceipt({ type: '0x0' }, { effectiveGasPrice: '0x3c' })).toBeUndefined();
    expect(baseFeeFromReceipt(fees, {})).toBeUndefined();
  });

  it('reads the account count once per sender and block for transactions still pending', async () => {
    await rpc(anvil(), 'evm_setAutomine', [false]);
    try {
      for (let i = 0; i < 3; i++) await send({ to: anvil().accounts[1] });
      proxy.reset();
      const head = Number(await rpc<string>(anvil(), 'eth_blockNumber'));
      await h.controller.checkPendingTransactions(head);
      expect(proxy.count('eth_getTransactionReceipt')).toBe(3);
      expect(proxy.count('eth_getTransactionCount')).toBe(1);
    } finally {
      await rpc(anvil(), 'evm_setAutomine', [true]);
      await tick();
    }
  });
});
