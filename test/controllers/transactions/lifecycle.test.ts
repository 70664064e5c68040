import {
  NETWORK_LOADING_MESSAGE,
  USER_DENIED_TX_MESSAGE,
} from '../../../src/controllers/transactions/constants';
import { replayHistory, snapshotOf } from '../../../src/controllers/transactions/history';
import { findTransactionByHash } from '../../../src/controllers/transactions/selectors';
import type {
  TransactionMeta,
  TransactionStatus,
} from '../../../src/controllers/transactions/types';
import { useAnvil } from '../../chain/use-anvil';
import { createHarness, rpc, type Harness } from './harness';

const anvil = useAnvil();
const ORIGIN = 'https://dapp.example';

describe('TransactionController lifecycle on anvil', () => {
  let h: Harness;
  let from: string;
  let to: string;
  beforeEach(async () => {
    h = await createHarness(anvil());
    from = anvil().accounts[0]!.toLowerCase();
    to = anvil().accounts[1]!.toLowerCase();
  });
  afterEach(() => h.destroy());

  it('goes unapproved (loading defaults) → approved → signed → submitted → confirmed, resolving the dapp with the hash', async () => {
    const statuses: TransactionStatus[] = [];
    const finished: TransactionStatus[] = [];
    h.root.subscribe('TransactionController:transactionStatusUpdated', (tx) =>
      statuses.push(tx.status),
    );
    h.root.subscribe('TransactionController:transactionFinished', (tx) => finished.push(tx.status));
    const loading: boolean[] = [];
    h.root.subscribe('TransactionController:stateChange', (state) => {
      const tx =
        state.transactions[h.controller.state.uiTransactions[0]?.chainId ?? '']?.[from]?.[0];
      if (tx) loading.push(tx.loadingDefaults);
    });

    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      { from, to, value: '0xde0b6b3a7640000' },
      { origin: ORIGIN },
    );
    expect(loading[0]).toBe(true);
    expect(transactionMeta).toMatchObject({
      status: 'unapproved',
      loadingDefaults: false,
      origin: ORIGIN,
      transactionCategory: 'sentEther',
      dappSuggestedGasFees: null,
      txParams: { from, to, gas: '0x5208', type: '0x2' },
    });
    expect(transactionMeta.txParams.maxFeePerGas).toMatch(/^0x[0-9a-f]+$/);

    await h.controller.approveTransaction(transactionMeta.id);
    const hash = await result;
    expect(statuses).toEqual(['approved', 'signed', 'submitted']);
    expect(finished).toEqual(['submitted']);
    const submitted = h.controller.getTransaction(transactionMeta.id)!;
    expect(submitted).toMatchObject({
      status: 'submitted',
      hash,
      txParams: { nonce: '0x0' },
      retryCount: 0,
    });
    expect(submitted.rawTx).toMatch(/^0x02/);

    // Automine mined it; the tracker confirms on the next block.
    await h.tick();
    const confirmed = h.controller.getTransaction(transactionMeta.id)!;
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.txReceipt).toMatchObject({ status: '0x1' });
    expect(confirmed.baseFeePerGas).toMatch(/^0x/);
    const upper = `0x${hash.slice(2).toUpperCase()}`;
    const state = h.controller.state.transactions;
    expect(findTransactionByHash(state, confirmed.chainId, upper)?.id).toBe(transactionMeta.id);
    expect(findTransactionByHash(state, '0x1', hash)).toBeUndefined();
    const onChain = await rpc<{ hash: string; nonce: string }>(
      anvil(),
      'eth_getTransactionByHash',
      [hash],
    );
    expect(onChain.nonce).toBe('0x0');
    expect(statuses.at(-1)).toBe('confirmed');
    // Finished fires on submitted, rejected or failed only.
    expect(finished).toEqual(['submitted']);
  });

  it('keeps history as patches that replay to the current transaction', async () => {
    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      { from, to, value: '0x1' },
      { origin: ORIGIN },
    );
    await h.controller.approveTransaction(transactionMeta.id);
    await result;
    await h.tick();
    const tx = h.controller.getTransaction(transactionMeta.id)!;
    expect(Array.isArray(tx.history[0])).toBe(false);
    expect(tx.history.length).toBeGreaterThanOrEqual(6);
    const notes = tx.history.slice(1).map((entry) => (entry as { note?: string }[])[0]?.note);
    expect(notes).toContain('Added new unapproved transaction defaults');
    expect(notes).toContain('transactions#publishTransaction');
    expect(replayHistory(tx.history)).toEqual(snapshotOf(tx));
    // The second entry records the status change as a patch, not a copy.
    const statusPatch = tx.history
      .slice(1)
      .flat()
      .find(
        (patch) =>
          (patch as { path: string[] }).path.join('/') === 'status' &&
          (patch as { value: string }).value === 'approved',
      );
    expect(statusPatch).toMatchObject({ op: 'replace', path: ['status'], value: 'approved' });
  });

  it('rejects: the dapp gets 4001 with the exact message, the transaction is deleted, finished fires', async () => {
    const finished: TransactionMeta[] = [];
    h.root.subscribe('TransactionController:transactionFinished', (tx) => finished.push(tx));
    const pending = h.controller.addTransaction({ from, to, value: '0x1' }, { origin: ORIGIN });
    const [added] = await h.root.waitUntil('TransactionController:unapprovedTransactionAdded');
    h.controller.rejectTransaction(added.id);
    await expect(pending).rejects.toMatchObject({ code: 4001, message: USER_DENIED_TX_MESSAGE });
    expect(finished.map((tx) => tx.status)).toEqual(['rejected']);
    expect(h.controller.getTransaction(added.id)).toBeUndefined();
    expect(h.controller.state.uiTransactions).toHaveLength(0);
  });

  it('a transaction rejected while its defaults load still gives the dapp 4001', async () => {
    h.root.subscribe('TransactionController:stateChange', (state) => {
      const tx = state.uiTransactions.find(
        (candidate) => candidate.loadingDefaults && candidate.status === 'unapproved',
      );
      if (tx) h.controller.rejectTransaction(tx.id);
    });
    await expect(
      h.controller.addTransaction({ from, to, value: '0x1' }, { origin: ORIGIN }),
    ).rejects.toMatchObject({
      code: 4001,
      message: USER_DENIED_TX_MESSAGE,
    });
    expect(h.controller.getTransactions()).toHaveLength(0);
  });

  it('signs once even when approve is called twice at the same time', async () => {
    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      { from, to, value: '0x1' },
      { origin: ORIGIN },
    );
    await Promise.all([
      h.controller.approveTransaction(transactionMeta.id),
      h.controller.approveTransaction(transactionMeta.id),
    ]);
    await result;
    expect(h.signCalls).toHaveLength(1);
    await expect(h.controller.approveTransaction(transactionMeta.id)).rejects.toThrow(
      'is not unapproved',
    );
  });

  it('fails a transaction the signer cannot sign and rejects the dapp with that message', async () => {
    const stranger = '0x000000000000000000000000000000000000dead';
    const harness = await createHarness(anvil(), { selectedAddress: stranger });
    try {
      const { transactionMeta, result } = await harness.controller.addUnapprovedTransaction(
        { from: stranger, to, value: '0x0' },
        { origin: ORIGIN },
      );
      await harness.controller.approveTransaction(transactionMeta.id);
      await expect(result).rejects.toMatchObject({
        code: -32603,
        message: 'Orrery Keyring - Unable to find matching address.',
      });
      expect(harness.controller.getTransaction(transactionMeta.id)).toMatchObject({
        status: 'failed',
        err: { message: 'Orrery Keyring - Unable to find matching address.' },
      });
    } finally {
      await harness.destroy();
    }
  });

  it('refuses a sender other than the selected account', async () => {
    await expect(
      h.controller.addTransaction({ from: to, to: from, value: '0x1' }, { origin: ORIGIN }),
    ).rejects.toThrow('Unauthorized origin');
    await expect(
      h.controller.addTransaction({ from: to, to: from, value: '0x1' }, { origin: 'orrery' }),
    ).rejects.toThrow('Internally initiated transaction is using invalid account.');
    expect(h.controller.getTransactions()).toHaveLength(0);
  });

  it('refuses new transactions while the network is loading', async () => {
    const harness = await createHarness({ ...anvil(), rpcUrl: 'http://127.0.0.1:1' });
    try {
      expect(harness.network.state.networkStatus).toBe('loading');
      await expect(
        harness.controller.addTransaction({ from, to, value: '0x1' }, { origin: ORIGIN }),
      ).rejects.toThrow(NETWORK_LOADING_MESSAGE);
    } finally {
      await harness.destroy();
    }
  });
});
