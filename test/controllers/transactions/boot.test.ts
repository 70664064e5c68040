import { deriveStateFromMetadata } from '@metamask/base-controller';

import { STUCK_AT_BOOT_MESSAGE } from '../../../src/controllers/transactions/constants';
import type { TransactionControllerState } from '../../../src/controllers/transactions/TransactionController';
import type { TransactionStatus } from '../../../src/controllers/transactions/types';
import { setAutomine } from '../../chain/snapshot';
import { useAnvil } from '../../chain/use-anvil';
import { createHarness, startRpcProxy, type Harness } from './harness';

const anvil = useAnvil({ accounts: 20 });
const ORIGIN = 'https://dapp.example';

/** What the engine would have written to storage at this moment. */
function persisted(h: Harness): Partial<TransactionControllerState> {
  return structuredClone(
    deriveStateFromMetadata(h.controller.state, h.controller.metadata, 'persist'),
  ) as Partial<TransactionControllerState>;
}

/** Captures the persisted state at the first state change where the transaction has `status`. */
function captureAt(
  h: Harness,
  status: TransactionStatus | 'loadingDefaults',
): () => Partial<TransactionControllerState> {
  let captured: Partial<TransactionControllerState> | undefined;
  h.root.subscribe('TransactionController:stateChange', (state) => {
    if (captured) return;
    const all = Object.values(state.transactions).flatMap((byAddress) =>
      Object.values(byAddress).flat(),
    );
    const hit = all.some((tx) =>
      status === 'loadingDefaults' ? tx.loadingDefaults : tx.status === status,
    );
    if (hit) captured = persisted(h);
  });
  return () => {
    if (!captured) throw new Error(`never saw ${status}`);
    return captured;
  };
}

