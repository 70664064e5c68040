import {
  INTERNAL_FAILURE_MESSAGE,
  UNKNOWN_PROBLEM_PREFIX,
} from '../../../src/controllers/transactions/constants';
import { dappResult } from '../../../src/controllers/transactions/dapp-errors';
import { useAnvil } from '../../chain/use-anvil';
import { createHarness, rpc, startRpcProxy, type Harness, type RpcBody } from './harness';

const anvil = useAnvil();
const ORIGIN = 'https://dapp.example';

describe('dapp-facing failures', () => {
  let h: Harness | undefined;
  let proxy: Awaited<ReturnType<typeof startRpcProxy>> | undefined;
  afterEach(async () => {
    await h?.destroy();
    await proxy?.close();
    h = undefined;
    proxy = undefined;
  });

  it("maps a failure without a message to 'Internal Orrery failure', other endings to the unknown problem", () => {
    const txParams = { from: '0x' + '1'.repeat(40) };
    const failed = dappResult({ status: 'failed', txParams });
    expect('error' in failed && failed.error).toMatchObject({
      code: -32603,
      message: INTERNAL_FAILURE_MESSAGE,
    });
    const withMessage = dappResult({
      status: 'failed',
      txParams,
      err: { message: 'nonce too high' },
    });
    expect('error' in withMessage && withMessage.error).toMatchObject({
      code: -32603,
      message: 'nonce too high',
    });
    const rejected = dappResult({ status: 'rejected', txParams });
    expect('error' in rejected && rejected.error).toMatchObject({
      code: 4001,
      message: 'Orrery Tx Signature: User denied transaction signature.',
    });
    const dropped = dappResult({ status: 'dropped', txParams });
    expect('error' in dropped && dropped.error.message).toBe(
      `${UNKNOWN_PROBLEM_PREFIX}${JSON.stringify(txParams)}`,
    );
    expect(dappResult({ status: 'submitted', txParams, hash: '0xabc' })).toEqual({ hash: '0xabc' });
  });

  it("fails the transaction with the node's message when publishing is refused", async () => {
    proxy = await startRpcProxy(anvil().rpcUrl, (body) =>
      body.method === 'eth_sendRawTransaction'
        ? {
            jsonrpc: '2.0',
            id: body.id,
            error: { code: -32000, message: 'max fee per gas less than block base fee' },
          }
        : undefined,
    );
    h = await createHarness({ ...anvil(), rpcUrl: proxy.url });
    const from = anvil().accounts[0]!.toLowerCase();
    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      { from, to: from, value: '0x0' },
      { origin: ORIGIN },
    );
    await h.controller.approveTransaction(transactionMeta.id);
    await expect(result).rejects.toMatchObject({
      code: -32603,
      message: 'max fee per gas less than block base fee',
    });
    expect(h.controller.getTransaction(transactionMeta.id)).toMatchObject({
      status: 'failed',
      err: { message: 'max fee per gas less than block base fee', rpc: { code: -32000 } },
    });
  });

  it("rejects a waiting dapp with 'Orrery Tx Signature: Unknown problem: ...' when the controller shuts down", async () => {
    h = await createHarness(anvil());
    const from = anvil().accounts[0]!.toLowerCase();
    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      { from, to: from, value: '0x0' },
      { origin: ORIGIN },
    );
    await h.destroy();
    await expect(result).rejects.toMatchObject({
      code: -32603,
      message: `${UNKNOWN_PROBLEM_PREFIX}${JSON.stringify(transactionMeta.txParams)}`,
    });
  });

  it('releases the nonce when signing fails, so the next transaction takes it', async () => {
    h = await createHarness(anvil(), { selectedAddress: anvil().accounts[1] });
    const from = anvil().accounts[1]!.toLowerCase();
    const expectedNonce = await rpc<string>(anvil(), 'eth_getTransactionCount', [from, 'pending']);
    h.keyring.setLocked();
    try {
      const failed = await h.controller.addUnapprovedTransaction(
        { from, to: from, value: '0x0' },
        { origin: ORIGIN },
      );
      await h.controller.approveTransaction(failed.transactionMeta.id);
      await expect(failed.result).rejects.toMatchObject({ code: -32603 });
      expect(h.controller.getTransaction(failed.transactionMeta.id)).toMatchObject({
        status: 'failed',
        txParams: { nonce: expectedNonce },
      });
    } finally {
      await h.keyring.submitPassword('transactions test password');
    }
    const next = await h.controller.addUnapprovedTransaction(
      { from, to: from, value: '0x0' },
      { origin: ORIGIN },
    );
    await h.controller.approveTransaction(next.transactionMeta.id);
    await next.result;
    expect(h.controller.getTransaction(next.transactionMeta.id)!.txParams.nonce).toBe(
      expectedNonce,
    );
  });
});

