import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { ApprovalErrorCode } from '../../src/controllers/approvals/errors';
import { callJsonRpc } from '../../scripts/lib/json-rpc';
import { useAnvil } from '../chain/use-anvil';
import { waitFor } from './helpers';

describe('transactions through the approval queue', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let engine: Engine;
  let from: string;

  beforeEach(async () => {
    engine = await createEngine({
      storage: new MemoryStorage(),
      network: { rpcUrl: anvil().rpcUrl, chainId: '0x1691' },
      blockPollingInterval: 100,
    });
    await engine.actions.createNewVault('correct horse battery staple');
    from = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[0]!)
    ).toLowerCase();
  });
  afterEach(async () => {
    await engine.destroy();
  });

  const send = () =>
    engine.messenger.call(
      'TransactionController:addTransaction',
      { from, to: anvil().accounts[1]!, value: '0x1' },
      { origin: 'orrery' },
    );
  const pendingApproval = () =>
    waitFor(
      () => Object.values(engine.getState().ApprovalController.pendingApprovals)[0],
      'the approval',
    );

  it('shows the transaction as a pending approval and sends it with the user’s overrides', async () => {
    const hash = send();
    const approval = await pendingApproval();
    expect(approval).toMatchObject({ type: 'transaction', origin: 'orrery' });
    expect(engine.getState().TransactionController.uiTransactions[0]).toMatchObject({
      status: 'unapproved',
    });

    engine.actions.approveRequest(approval.id, { gas: '0x5300' });
    const txHash = await hash;
    const mined = await callJsonRpc<{ gas: string; from: string }>(
      anvil().rpcUrl,
      'eth_getTransactionByHash',
      [txHash],
    );
    expect(mined).toMatchObject({ from, gas: '0x5300' });
    expect(engine.getState().ApprovalController.pendingApprovalCount).toBe(0);
  });

  it('sends the envelope type the user chose with a gas price (EIP-2930)', async () => {
    const hash = send();
    const approval = await pendingApproval();
    engine.actions.approveRequest(approval.id, { gasPrice: '0x77359400', type: '0x1' });
    const mined = await callJsonRpc<{ type: string; gasPrice: string }>(
      anvil().rpcUrl,
      'eth_getTransactionByHash',
      [await hash],
    );
    expect(mined).toMatchObject({ type: '0x1', gasPrice: '0x77359400' });
  });

  it('rejects with the spec’s 4001 message and forgets the transaction', async () => {
    const hash = send();
    const approval = await pendingApproval();
    engine.actions.rejectRequest(approval.id);
    await expect(hash).rejects.toMatchObject({
      code: 4001,
      message: 'Orrery Tx Signature: User denied transaction signature.',
    });
    expect(engine.getState().TransactionController.uiTransactions).toEqual([]);
  });

  it('lists a site’s own transactions for the embed panel, only while it is shown the account', async () => {
    const SITE = 'https://dapp.example';
    engine.actions.grantPermissions(SITE, [from], 'week');
    const dapp = engine.connect(SITE);
    const sent = dapp.request({
      method: 'eth_sendTransaction',
      params: [{ from, to: anvil().accounts[1]!, value: '0x2' }],
    });
    engine.actions.approveRequest((await pendingApproval()).id, null);
    const hash = await sent;
    const own = send(); // the wallet's own send: never the site's activity
    engine.actions.approveRequest((await pendingApproval()).id, null);
    await own;

    expect(await engine.call('siteActivity', [SITE])).toEqual([
      expect.objectContaining({ hash, value: '0x2', status: expect.any(String) }),
    ]);
    expect(await engine.call('siteActivity', ['https://other.example'])).toEqual([]);
    engine.actions.revokePermissions(SITE);
    expect(await engine.call('siteActivity', [SITE])).toEqual([]);
    engine.actions.grantPermissions(SITE, [from], 'week');
    engine.actions.setLocked();
    expect(await engine.call('siteActivity', [SITE])).toEqual([]);
  });

  it('refuses overrides it does not know and keeps the request pending', async () => {
    const hash = send();
    const approval = await pendingApproval();
    await expect(
      engine.call('approveRequest', [
        approval.id,
        { to: '0x000000000000000000000000000000000000dEaD' },
      ]),
    ).rejects.toMatchObject({
      message: 'Unknown transaction override: to',
      data: { code: ApprovalErrorCode.invalidValue },
    });
    const refused = { data: { code: ApprovalErrorCode.invalidValue } };
    await expect(
      engine.call('approveRequest', [approval.id, { gas: 21000 }]),
    ).rejects.toMatchObject(refused);
    await expect(
      engine.call('approveRequest', [approval.id, { type: '0x7' }]),
    ).rejects.toMatchObject(refused);
    // Well-formed, but not a transaction the params allow: a fee pair in a gas-price envelope.
    await expect(
      engine.call('approveRequest', [approval.id, { maxFeePerGas: '0x77359400', type: '0x0' }]),
    ).rejects.toMatchObject(refused);
    expect(engine.getState().ApprovalController.pendingApprovals[approval.id]).toBeDefined();
    engine.actions.approveRequest(approval.id, undefined);
    await expect(hash).resolves.toMatch(/^0x[0-9a-f]{64}$/u);
  });
});