describe('persistence, boot recovery, trimming', () => {
  let h: Harness;
  let from: string;
  let account = 0;
  beforeEach(async () => {
    from = anvil().accounts[account++]!.toLowerCase();
    h = await createHarness(anvil(), { selectedAddress: from });
  });
  afterEach(() => h.destroy());

  const send = async (params: Record<string, unknown> = {}) => {
    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      { from, to: anvil().accounts[19], value: '0x1', ...params },
      { origin: ORIGIN },
    );
    await h.controller.approveTransaction(transactionMeta.id);
    await result;
    return h.controller.getTransaction(transactionMeta.id)!;
  };

  it('persists transactions per chain and address, never the derived UI list', async () => {
    const tx = await send();
    const state = persisted(h);
    expect(Object.keys(state)).toEqual(['transactions']);
    expect(state.transactions?.[tx.chainId]?.[from]?.map((t) => t.id)).toEqual([tx.id]);
    expect(h.controller.metadata.uiTransactions.usedInUi).toBe(true);
    expect(h.controller.metadata.transactions.usedInUi).toBe(false);
  });

  it('after a restart, fails a transaction found approved as stuck during signing', async () => {
    const capture = captureAt(h, 'approved');
    const tx = await send();
    const state = capture();
    expect(state.transactions?.[tx.chainId]?.[from]?.[0]?.status).toBe('approved');
    h = await h.restart(state);
    expect(h.controller.getTransaction(tx.id)).toMatchObject({
      status: 'failed',
      err: { message: STUCK_AT_BOOT_MESSAGE },
    });
    // Only the stuck one: nothing was signed again.
    expect(h.signCalls).toEqual([]);
  });

  it('after a restart, recomputes defaults of an unapproved transaction still loading them', async () => {
    const capture = captureAt(h, 'loadingDefaults');
    const { transactionMeta } = await h.controller.addUnapprovedTransaction(
      { from, to: anvil().accounts[19], value: '0x1' },
      { origin: ORIGIN },
    );
    const state = capture();
    const stored = state.transactions?.[transactionMeta.chainId]?.[from]?.[0];
    expect(stored).toMatchObject({ loadingDefaults: true });
    expect(stored?.txParams.gas).toBeUndefined();
    h = await h.restart(state);
    const recovered = h.controller.getTransaction(transactionMeta.id)!;
    expect(recovered).toMatchObject({
      status: 'unapproved',
      loadingDefaults: false,
      transactionCategory: 'sentEther',
      txParams: { gas: '0x5208' },
    });
    await h.controller.approveTransaction(recovered.id);
    expect(h.controller.getTransaction(recovered.id)!.status).toBe('submitted');
  });

  it('after a restart, publishes a signed transaction; the node already knowing it counts as success with the local hash', async () => {
    await setAutomine(anvil().rpcUrl, false);
    try {
      const capture = captureAt(h, 'signed');
      const tx = await send();
      const state = capture();
      expect(state.transactions?.[tx.chainId]?.[from]?.[0]?.status).toBe('signed');
      // The node holds it in its pool and answers 'transaction already imported'.
      h = await h.restart(state);
      expect(h.controller.getTransaction(tx.id)).toMatchObject({
        status: 'submitted',
        hash: tx.hash,
      });
      await h.tick();
      expect(h.controller.getTransaction(tx.id)!.status).toBe('confirmed');
    } finally {
      await setAutomine(anvil().rpcUrl, true);
    }
  });

  it('after a restart, a signed transaction that was already mined is tracked to confirmed, not failed', async () => {
    const capture = captureAt(h, 'signed');
    const tx = await send(); // automine: mined at once
    h = await h.restart(capture());
    expect(h.controller.getTransaction(tx.id)).toMatchObject({
      status: 'submitted',
      hash: tx.hash,
    });
    await h.tick();
    expect(h.controller.getTransaction(tx.id)!.status).toBe('confirmed');
  });

  it("treats geth's 'known transaction' publish error as success", async () => {
    const capture = captureAt(h, 'signed');
    const tx = await send();
    // A node that answers duplicates like geth did, in front of anvil.
    const proxy = await startRpcProxy(anvil().rpcUrl, (body) =>
      body.method === 'eth_sendRawTransaction'
        ? {
            jsonrpc: '2.0',
            id: body.id,
            error: { code: -32000, message: `known transaction: ${tx.hash!.slice(2)}` },
          }
        : undefined,
    );
    try {
      await h.destroy();
      h = await createHarness(
        { ...anvil(), rpcUrl: proxy.url },
        { selectedAddress: from, state: capture() },
      );
      expect(h.controller.getTransaction(tx.id)).toMatchObject({
        status: 'submitted',
        hash: tx.hash,
      });
      expect(proxy.rewritten).toBe(1);
    } finally {
      await h.destroy();
      await proxy.close();
      h = await createHarness(anvil(), { selectedAddress: from });
    }
  });

  it('drops a submitted transaction whose nonce a completed one took, with replacedBy', async () => {
    await setAutomine(anvil().rpcUrl, false);
    try {
      const original = await send();
      const speedUp = await h.controller.speedUpTransaction(original.id);
      await h.tick();
      expect(h.controller.getTransaction(speedUp.id)!.status).toBe('confirmed');
      // A store written before the sibling was marked: the original still submitted next to the confirmed one.
      const state = persisted(h);
      const list = state.transactions![original.chainId]![from]!;
      const stale = list.map((t) =>
        t.id === original.id ? { ...t, status: 'submitted' as const, replacedBy: undefined } : t,
      );
      h = await h.restart({ transactions: { [original.chainId]: { [from]: stale } } });
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
    const unapproved = (
      await h.controller.addUnapprovedTransaction(
        { from, to: from, value: '0x0' },
        { origin: ORIGIN },
      )
    ).transactionMeta;
    await setAutomine(anvil().rpcUrl, false);
    const first = await send();
    const firstSpeedUp = await h.controller.speedUpTransaction(first.id); // same nonce: one group of two
    await setAutomine(anvil().rpcUrl, true);
    for (let i = 0; i < 44; i++) await send();
    await h.tick();
    const stored = h.controller.getTransactions({ from });
    const groups = new Set(
      stored.filter((t) => t.txParams.nonce !== undefined).map((t) => t.txParams.nonce),
    );
    // 45 nonces were used; the 5 oldest groups went, the unapproved one stays.
    expect(groups.size).toBe(40);
    expect(stored.some((t) => t.id === unapproved.id)).toBe(true);
    expect(stored.some((t) => t.id === first.id || t.id === firstSpeedUp.id)).toBe(false);
    expect([...groups].map(Number).sort((a, b) => a - b)[0]).toBe(5);
    expect(stored.every((t) => t.status === 'confirmed' || t.status === 'unapproved')).toBe(true);
  });

  it('shows at most 100 transactions of the current chain to the view, without history or raw bytes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 105; i++) {
      const { transactionMeta } = await h.controller.addUnapprovedTransaction(
        {
          from,
          to: from,
          value: `0x${i.toString(16)}`,
          gas: '0x5208',
          maxFeePerGas: '0x77359400',
          maxPriorityFeePerGas: '0x1',
        },
        { origin: ORIGIN },
      );
      ids.push(transactionMeta.id);
    }
    const ui = h.controller.state.uiTransactions;
    expect(ui).toHaveLength(100);
    expect(ui.map((t) => t.id)).toEqual(ids.slice(5));
    expect(ui.every((t) => !('history' in t) && !('rawTx' in t))).toBe(true);
    // Unapproved ones are never trimmed from the store.
    expect(h.controller.getTransactions({ from })).toHaveLength(105);
    // A restart derives the same list again.
    h = await h.restart(persisted(h));
    expect(h.controller.state.uiTransactions.map((t) => t.id)).toEqual(ids.slice(5));
  });
});
