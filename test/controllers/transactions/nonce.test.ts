import { useAnvil } from '../../chain/use-anvil';
import { setAutomine } from '../../chain/snapshot';
import { createHarness, rpc, signWithKey, type Harness } from './harness';

const anvil = useAnvil();
const ORIGIN = 'https://dapp.example';

describe('nonces', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness(anvil());
  });
  afterEach(() => h.destroy());

  it('gives 100 concurrent sends from one account 100 consecutive nonces, no gap, no duplicate', async () => {
    const from = anvil().accounts[2]!.toLowerCase();
    const harness = await createHarness(anvil(), { selectedAddress: from });
    try {
      const start = Number(
        await rpc<string>(anvil(), 'eth_getTransactionCount', [from, 'pending']),
      );
      const to = anvil().accounts[3]!;
      const sends = Array.from({ length: 100 }, async (_, i) => {
        const { transactionMeta, result } = await harness.controller.addUnapprovedTransaction(
          { from, to, value: `0x${(i + 1).toString(16)}` },
          { origin: ORIGIN },
        );
        await harness.controller.approveTransaction(transactionMeta.id);
        return result;
      });
      const hashes = await Promise.all(sends);
      expect(new Set(hashes).size).toBe(100);
      const nonces = await Promise.all(
        hashes.map(async (hash) =>
          Number((await rpc<{ nonce: string }>(anvil(), 'eth_getTransactionByHash', [hash])).nonce),
        ),
      );
      const sorted = [...nonces].sort((a, b) => a - b);
      expect(sorted).toEqual(Array.from({ length: 100 }, (_, i) => start + i));
      expect(Number(await rpc<string>(anvil(), 'eth_getTransactionCount', [from, 'latest']))).toBe(
        start + 100,
      );
      // The signer was never asked twice for one nonce.
      const signed = harness.signCalls.map((call) => call.nonce);
      expect(new Set(signed).size).toBe(100);
    } finally {
      await harness.destroy();
    }
  }, 120_000); // 100 signed and mined transactions: CPU-bound on a busy machine

  it('takes the highest of the network count, local confirmed + 1 and local pending + 1', async () => {
    const from = anvil().accounts[4]!.toLowerCase();
    const harness = await createHarness(anvil(), { selectedAddress: from });
    try {
      await setAutomine(anvil().rpcUrl, false);
      const send = async () => {
        const { transactionMeta, result } = await harness.controller.addUnapprovedTransaction(
          { from, to: from, value: '0x0' },
          { origin: ORIGIN },
        );
        await harness.controller.approveTransaction(transactionMeta.id);
        await result;
        return harness.controller.getTransaction(transactionMeta.id)!;
      };
      expect(await harness.controller.getNextNonce(from)).toBe(0);
      const first = await send();
      expect(first.nonceDetails).toEqual({ network: 0, localConfirmed: 0, localPending: 0 });
      expect(await harness.root.call('TransactionController:getNextNonce', from)).toBe(1);
      const second = await send();
      expect(second.txParams.nonce).toBe('0x1');
      expect(second.nonceDetails).toMatchObject({ network: 1, localPending: 1 });
      await harness.tick();
      expect(harness.controller.getTransaction(second.id)!.status).toBe('confirmed');
      const third = await send();
      expect(third.nonceDetails).toMatchObject({ network: 2, localConfirmed: 2 });
      expect(third.txParams.nonce).toBe('0x2');
    } finally {
      await setAutomine(anvil().rpcUrl, true);
      await harness.destroy();
    }
  });

  it('honours a custom nonce', async () => {
    const from = anvil().accounts[5]!.toLowerCase();
    const key = anvil().privateKeys[5]!;
    const harness = await createHarness(anvil(), { selectedAddress: from });
    try {
      // Another wallet with the same key used nonces 0 and 1 already.
      for (const nonce of ['0x0', '0x1']) {
        const { rawTx } = signWithKey(
          key,
          {
            from,
            to: from,
            value: '0x0',
            nonce,
            gas: '0x5208',
            gasPrice: '0x77359400',
            type: '0x0',
          },
          `0x${anvil().chainId.toString(16)}` as `0x${string}`,
        );
        await rpc(anvil(), 'eth_sendRawTransaction', [rawTx]);
      }
      const { transactionMeta, result } = await harness.controller.addUnapprovedTransaction(
        { from, to: from, value: '0x0' },
        { origin: ORIGIN },
      );
      await harness.controller.updateTransactionGas(transactionMeta.id, {
        customNonceValue: '0x7',
      });
      await harness.controller.approveTransaction(transactionMeta.id);
      await result;
      const tx = harness.controller.getTransaction(transactionMeta.id)!;
      expect(tx.txParams.nonce).toBe('0x7');
      expect(tx.nonceDetails).toMatchObject({ network: 2, custom: 7 });
      // Without the custom nonce the next one would have been 2.
      const next = await harness.controller.addUnapprovedTransaction(
        { from, to: from, value: '0x0' },
        { origin: ORIGIN },
      );
      await harness.controller.approveTransaction(next.transactionMeta.id);
      await next.result;
      expect(harness.controller.getTransaction(next.transactionMeta.id)!.txParams.nonce).toBe(
        '0x8',
      );
    } finally {
      await harness.destroy();
    }
  });
});
