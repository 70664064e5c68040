import { startAnvil, type AnvilInstance } from '../../../scripts/lib/anvil';
import { setAutomine } from '../../chain/snapshot';
import { createHarness, rpc, type Harness } from './harness';

const ORIGIN = 'https://dapp.example';

describe('a node that goes away and comes back', () => {
  let node: AnvilInstance | undefined;
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.destroy();
    await node?.stop();
  });

  it('keeps the submitted transaction through the outage (warnings only), then resubmits and confirms it', async () => {
    node = await startAnvil();
    const port = node.port;
    const from = node.accounts[0]!.toLowerCase();
    // The network's own block tracker drives the pending tracker here, as in the running wallet.
    h = await createHarness(node, { blockPollingMs: 100 });
    await setAutomine(node.rpcUrl, false);
    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      { from, to: node.accounts[1], value: '0x1' },
      { origin: ORIGIN },
    );
    await h.controller.approveTransaction(transactionMeta.id);
    const hash = await result;

    const warnings: string[] = [];
    h.root.subscribe('TransactionController:transactionWarning', ({ error }) =>
      warnings.push(error),
    );
    await node.stop();
    await networkStatus(h, 'loading');
    await h.controller.checkPendingTransactions(5);
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings[0]).toMatch(/Network request failed/);
    expect(h.controller.getTransaction(transactionMeta.id)!.status).toBe('submitted');
    await expect(
      h.controller.addTransaction({ from, to: from, value: '0x0' }, { origin: ORIGIN }),
    ).rejects.toThrow('Orrery is having trouble connecting to the network');

    // Back on the same port, as a fresh chain that never saw the transaction (automine on).
    node = await startAnvil({ port });
    const confirmed = h.root.waitUntil('TransactionController:transactionStatusUpdated', {
      condition: (meta) => meta.id === transactionMeta.id && meta.status === 'confirmed',
    });
    const available = networkStatus(h, 'available');
    // A new head: the network is back, the tracker resubmits, automine mines it, and the tracker
    // confirms it on that next head.
    await rpc(node, 'anvil_mine', ['0x1']);
    await available;
    await confirmed;
    expect(h.controller.getTransaction(transactionMeta.id)).toMatchObject({
      status: 'confirmed',
      hash,
      retryCount: 1,
    });
    expect(
      await rpc<{ blockNumber: string }>(node, 'eth_getTransactionReceipt', [hash]),
    ).toMatchObject({ status: '0x1' });
  }, 20_000);
});

/** Resolves once the network has the status (at once if it has it already). */
async function networkStatus(h: Harness, status: 'loading' | 'available'): Promise<void> {
  if (h.network.state.networkStatus === status) return;
  await h.root.waitUntil('NetworkController:stateChange', {
    selector: (state) => state.networkStatus,
    condition: (s) => s === status,
  });
}