describe('a network without EIP-1559', () => {
  /** Blocks without a base fee, as a pre-London node returns them; other calls pass through. */
  const blockWithoutBaseFee = async (body: RpcBody) => {
    if (body.method !== 'eth_getBlockByNumber' && body.method !== 'eth_getBlockByHash')
      return undefined;
    const upstream = await rpc<Record<string, unknown> | null>(
      anvil(),
      body.method,
      body.params ?? [],
    );
    if (upstream) delete upstream.baseFeePerGas;
    return { jsonrpc: '2.0', id: body.id, result: upstream };
  };

  let h: Harness | undefined;
  let proxy: Awaited<ReturnType<typeof startRpcProxy>> | undefined;
  afterEach(async () => {
    await h?.destroy();
    await proxy?.close();
    h = undefined;
    proxy = undefined;
  });

  it('refuses fee-market fields and sends legacy transactions priced by eth_gasPrice', async () => {
    proxy = await startRpcProxy(anvil().rpcUrl, blockWithoutBaseFee);
    h = await createHarness(
      { ...anvil(), rpcUrl: proxy.url },
      { selectedAddress: anvil().accounts[2] },
    );
    const from = anvil().accounts[2]!.toLowerCase();
    await expect(
      h.controller.addTransaction(
        { from, to: from, value: '0x0', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x1' },
        { origin: ORIGIN },
      ),
    ).rejects.toThrow(
      'Invalid transaction params: params specify an EIP-1559 transaction but the current network does not support EIP-1559',
    );
    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      { from, to: from, value: '0x0' },
      { origin: ORIGIN },
    );
    const gasPrice = await rpc<string>(anvil(), 'eth_gasPrice');
    expect(transactionMeta.txParams).toMatchObject({ type: '0x0', gasPrice });
    expect(transactionMeta.txParams.maxFeePerGas).toBeUndefined();
    await h.controller.approveTransaction(transactionMeta.id);
    const hash = await result;
    expect(await rpc<{ type: string }>(anvil(), 'eth_getTransactionByHash', [hash])).toMatchObject({
      type: '0x0',
    });
  });

  it("fails the transaction and the dapp call with 'Gas fee/price estimation failed. Message: ...' when no fee source answers", async () => {
    proxy = await startRpcProxy(anvil().rpcUrl, async (body: RpcBody) => {
      if (body.method === 'eth_gasPrice') {
        return {
          jsonrpc: '2.0',
          id: body.id,
          error: { code: -32601, message: 'Method not found' },
        };
      }
      return blockWithoutBaseFee(body);
    });
    h = await createHarness(
      { ...anvil(), rpcUrl: proxy.url },
      { selectedAddress: anvil().accounts[3] },
    );
    const from = anvil().accounts[3]!.toLowerCase();
    const failed: string[] = [];
    h.root.subscribe('TransactionController:transactionFinished', (meta) => {
      if (meta.status === 'failed') failed.push(meta.err?.message ?? '');
    });
    await expect(
      h.controller.addTransaction({ from, to: from, value: '0x0' }, { origin: ORIGIN }),
    ).rejects.toThrow('Gas fee/price estimation failed. Message: Method not found');
    expect(failed).toEqual(['Gas fee/price estimation failed. Message: Method not found']);
    expect(h.controller.getTransactions()[0]).toMatchObject({
      status: 'failed',
      loadingDefaults: false,
    });
  });
});
