import { decodeFunctionData, parseAbi, type Hex } from 'viem';

import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { failureCode } from '../../src/background/contract/errors';
import { callJsonRpc } from '../../scripts/lib/json-rpc';
import { deployContract } from '../chain/deploy';
import { setAutomine } from '../chain/snapshot';
import { useAnvil } from '../chain/use-anvil';
import { waitFor } from './helpers';

const ERC20 = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);

/** The wallet's own sends (G4) and replacements (G5) through the action API, on anvil. */
describe('send and replace from the wallet’s own screens', () => {
  const anvil = useAnvil({ chainId: 5777, accounts: 12 });
  let engine: Engine;
  let from: string;
  let senderIndex = 0;
  const rpc = <T>(method: string, params: unknown[] = []) =>
    callJsonRpc<T>(anvil().rpcUrl, method, params);

  beforeEach(async () => {
    engine = await createEngine({
      storage: new MemoryStorage(),
      network: { rpcUrl: anvil().rpcUrl, chainId: '0x1691' },
      blockPollingInterval: 100,
    });
    await engine.actions.createNewVault('correct horse battery staple');
    // A fresh sender per test keeps nonces independent.
    from = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[senderIndex++]!)
    ).toLowerCase();
    await waitFor(
      () => engine.getState().NetworkController.networkStatus === 'available',
      'the network',
    );
  });
  afterEach(async () => {
    await engine.destroy();
    await setAutomine(anvil().rpcUrl, true);
  });

  const uiTx = (txId: string) =>
    engine.getState().TransactionController.uiTransactions.find((tx) => tx.id === txId);
  const minedHash = (txId: string) =>
    waitFor(() => uiTx(txId)?.status === 'confirmed' && uiTx(txId)!.hash, `${txId} confirmed`);

  it('queues a native send as an approval of origin orrery and sends it with the chosen fees', async () => {
    const to = anvil().accounts[11]!;
    const before = BigInt(await rpc<string>('eth_getBalance', [to, 'latest']));
    const { txId, approvalId } = await engine.actions.sendAsset({
      kind: 'native',
      to,
      amount: '1500000000000000000',
    });
    expect(approvalId).not.toBeNull();
    expect(engine.getState().ApprovalController.pendingApprovals[approvalId!]).toMatchObject({
      type: 'transaction',
      origin: 'orrery',
      requestData: { txId, txParams: { from, value: '0x14d1120d7b160000' } },
    });
    engine.actions.approveRequest(approvalId!, {
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0x3b9aca00',
    });
    const hash = await minedHash(txId);
    const mined = await rpc<{ maxFeePerGas: string; from: string }>('eth_getTransactionByHash', [
      hash,
    ]);
    expect(mined).toMatchObject({ from, maxFeePerGas: '0x77359400' });
    const after = BigInt(await rpc<string>('eth_getBalance', [to, 'latest']));
    expect(after - before).toBe(1_500_000_000_000_000_000n);
  });

  it('builds ERC-20 transfer calldata and moves exactly the amount on chain', async () => {
    const token = await deployContract(
      anvil().rpcUrl,
      'TestERC20',
      ['Gold', 'GLD', 18, 10n ** 24n],
      anvil().privateKeys[senderIndex - 1] as Hex,
    );
    const to = anvil().accounts[10]!;
    const { txId, approvalId } = await engine.actions.sendAsset({
      kind: 'erc20',
      contract: token,
      to,
      amount: (10n * 10n ** 18n).toString(),
    });
    engine.actions.approveRequest(approvalId!, null);
    const hash = await minedHash(txId);
    const mined = await rpc<{ input: Hex; to: string; value: string }>('eth_getTransactionByHash', [
      hash,
    ]);
    expect(mined).toMatchObject({ to: token.toLowerCase(), value: '0x0' });
    expect(decodeFunctionData({ abi: ERC20, data: mined.input })).toEqual({
      functionName: 'transfer',
      args: [to, 10n * 10n ** 18n],
    });
    const balance = await rpc<Hex>('eth_call', [
      { to: token, data: `0x70a08231${to.slice(2).toLowerCase().padStart(64, '0')}` },
      'latest',
    ]);
    expect(BigInt(balance)).toBe(10n * 10n ** 18n);
  });

  it('refuses bad input with a code and queues nothing', async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'resolved',
        (error: unknown) => failureCode(error),
      );
    expect(
      await refusal(engine.actions.sendAsset({ kind: 'native', to: '0x123', amount: '1' })),
    ).toBe('transfer.invalidAddress');
    expect(
      await refusal(
        engine.actions.sendAsset({ kind: 'native', to: anvil().accounts[1]!, amount: 'abc' }),
      ),
    ).toBe('transfer.invalidAmount');
    expect(
      await refusal(
        engine.actions.sendAsset({ kind: 'native', to: anvil().accounts[1]!, amount: '0' }),
      ),
    ).toBe('transfer.invalidAmount');
    expect(
      await refusal(
        engine.actions.sendAsset({ kind: 'bitcoin', to: anvil().accounts[1]! } as never),
      ),
    ).toBe('transfer.unknownAsset');
    expect(
      await refusal(
        engine.actions.sendTransaction({ from: anvil().accounts[1]!, to: anvil().accounts[2]! }),
      ),
    ).toBe('transfer.noAccount');
    expect(await refusal(engine.actions.cancelTransaction('no-such-id'))).toBe(
      'transfer.notReplaceable',
    );
    expect(engine.getState().ApprovalController.pendingApprovalCount).toBe(0);
    expect(engine.getState().TransactionController.uiTransactions).toEqual([]);
  });

  describe('with automine off', () => {
    const sendPending = async () => {
      await setAutomine(anvil().rpcUrl, false);
      const { txId, approvalId } = await engine.actions.sendAsset({
        kind: 'native',
        to: anvil().accounts[9]!,
        amount: '1000',
      });
      engine.actions.approveRequest(approvalId!, null);
      await waitFor(() => uiTx(txId)?.status === 'submitted', 'the send submitted');
      return txId;
    };

    it('cancel: a replacement with fees × 11/10 is mined, the original ends dropped', async () => {
      const original = await sendPending();
      const { txId: cancelId } = await engine.actions.cancelTransaction(original);
      const cancel = uiTx(cancelId)!;
      const bumped = (BigInt(uiTx(original)!.txParams.maxFeePerGas!) * 11n + 9n) / 10n;
      expect(BigInt(cancel.txParams.maxFeePerGas!)).toBe(bumped);
      expect(cancel.txParams).toMatchObject({ to: from, value: '0x0' });
      await setAutomine(anvil().rpcUrl, true);
      await rpc('evm_mine');
      const hash = await minedHash(cancelId);
      await waitFor(() => uiTx(original)?.status === 'dropped', 'the original dropped');
      expect(uiTx(original)!.replacedBy).toBe(hash);
    });

    it('speed-up with the user’s higher fee is mined in place of the original', async () => {
      const original = await sendPending();
      const { txId: fasterId } = await engine.actions.speedUpTransaction(original, {
        maxFeePerGas: '0x12a05f2000',
        maxPriorityFeePerGas: '0x77359400',
      });
      await setAutomine(anvil().rpcUrl, true);
      await rpc('evm_mine');
      const hash = await minedHash(fasterId);
      const mined = await rpc<{ maxFeePerGas: string; nonce: string }>('eth_getTransactionByHash', [
        hash,
      ]);
      expect(mined).toMatchObject({ maxFeePerGas: '0x12a05f2000', nonce: '0x0' });
      await waitFor(() => uiTx(original)?.status === 'dropped', 'the original dropped');
    });

    it('refuses overrides that are not hex, keeping the original pending', async () => {
      const original = await sendPending();
      await expect(
        engine.actions.speedUpTransaction(original, { maxFeePerGas: '12' as Hex }),
      ).rejects.toMatchObject({ data: { code: 'transfer.invalidAmount' } });
      expect(uiTx(original)!.status).toBe('submitted');
    });
  });
});
