import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { KeyringErrorCode } from '../../src/controllers/keyring/errors';
import { useAnvil } from '../chain/use-anvil';
import { waitFor } from './helpers';

describe('accounts through the engine', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let engine: Engine;
  let storage: MemoryStorage;

  beforeEach(async () => {
    storage = new MemoryStorage();
    engine = await createEngine({
      storage,
      network: { rpcUrl: anvil().rpcUrl, chainId: '0x1691' },
      blockPollingInterval: 100,
    });
    await engine.actions.createNewVault('correct horse battery staple');
  });
  afterEach(async () => {
    await engine.destroy();
  });

  /**
   * Imports anvil's first account and connects https://dapp.example to it through the approval,
   * recording the dapp's accountsChanged events.
   */
  async function connectedDapp() {
    const address = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[0]!)
    ).toLowerCase();
    const provider = engine.connect('https://dapp.example');
    const changes: unknown[] = [];
    provider.on('accountsChanged', (accounts) => changes.push(accounts));
    const requested = provider.request({ method: 'eth_requestAccounts' });
    const approval = await waitFor(
      () => Object.values(engine.getState().ApprovalController.pendingApprovals)[0],
      'the connect approval',
    );
    engine.actions.approveRequest(approval.id, { accounts: [address], period: 'hour' });
    expect(await requested).toEqual([address]);
    return { address, provider, changes };
  }

  it('selects the first imported account and shows its balance while a view is open, never its key', async () => {
    const [key] = anvil().privateKeys;
    const address = await engine.actions.importAccountWithPrivateKey(key!);
    expect(address.toLowerCase()).toBe(anvil().accounts[0]!.toLowerCase());
    expect(engine.getState().PreferencesController.selectedAddress).toBe(address.toLowerCase());

    engine.subscribe(() => undefined);
    const lower = address.toLowerCase();
    await waitFor(
      () => Boolean(engine.getState().AccountTrackerController.accounts[lower]),
      'a balance',
    );
    expect(
      BigInt(engine.getState().AccountTrackerController.accounts[lower]!.balance),
    ).toBeGreaterThan(0n);

    await engine.flush();
    const everything = JSON.stringify([engine.getState(), await storage.getAll()]);
    expect(everything).not.toContain(key!.slice(2));
  });

  it('creates a new account from a key the keyring makes, selected when it is the first', async () => {
    const created = await engine.actions.createNewAccount();
    expect(engine.getState().KeyringController).toMatchObject({
      hasVault: true,
      isUnlocked: true,
      accounts: [{ address: created, accountType: 'normal' }],
    });
    expect(engine.getState().PreferencesController.selectedAddress).toBe(created);
  });

  it('keeps the selection across a lock and refuses to select an unknown account', async () => {
    const first = await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[0]!);
    const second = await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[1]!);
    // Every import selects the account just imported: the user expects to act with it.
    expect(engine.getState().PreferencesController.selectedAddress).toBe(second.toLowerCase());
    engine.actions.setSelectedAddress(first);
    await engine.actions.importAccountWithSeedPhrase(
      'test test test test test test test test test test test junk',
      2,
    );
    expect(engine.getState().PreferencesController.selectedAddress).toBe(
      anvil().accounts[2]!.toLowerCase(),
    );
    engine.actions.setSelectedAddress(second);
    engine.actions.setLocked();
    expect(engine.getState().PreferencesController.selectedAddress).toBe(second.toLowerCase());
    await engine.actions.submitPassword('correct horse battery staple');
    expect(engine.getState().PreferencesController.selectedAddress).toBe(second.toLowerCase());

    const stranger = '0x000000000000000000000000000000000000dEaD';
    await expect(engine.call('setSelectedAddress', [stranger])).rejects.toMatchObject({
      data: { code: KeyringErrorCode.unknownAddress },
    });
    expect(engine.getState().PreferencesController.selectedAddress).toBe(second.toLowerCase());
  });

  it('logs out: locked, no selection, and a connected dapp sees its accounts emptied', async () => {
    const { provider, changes } = await connectedDapp();

    engine.actions.logout();
    expect(engine.getState().KeyringController.isUnlocked).toBe(false);
    expect(engine.getState().PreferencesController.selectedAddress).toBeNull();
    await waitFor(() => changes.length > 1, 'the accountsChanged after the logout');
    expect(changes.at(-1)).toEqual([]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('logs out with a signature waiting for approval: the request is refused and the dapp told at once', async () => {
    const { address, provider, changes } = await connectedDapp();

    const signing = provider.request({ method: 'personal_sign', params: ['0x68690a', address] });
    const outcome = signing.then(
      () => 'signed',
      (error: { code?: number }) => error.code,
    );
    await waitFor(
      () => Object.values(engine.getState().ApprovalController.pendingApprovals)[0],
      'the signature approval',
    );
    await engine.actions.logout();
    expect(await outcome).toBe(4001);
    await waitFor(() => changes.length > 1, 'the accountsChanged after the logout');
    expect(changes.at(-1)).toEqual([]);
    expect(engine.getState().ApprovalController.pendingApprovalCount).toBe(0);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it.each([
    ['a transaction', 'eth_sendTransaction'],
    ['a connect', 'wallet_requestPermissions'],
  ])(
    'logs out with %s waiting for approval: refused with 4001 and the dapp told',
    async (_what, method) => {
      const { address, provider, changes } = await connectedDapp();

      const params =
        method === 'eth_sendTransaction'
          ? [{ from: address, to: anvil().accounts[1]!, value: '0x1' }]
          : [{ eth_accounts: {} }];
      const outcome = provider.request({ method, params }).then(
        () => 'approved',
        (error: { code?: number }) => error.code,
      );
      await waitFor(
        () => Object.values(engine.getState().ApprovalController.pendingApprovals)[0],
        'the approval',
      );
      await engine.actions.logout();
      expect(await outcome).toBe(4001);
      await waitFor(() => changes.length > 1, 'the accountsChanged after the logout');
      expect(changes.at(-1)).toEqual([]);
      expect(engine.getState().ApprovalController.pendingApprovalCount).toBe(0);
    },
  );

  it('holds a connect request made while locked until the user unlocks', async () => {
    const address = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[0]!)
    ).toLowerCase();
    engine.actions.setLocked();
    const provider = engine.connect('https://dapp.example');
    let settled = false;
    // The request waits for the unlock event: once it listens, it has gone as far as it will.
    const listened = jest.spyOn(engine.messenger, 'subscribeOnce');
    const requested = provider.request({ method: 'eth_requestAccounts' }).finally(() => {
      settled = true;
    });
    await waitFor(
      () => listened.mock.calls.some(([event]) => event === 'KeyringController:unlock'),
      'the request to wait for the unlock',
    );
    expect(engine.getState().ApprovalController.pendingApprovalCount).toBe(0); // nothing to offer yet
    expect(settled).toBe(false);

    await engine.actions.submitPassword('correct horse battery staple');
    const approval = await waitFor(
      () => Object.values(engine.getState().ApprovalController.pendingApprovals)[0],
      'the connect approval after unlocking',
    );
    engine.actions.approveRequest(approval.id, { accounts: [address], period: 'hour' });
    expect(await requested).toEqual([address]);
  });

  it('refuses at logout a connect held until the unlock (a plain lock does not)', async () => {
    await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[0]!);
    engine.actions.setLocked();
    const provider = engine.connect('https://dapp.example');
    const listened = jest.spyOn(engine.messenger, 'subscribeOnce');
    const outcome = provider.request({ method: 'eth_requestAccounts' }).then(
      () => 'connected',
      (error: { code?: number }) => error.code,
    );
    await waitFor(
      () => listened.mock.calls.some(([event]) => event === 'KeyringController:unlock'),
      'the request to wait for the unlock',
    );
    engine.actions.setLocked();
    let settled = false;
    void outcome.finally(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);

    await engine.actions.logout();
    expect(await outcome).toBe(4001);
  });

  it('reports a bad key with the spec message and adds nothing', async () => {
    await expect(engine.call('importAccountWithPrivateKey', [''])).rejects.toThrow(
      'Cannot import an empty key.',
    );
    await expect(engine.call('importAccountWithPrivateKey', ['0x1234'])).rejects.toThrow(
      'Cannot import invalid private key.',
    );
    expect(engine.getState().KeyringController.accounts).toEqual([]);
    expect(engine.getState().PreferencesController.selectedAddress).toBeNull();
  });
});
