// Restarts through the engine's own persistence: the controller writes to a storage that stops
// at a chosen write, as a crash would, and a new controller starts from what it holds. Every
// outcome is compared with the chain. (The kill test, test/background/transaction-restart,
// proves the same with a real process killed at ten points.)
import { STUCK_AT_BOOT_MESSAGE } from '../../../src/controllers/transactions/constants';
import type { TransactionStatus } from '../../../src/controllers/transactions/types';
import { startRecordingProxy, type RecordingProxy } from '../../../scripts/lib/recording-proxy';
import { storedTransactions, writesStatus, type CrashPhase } from '../../background/crash-storage';
import { waitFor } from '../../background/helpers';
import { setAutomine } from '../../chain/snapshot';
import { useAnvil } from '../../chain/use-anvil';
import { createHarness, rpc, signWithKey, startRpcProxy, type Harness } from './harness';

const anvil = useAnvil({ accounts: 20 });
const ORIGIN = 'https://dapp.example';

type Receipt = { status: string; blockNumber: string } | null;

describe('restarts through the real persistence, checked against the chain', () => {
  let h: Harness;
  let from: string;
  let account = 0;
  let proxy: RecordingProxy | undefined;
  beforeEach(async () => {
    from = anvil().accounts[account++]!.toLowerCase();
    h = await createHarness(anvil(), { selectedAddress: from });
  });
  afterEach(async () => {
    await h.destroy();
    await proxy?.close();
    proxy = undefined;
  });

  /** The harness again, with the node behind a recording proxy. */
  const behindProxy = async () => {
    proxy = await startRecordingProxy(anvil().rpcUrl);
    await h.destroy();
    h = await createHarness({ ...anvil(), rpcUrl: proxy.url }, { selectedAddress: from });
  };
  const add = async (params: Record<string, unknown> = {}) =>
    (
      await h.controller.addUnapprovedTransaction(
        { from, to: anvil().accounts[19], value: '0x1', ...params },
        { origin: ORIGIN },
      )
    ).transactionMeta;
  const chainNonce = async (tag: 'latest' | 'pending' = 'pending') =>
    Number(await rpc<string>(anvil(), 'eth_getTransactionCount', [from, tag]));
  const receipt = (hash: string) => rpc<Receipt>(anvil(), 'eth_getTransactionReceipt', [hash]);
  const stored = async (id: string) =>
    storedTransactions(await h.storage.inner.getAll()).find((tx) => tx.id === id);
  /** Approves `id`; resolves once the storage stopped at the write of `status` (a crash there). */
  const crashAt = async (id: string, status: TransactionStatus, phase: CrashPhase) => {
    const crashed = h.storage.crashAt(writesStatus(id, status), phase);
    void h.controller.approveTransaction(id);
    await crashed;
  };
  const approvalFor = (txId: string) =>
    h.approvals.getPending().find((request) => request.requestData.txId === txId);

  it('stores transactions per chain and address, never the derived UI list', async () => {
    const tx = await add();
    await h.controller.approveTransaction(tx.id);
    await h.flush();
    const slice = (await h.storage.inner.getAll()).TransactionController as Record<string, unknown>;
    expect(Object.keys(slice)).toEqual(['transactions']);
    expect((await stored(tx.id))?.status).toBe('submitted');
  });

  it('an approval lost before it was stored: the transaction is asked about again after the restart', async () => {
    const tx = await add();
    await h.flush(); // the debounced write of the new transaction
    const nonce = await chainNonce();
    await crashAt(tx.id, 'approved', 'before');
    expect((await stored(tx.id))?.status).toBe('unapproved');
    h = await h.restart();

    const approval = approvalFor(tx.id);
    expect(approval).toMatchObject({ type: 'transaction', origin: ORIGIN });
    expect(await chainNonce()).toBe(nonce);
    const submitted = h.root.waitUntil('TransactionController:transactionStatusUpdated', {
      condition: (meta) => meta.id === tx.id && meta.status === 'submitted',
    });
    h.approvals.approve(approval!.id, { gas: '0x5300' });
    const [sent] = await submitted;
    await h.tick();
    expect(h.controller.getTransaction(tx.id)!.status).toBe('confirmed');
    expect(await receipt(sent.hash!)).toMatchObject({ status: '0x1' });
    expect(await rpc(anvil(), 'eth_getTransactionByHash', [sent.hash])).toMatchObject({
      gas: '0x5300',
    });
    expect(await chainNonce()).toBe(nonce + 1);
  });

  it('a dapp sending its unanswered request again after the restart gets the transaction already asked about, not a second one', async () => {
    const params = { from, to: anvil().accounts[19], value: '0x7', gas: '0x5300' };
    const first = (await h.controller.addUnapprovedTransaction(params, { origin: ORIGIN }))
      .transactionMeta;
    await h.flush();
    await crashAt(first.id, 'approved', 'before');
    h = await h.restart();
    const nonce = await chainNonce();

    // The dapp's provider sends what was not answered again; another request is new.
    const resent = h.controller.addTransaction(params, { origin: ORIGIN });
    const other = await h.controller.addUnapprovedTransaction(
      { ...params, value: '0x8' },
      { origin: ORIGIN },
    );
    const approvals = h.approvals.getPending();
    expect(approvals.map((request) => request.requestData.txId)).toEqual([
      first.id,
      other.transactionMeta.id,
    ]);
    h.approvals.approve(approvals[0]!.id);
    const hash = await resent;
    expect(h.controller.getTransaction(first.id)).toMatchObject({ status: 'submitted', hash });
    h.approvals.reject(approvals[1]!.id);
    await h.tick();
    expect(await chainNonce()).toBe(nonce + 1);
  });

  it('stored as approved, never signed: fails as stuck during signing, and the chain agrees nothing left', async () => {
    const tx = await add();
    const nonce = await chainNonce();
    await crashAt(tx.id, 'approved', 'after');
    expect(h.signCalls).toEqual([]);
    h = await h.restart();
    expect(h.controller.getTransaction(tx.id)).toMatchObject({
      status: 'failed',
      err: { message: STUCK_AT_BOOT_MESSAGE },
    });
    expect(h.signCalls).toEqual([]);
    expect(await chainNonce('pending')).toBe(nonce);
    expect(await chainNonce('latest')).toBe(nonce);
  });

  it('signed, never stored as signed: fails as stuck, the signature never left the wallet', async () => {
    await behindProxy();
    const tx = await add();
    const nonce = await chainNonce();
    await crashAt(tx.id, 'signed', 'before');
    expect((await stored(tx.id))?.status).toBe('approved');
    h = await h.restart();
    expect(h.controller.getTransaction(tx.id)).toMatchObject({
      status: 'failed',
      err: { message: STUCK_AT_BOOT_MESSAGE },
    });
    expect(proxy!.count('eth_sendRawTransaction')).toBe(0);
    expect(await chainNonce()).toBe(nonce);
  });

  it('stored as signed but never sent: the same bytes are sent after the restart', async () => {
    await behindProxy();
    const tx = await add();
    await crashAt(tx.id, 'signed', 'after');
    const signed = (await stored(tx.id))!;
    expect(signed.status).toBe('signed');
    expect(await receipt(signed.hash!)).toBeNull();
    expect(proxy!.count('eth_sendRawTransaction')).toBe(0);

    h = await h.restart();
    expect(h.controller.getTransaction(tx.id)).toMatchObject({
      status: 'submitted',
      hash: signed.hash,
    });
    const sends = proxy!.calls.filter((call) => call.method === 'eth_sendRawTransaction');
    expect(sends.map((call) => call.params)).toEqual([[signed.rawTx]]);
    await h.tick();
    expect(h.controller.getTransaction(tx.id)!.status).toBe('confirmed');
    expect(await receipt(signed.hash!)).toMatchObject({ status: '0x1' });
  });

  it('sent and mined before it was stored as submitted: confirmed from its receipt at boot, not sent again', async () => {
    await behindProxy();
    const tx = await add();
    await crashAt(tx.id, 'submitted', 'before');
    const signed = (await stored(tx.id))!;
    expect(signed.status).toBe('signed');
    expect(await receipt(signed.hash!)).toMatchObject({ status: '0x1' });

    h = await h.restart();
    expect(h.controller.getTransaction(tx.id)).toMatchObject({
      status: 'confirmed',
      hash: signed.hash,
      txReceipt: { status: '0x1' },
    });
    expect(proxy!.count('eth_sendRawTransaction')).toBe(1);
  });

  it("sent and waiting in the node's pool at the restart: submitted, not sent again, then confirmed", async () => {
    await behindProxy();
    await setAutomine(anvil().rpcUrl, false);
    try {
      const tx = await add();
      await crashAt(tx.id, 'submitted', 'before');
      const signed = (await stored(tx.id))!;
      expect(await receipt(signed.hash!)).toBeNull();

      h = await h.restart();
      expect(h.controller.getTransaction(tx.id)).toMatchObject({
        status: 'submitted',
        hash: signed.hash,
      });
      expect(proxy!.count('eth_sendRawTransaction')).toBe(1);
      await h.tick();
      expect(h.controller.getTransaction(tx.id)!.status).toBe('confirmed');
    } finally {
      await setAutomine(anvil().rpcUrl, true);
    }
  });

  it('stored as signed, and its nonce used by another wallet holding the key meanwhile: dropped, not sent', async () => {
    const tx = await add();
    await crashAt(tx.id, 'signed', 'after');
    const signed = (await stored(tx.id))!;
    const privateKey =
      anvil().privateKeys[anvil().accounts.findIndex((a) => a.toLowerCase() === from)]!;
    const other = signWithKey(
      privateKey,
      {
        from,
        to: from,
        value: '0x0',
        gas: '0x5208',
        gasPrice: '0x77359400',
        nonce: signed.txParams.nonce,
      },
      signed.chainId,
    );
    await rpc(anvil(), 'eth_sendRawTransaction', [other.rawTx]);

    h = await h.restart();
    expect(h.controller.getTransaction(tx.id)!.status).toBe('dropped');
    expect(await receipt(signed.hash!)).toBeNull();
    expect(await receipt(other.hash)).toMatchObject({ status: '0x1' });
  });

  it('defaults still loading at the crash: computed again after the restart, then asked about', async () => {
    await behindProxy();
    const held = proxy!.hold('eth_getCode', 'request');
    // It never finishes: the proxy keeps the read until it closes.
    h.controller
      .addUnapprovedTransaction(
        { from, to: anvil().accounts[19], value: '0x1' },
        { origin: ORIGIN },
      )
      .catch(() => undefined);
    await held;
    await h.flush();
    h.storage.crashNow();
    const [loading] = storedTransactions(await h.storage.inner.getAll());
    expect(loading).toMatchObject({ status: 'unapproved', loadingDefaults: true });
    expect(loading!.txParams.gas).toBeUndefined();

    h = await h.restart();
    const recovered = await waitFor(() => approvalFor(loading!.id), 'the approval');
    expect(h.controller.getTransaction(loading!.id)).toMatchObject({
      status: 'unapproved',
      loadingDefaults: false,
      transactionCategory: 'sentEther',
      txParams: { gas: '0x5208' },
    });
    h.approvals.approve(recovered.id);
    await waitFor(
      () => h.controller.getTransaction(loading!.id)!.status === 'submitted',
      'the transaction to be sent',
    );
  });

  it("after a restart, treats geth's 'known transaction' answer to the resend as sent, with the local hash", async () => {
    const tx = await add();
    await crashAt(tx.id, 'signed', 'after');
    const signed = (await stored(tx.id))!;
    // A node that answers duplicates like geth did, in front of anvil.
    const geth = await startRpcProxy(anvil().rpcUrl, (body) =>
      body.method === 'eth_sendRawTransaction'
        ? {
            jsonrpc: '2.0',
            id: body.id,
            error: { code: -32000, message: `known transaction: ${signed.hash!.slice(2)}` },
          }
        : undefined,
    );
    try {
      await h.destroy();
      h = await createHarness(
        { ...anvil(), rpcUrl: geth.url },
        { selectedAddress: from, storage: h.storage.inner },
      );
      expect(h.controller.getTransaction(tx.id)).toMatchObject({
        status: 'submitted',
        hash: signed.hash,
      });
      expect(geth.rewritten).toBe(1);
    } finally {
      await h.destroy();
      await geth.close();
    }
  });

  it('drops a submitted transaction whose nonce a completed one took, with replacedBy', async () => {
    await setAutomine(anvil().rpcUrl, false);
    try {
      const original = await add();
      await h.controller.approveTransaction(original.id);
      const speedUp = await h.controller.speedUpTransaction(original.id);
      await h.tick();
      expect(h.controller.getTransaction(speedUp.id)!.status).toBe('confirmed');
      // A store written before the sibling was marked: the original still submitted next to the confirmed one.
      const list = h.controller.getTransactions({ from });
      const stale = list.map((t) =>
        t.id === original.id ? { ...t, status: 'submitted' as const, replacedBy: undefined } : t,
      );
      h = await h.restartWith({ transactions: { [original.chainId]: { [from]: stale } } });
      await h.tick();
      expect(h.controller.getTransaction(original.id)).toMatchObject({
        status: 'dropped',
        replacedBy: speedUp.hash,
      });
    } finally {
      await setAutomine(anvil().rpcUrl, true);
    }
  });

  it('keeps at most 40 nonce groups per chain and sender, dropping whole old groups and never unapproved ones', async () => {
    const send = async () => {
      const tx = await add();
      await h.controller.approveTransaction(tx.id);
      return tx;
    };
    const unapproved = await add({ to: from, value: '0x0' });
    await setAutomine(anvil().rpcUrl, false);
    const first = await send();
    const firstSpeedUp = await h.controller.speedUpTransaction(first.id); // same nonce: one group of two
    await setAutomine(anvil().rpcUrl, true);
    for (let i = 0; i < 44; i++) await send();
    await h.tick();
    const kept = h.controller.getTransactions({ from });
    const groups = new Set(
      kept.filter((t) => t.txParams.nonce !== undefined).map((t) => t.txParams.nonce),
    );
    // 45 nonces were used; the 5 oldest groups went, the unapproved one stays.
    expect(groups.size).toBe(40);
    expect(kept.some((t) => t.id === unapproved.id)).toBe(true);
    expect(kept.some((t) => t.id === first.id || t.id === firstSpeedUp.id)).toBe(false);
    expect([...groups].map(Number).sort((a, b) => a - b)[0]).toBe(5);
    expect(kept.every((t) => t.status === 'confirmed' || t.status === 'unapproved')).toBe(true);
  });

  it('shows at most 100 transactions of the current chain to the view, without history or raw bytes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 105; i++) {
      const tx = await add({
        to: from,
        value: `0x${i.toString(16)}`,
        gas: '0x5208',
        maxFeePerGas: '0x77359400',
        maxPriorityFeePerGas: '0x1',
      });
      ids.push(tx.id);
    }
    const ui = h.controller.state.uiTransactions;
    expect(ui).toHaveLength(100);
    expect(ui.map((t) => t.id)).toEqual(ids.slice(5));
    expect(ui.every((t) => !('history' in t) && !('rawTx' in t))).toBe(true);
    // Unapproved ones are never trimmed from the store.
    expect(h.controller.getTransactions({ from })).toHaveLength(105);
    // A restart from storage derives the same list again.
    await h.flush();
    h = await h.restart();
    expect(h.controller.state.uiTransactions.map((t) => t.id)).toEqual(ids.slice(5));
  });
});
