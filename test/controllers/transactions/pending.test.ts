import { SUBMIT_ERROR_MESSAGE } from '../../../src/controllers/transactions/constants';
import type { TransactionMeta } from '../../../src/controllers/transactions/types';
import { deployContract } from '../../chain/deploy';
import { setAutomine } from '../../chain/snapshot';
import { useAnvil } from '../../chain/use-anvil';
import { createHarness, rpc, signWithKey, type Harness } from './harness';

const anvil = useAnvil({ accounts: 20 });
const ORIGIN = 'https://dapp.example';
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');

describe('pending tracker and replacements (automine off)', () => {
  let h: Harness;
  let from: string;
  let account = 0;
  beforeEach(async () => {
    // A fresh sender per test keeps nonces independent.
    from = anvil().accounts[account++]!.toLowerCase();
    await setAutomine(anvil().rpcUrl, false);
    h = await createHarness(anvil(), { selectedAddress: from });
  });
  afterEach(async () => {
    await h.destroy();
    await setAutomine(anvil().rpcUrl, true);
  });

  const send = async (params: Record<string, unknown> = {}): Promise<TransactionMeta> => {
    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      { from, to: anvil().accounts[19], value: '0x1', ...params },
      { origin: ORIGIN },
    );
    await h.controller.approveTransaction(transactionMeta.id);
    await result;
    return h.controller.getTransaction(transactionMeta.id)!;
  };
  const get = (id: string) => h.controller.getTransaction(id)!;
  const inMempool = async (hash: string) =>
    (await rpc<unknown>(anvil(), 'eth_getTransactionByHash', [hash])) !== null;

  it('holds a transaction submitted until mined, then confirms it', async () => {
    const tx = await send();
    await h.controller.checkPendingTransactions(
      Number(await rpc<string>(anvil(), 'eth_blockNumber')),
    );
    expect(get(tx.id).status).toBe('submitted');
    await h.tick();
    expect(get(tx.id)).toMatchObject({ status: 'confirmed', txReceipt: { status: '0x1' } });
  });

  it('fails a transaction whose receipt says it reverted, with the finished event', async () => {
    await setAutomine(anvil().rpcUrl, true);
    const token = await deployContract(
      anvil().rpcUrl,
      'TestERC20',
      ['T', 'T', 18, 1000n],
      anvil().privateKeys[19],
    );
    await setAutomine(anvil().rpcUrl, false);
    const finished: string[] = [];
    h.root.subscribe('TransactionController:transactionFinished', (meta) =>
      finished.push(meta.status),
    );
    // transferFrom without an allowance reverts; an explicit gas limit skips the estimate.
    const tx = await send({
      to: token,
      value: '0x0',
      gas: '0x30000',
      data: `0x23b872dd${word(anvil().accounts[19]!)}${word(from)}${word('0x1')}`,
    });
    await h.tick();
    expect(get(tx.id)).toMatchObject({ status: 'failed', txReceipt: { status: '0x0' } });
    expect(get(tx.id).err?.message).toMatch(/reverted/);
    expect(finished).toEqual(['submitted', 'failed']);
  });

  it('speed-up: an approved replacement with fees × 11/10 confirms; the original ends dropped with replacedBy', async () => {
    const original = await send();
    const speedUp = await h.controller.speedUpTransaction(original.id);
    expect(speedUp).toMatchObject({
      status: 'submitted',
      type: 'retry',
      transactionCategory: 'retry',
      txParams: {
        nonce: original.txParams.nonce,
        gas: original.txParams.gas,
        to: original.txParams.to,
        value: '0x1',
      },
      previousGasParams: {
        maxFeePerGas: original.txParams.maxFeePerGas,
        maxPriorityFeePerGas: original.txParams.maxPriorityFeePerGas,
        gas: original.txParams.gas,
      },
    });
    const bumped = (hex: string) => (BigInt(hex) * 11n + 9n) / 10n;
    expect(BigInt(speedUp.txParams.maxFeePerGas!)).toBe(bumped(original.txParams.maxFeePerGas!));
    expect(BigInt(speedUp.txParams.maxPriorityFeePerGas!)).toBe(
      bumped(original.txParams.maxPriorityFeePerGas!),
    );
    expect(
      speedUp.history
        .slice(1)
        .some((entry) => (entry as { value?: string }[]).some((p) => p.value === 'approved')),
    ).toBe(false);

    await h.tick();
    expect(get(speedUp.id).status).toBe('confirmed');
    expect(get(original.id)).toMatchObject({ status: 'dropped', replacedBy: speedUp.hash });
    expect(await rpc<string>(anvil(), 'eth_getTransactionCount', [from, 'latest'])).toBe('0x1');
  });

  it('cancel: a zero-value self-transaction with the same nonce and 21000 gas replaces the original', async () => {
    const original = await send({ value: '0xde0b6b3a7640000' });
    const cancel = await h.controller.cancelTransaction(original.id);
    expect(cancel).toMatchObject({
      status: 'submitted',
      type: 'cancel',
      transactionCategory: 'cancel',
      txParams: { from, to: from, value: '0x0', gas: '0x5208', nonce: original.txParams.nonce },
    });
    await h.tick();
    expect(get(cancel.id).status).toBe('confirmed');
    expect(get(original.id)).toMatchObject({ status: 'dropped', replacedBy: cancel.hash });
    const mined = await rpc<{ to: string; value: string }>(anvil(), 'eth_getTransactionByHash', [
      cancel.hash,
    ]);
    expect(mined).toMatchObject({ to: from, value: '0x0' });
    expect(await rpc<unknown>(anvil(), 'eth_getTransactionReceipt', [original.hash])).toBeNull();
  });

  it('a second speed-up outbids the first; both earlier ones end dropped with replacedBy the one mined', async () => {
    const original = await send();
    const dropped: string[] = [];
    h.root.subscribe('TransactionController:transactionStatusUpdated', (meta) => {
      if (meta.status === 'dropped') dropped.push(meta.id);
    });
    const first = await h.controller.speedUpTransaction(original.id);
    const second = await h.controller.speedUpTransaction(original.id);
    expect(BigInt(second.txParams.maxFeePerGas!)).toBe(
      (BigInt(first.txParams.maxFeePerGas!) * 11n + 9n) / 10n,
    );
    expect(second.previousGasParams).toMatchObject({ maxFeePerGas: first.txParams.maxFeePerGas });
    expect(second.hash).not.toBe(first.hash);
    await h.tick();
    expect(get(second.id).status).toBe('confirmed');
    expect(get(first.id)).toMatchObject({ status: 'dropped', replacedBy: second.hash });
    expect(get(original.id)).toMatchObject({ status: 'dropped', replacedBy: second.hash });
    // Each drop is announced once, although the tracker also finds their nonce taken.
    await h.tick();
    expect(dropped.sort()).toEqual([first.id, original.id].sort());
  });

  it('takes fee overrides on a replacement', async () => {
    const original = await send();
    const cancel = await h.controller.cancelTransaction(original.id, {
      maxFeePerGas: `0x${(BigInt(original.txParams.maxFeePerGas!) * 3n).toString(16)}`,
      maxPriorityFeePerGas: `0x${(BigInt(original.txParams.maxPriorityFeePerGas!) * 3n).toString(16)}`,
    });
    expect(BigInt(cancel.txParams.maxFeePerGas!)).toBe(
      BigInt(original.txParams.maxFeePerGas!) * 3n,
    );
    await h.tick();
    expect(get(cancel.id).status).toBe('confirmed');
  });

  it('retry: an unapproved replacement with bumped fees, sent once approved', async () => {
    const original = await send();
    const retry = await h.controller.retryTransaction(original.id);
    expect(retry).toMatchObject({
      status: 'unapproved',
      type: 'retry',
      txParams: { nonce: original.txParams.nonce },
    });
    expect(BigInt(retry.txParams.maxFeePerGas!)).toBeGreaterThan(
      BigInt(original.txParams.maxFeePerGas!),
    );
    await h.controller.approveTransaction(retry.id);
    expect(get(retry.id).status).toBe('submitted');
    expect(get(retry.id).txParams.nonce).toBe(original.txParams.nonce);
    await h.tick();
    expect(get(retry.id).status).toBe('confirmed');
    expect(get(original.id)).toMatchObject({ status: 'dropped', replacedBy: get(retry.id).hash });
  });

  it('replaces only submitted transactions', async () => {
    const { transactionMeta } = await h.controller.addUnapprovedTransaction(
      { from, to: from, value: '0x0' },
      { origin: ORIGIN },
    );
    await expect(h.controller.speedUpTransaction(transactionMeta.id)).rejects.toThrow(
      'Only a submitted transaction can be replaced',
    );
  });

  it('drops a transaction whose nonce is below the account count only after 3 consecutive checks', async () => {
    const tx = await send();
    // Another wallet with the same key replaces it in the pool with a higher fee.
    const key = anvil().privateKeys[anvil().accounts.findIndex((a) => a.toLowerCase() === from)]!;
    const outside = signWithKey(
      key,
      {
        from,
        to: from,
        value: '0x0',
        nonce: tx.txParams.nonce,
        gas: '0x5208',
        maxFeePerGas: `0x${(BigInt(tx.txParams.maxFeePerGas!) * 2n).toString(16)}`,
        maxPriorityFeePerGas: `0x${(BigInt(tx.txParams.maxPriorityFeePerGas!) * 2n).toString(16)}`,
        type: '0x2',
      },
      `0x${anvil().chainId.toString(16)}` as `0x${string}`,
    );
    await rpc(anvil(), 'eth_sendRawTransaction', [outside.rawTx]);
    await h.tick();
    expect(get(tx.id).status).toBe('submitted');
    await h.tick();
    expect(get(tx.id).status).toBe('submitted');
    await h.tick();
    expect(get(tx.id).status).toBe('dropped');
    expect(get(tx.id).replacedBy).toBeUndefined();
  });

  it('resubmits with block spacing 2^retryCount − 1, quietly on benign errors', async () => {
    const warnings: string[] = [];
    h.root.subscribe('TransactionController:transactionWarning', ({ error }) =>
      warnings.push(error),
    );
    const tx = await send();
    const hash = tx.hash!;
    const retriedAt: number[] = [];
    for (let i = 0; i < 8; i++) {
      // The node loses it before every block, so only our resubmission brings it back.
      if (await inMempool(hash)) await rpc(anvil(), 'anvil_dropTransaction', [hash]);
      const head = Number(await rpc<string>(anvil(), 'eth_blockNumber')) + 1;
      const before = get(tx.id).retryCount ?? 0;
      await h.tick();
      if ((get(tx.id).retryCount ?? 0) > before) retriedAt.push(head);
    }
    const first = Number(get(tx.id).firstRetryBlockNumber);
    expect(retriedAt.map((block) => block - first)).toEqual([0, 1, 3, 7]);
    expect(await inMempool(hash)).toBe(true);
    expect(warnings).toEqual([]);
    // A resubmission the node already has is benign too.
    await h.tick();
    expect(warnings).toEqual([]);
  });

  it('warns on a non-benign resubmission error and keeps the transaction pending', async () => {
    const warnings: { error: string; id: string }[] = [];
    h.root.subscribe('TransactionController:transactionWarning', ({ error, transactionMeta }) =>
      warnings.push({ error, id: transactionMeta.id }),
    );
    const tx = await send();
    await rpc(anvil(), 'anvil_dropTransaction', [tx.hash]);
    await rpc(anvil(), 'anvil_setBalance', [from, '0x0']);
    await h.tick();
    expect(warnings).toEqual([{ error: expect.stringMatching(/insufficient funds/i), id: tx.id }]);
    expect(get(tx.id)).toMatchObject({
      status: 'submitted',
      warning: { error: expect.stringMatching(/insufficient funds/i) },
    });
    await rpc(anvil(), 'anvil_setBalance', [from, '0xde0b6b3a7640000']);
  });

  it('is driven by the NetworkController:newBlock event', async () => {
    const tx = await send();
    await rpc(anvil(), 'anvil_mine', ['0x1']);
    const head = Number(await rpc<string>(anvil(), 'eth_blockNumber'));
    const confirmed = h.root.waitUntil('TransactionController:transactionStatusUpdated', {
      condition: (meta) => meta.id === tx.id && meta.status === 'confirmed',
    });
    h.networkMessenger.publish('NetworkController:newBlock', head);
    await confirmed;
    expect(get(tx.id).status).toBe('confirmed');
  });

  it("fails a submitted transaction without a hash with the spec's message", async () => {
    const tx = await send();
    const { hash: _hash, ...withoutHash } = get(tx.id);
    const chainId = tx.chainId;
    const restarted = await h.restartWith({
      transactions: { [chainId]: { [from]: [withoutHash as TransactionMeta] } },
    });
    h = restarted;
    await h.tick();
    expect(get(tx.id)).toMatchObject({ status: 'failed', err: { message: SUBMIT_ERROR_MESSAGE } });
  });
});
