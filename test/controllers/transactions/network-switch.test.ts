import { storedTransactions, writesStatus } from '../../background/crash-storage';
import { setAutomine } from '../../chain/snapshot';
import { useAnvil } from '../../chain/use-anvil';
import { createHarness, rpc, type Harness } from './harness';

const chainA = useAnvil();
const chainB = useAnvil({ chainId: 5777 });
const ORIGIN = 'https://dapp.example';

describe('switching networks', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness(chainA());
    await setAutomine(chainA().rpcUrl, false);
  });
  afterEach(async () => {
    await h.destroy();
    await setAutomine(chainA().rpcUrl, true);
  });

  const switchTo = async (rpcUrl: string, chainId: number) => {
    await h.network.setRpcTarget({ rpcUrl, chainId });
    await h.network.lookupNetwork();
  };

  it("keeps each chain's transactions to that chain: UI list, tracking and signing follow the selected network", async () => {
    const from = chainA().accounts[0]!.toLowerCase();
    const { transactionMeta: sent, result } = await h.controller.addUnapprovedTransaction(
      { from, to: from, value: '0x0' },
      { origin: ORIGIN },
    );
    await h.controller.approveTransaction(sent.id);
    await result;
    const { transactionMeta: waiting, result: waitingResult } =
      await h.controller.addUnapprovedTransaction(
        { from, to: from, value: '0x1' },
        { origin: ORIGIN },
      );
    expect(h.controller.state.uiTransactions.map((tx) => tx.id)).toEqual([sent.id, waiting.id]);

    await switchTo(chainB().rpcUrl, 5777);
    expect(h.controller.state.uiTransactions).toEqual([]);
    // A block on chain B does not touch chain A's pending transaction.
    await rpc(chainB(), 'anvil_mine', ['0x1']);
    await h.controller.checkPendingTransactions(
      Number(await rpc<string>(chainB(), 'eth_blockNumber')),
    );
    expect(h.controller.getTransaction(sent.id)).toMatchObject({
      status: 'submitted',
      retryCount: 0,
    });
    // A transaction made for chain A is not signed while chain B is selected.
    await h.controller.approveTransaction(waiting.id);
    await expect(waitingResult).rejects.toThrow(
      'Provided chainId "0x7a69" must match the active chainId "0x1691"',
    );
    expect(h.signCalls).toHaveLength(1);

    await switchTo(chainA().rpcUrl, chainA().chainId);
    expect(h.controller.state.uiTransactions.map((tx) => tx.id)).toEqual([sent.id, waiting.id]);
    await h.tick();
    expect(h.controller.getTransaction(sent.id)!.status).toBe('confirmed');
  });

  it('sends a signed leftover again only once its own chain is selected after a restart', async () => {
    const from = chainA().accounts[1]!.toLowerCase();
    await h.destroy();
    h = await createHarness(chainA(), { selectedAddress: from });
    const { transactionMeta } = await h.controller.addUnapprovedTransaction(
      { from, to: from, value: '0x0' },
      { origin: ORIGIN },
    );
    // The wallet stops right after storing the signed transaction, before sending it.
    const crashed = h.storage.crashAt(writesStatus(transactionMeta.id, 'signed'), 'after');
    void h.controller.approveTransaction(transactionMeta.id);
    await crashed;
    const { hash } = storedTransactions(await h.storage.inner.getAll())[0]!;
    await h.destroy();

    // It restarts on chain B: nothing is sent until chain A is selected.
    h = await createHarness(chainB(), { selectedAddress: from, storage: h.storage.inner });
    expect(h.controller.getTransaction(transactionMeta.id)!.status).toBe('signed');
    expect(await rpc(chainA(), 'eth_getTransactionByHash', [hash])).toBeNull();
    const submitted = h.root.waitUntil('TransactionController:transactionStatusUpdated', {
      condition: (meta) => meta.id === transactionMeta.id && meta.status === 'submitted',
    });
    await switchTo(chainA().rpcUrl, chainA().chainId);
    await submitted;
    expect(h.controller.getTransaction(transactionMeta.id)).toMatchObject({
      status: 'submitted',
      hash,
    });
    await rpc(chainA(), 'anvil_mine', ['0x1']); // h.tick would mine the harness's own node, chain B
    await h.controller.checkPendingTransactions(
      Number(await rpc<string>(chainA(), 'eth_blockNumber')),
    );
    expect(h.controller.getTransaction(transactionMeta.id)!.status).toBe('confirmed');
  });
});
