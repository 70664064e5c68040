import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { startServer, type RunningServer } from '../../src/server/main';
import { deployContract } from '../chain/deploy';
import { KeyringErrorCode } from '../../src/controllers/keyring/errors';
import { NetworkErrorCode } from '../../src/controllers/network/errors';
import { useAnvil } from '../chain/use-anvil';
import { client, createTestDatabase, type TestDatabase } from '../server/helpers';
import { waitFor } from './helpers';

describe('the engine synced with the backend', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let database: TestDatabase;
  let server: RunningServer;
  let engine: Engine;
  let storage: MemoryStorage;
  const notifications: { title: string; body: string; url: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startServer(database.config());
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  beforeEach(async () => {
    storage = new MemoryStorage();
    notifications.length = 0;
    engine = await createEngine({
      storage,
      network: {
        rpcUrl: anvil().rpcUrl,
        chainId: '0x1691',
        blockExplorer: 'https://explorer.example',
      },
      blockPollingInterval: 100,
      backendUrl: server.url,
      notify: (notification) => notifications.push(notification),
    });
    await engine.actions.createNewVault('correct horse battery staple');
  });
  afterEach(async () => {
    await engine.destroy();
  });

  it('signs in, stores preference changes on the server, and never shows the token', async () => {
    const address = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[2]!)
    ).toLowerCase();
    await engine.actions.loginToBackend('google', 'carol@example.com');
    const prefs = () => engine.getState().UserRecordController;
    expect(prefs().isNewUser).toBe(true);
    // The new user's record, as the server created it for this sign-in.
    expect(prefs().identities[address]).toMatchObject({
      verifier: 'google',
      verifierId: 'carol@example.com',
      theme: 'light',
      locale: 'en',
      selectedCurrency: 'USD',
    });
    expect(engine.getState().BackendRecordsController.records[address]).toMatchObject({
      contacts: [],
      customTokens: [],
      customNetworks: [],
    });
    // Views see whether the address is signed in (G3), never the token.
    expect(engine.getState().BackendSessionController).toEqual({ signedIn: { [address]: true } });

    await expect(engine.actions.setTheme('dark')).resolves.toBeUndefined();
    expect(engine.getState().PreferencesController.theme).toBe('dark');
    expect(prefs().identities[address]?.theme).toBe('dark');

    await engine.flush();
    const stored = (await storage.getAll()).BackendSessionController as {
      jwtTokens: Record<string, string>;
    };
    const token = stored.jwtTokens[address]!;
    expect(token).toMatch(/^ey/u);
    const user = await client(server)('GET', '/user?fetchTx=false', { token });
    expect(user.body).toMatchObject({ theme: 'dark', public_address: address });
    expect(JSON.stringify(engine.getState())).not.toContain(token);

    engine.actions.logout();
    expect(engine.getState().BackendSessionController).toEqual({ signedIn: {} });
  });

  it('stores the default account on the server, only for an account of the keyring', async () => {
    const address = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[7]!)
    ).toLowerCase();
    const other = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[8]!)
    ).toLowerCase();
    engine.actions.setSelectedAddress(address);
    await engine.actions.loginToBackend('google', 'dave@example.com');

    await engine.actions.setDefaultPublicAddress(other);
    expect(engine.getState().UserRecordController.identities[address]?.defaultPublicAddress).toBe(
      other,
    );
    await engine.flush();
    const token = (
      (await storage.getAll()).BackendSessionController as { jwtTokens: Record<string, string> }
    ).jwtTokens[address]!;
    const user = await client(server)('GET', '/user?fetchTx=false', { token });
    expect(user.body).toMatchObject({ default_public_address: other });

    await expect(
      engine.call('setDefaultPublicAddress', ['0x000000000000000000000000000000000000dEaD']),
    ).rejects.toMatchObject({ data: { code: KeyringErrorCode.unknownAddress } });
    expect(engine.getState().UserRecordController.identities[address]?.defaultPublicAddress).toBe(
      other,
    );
  });

  it('keeps custom networks on the server while signed in, under the server’s id', async () => {
    const address = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[4]!)
    ).toLowerCase();
    await engine.actions.loginToBackend('google', 'erin@example.com');
    await engine.flush();
    const token = (
      (await storage.getAll()).BackendSessionController as { jwtTokens: Record<string, string> }
    ).jwtTokens[address]!;
    const serverNetworks = async () =>
      ((await client(server)('GET', '/user?fetchTx=false', { token })).body.customNetworks ??
        []) as {
        id: number;
        chain_id: string;
      }[];

    const added = await engine.actions.addCustomNetwork({
      networkName: 'Side chain',
      host: 'http://127.0.0.1:9999',
      chainId: '1234',
    });
    const [onServer] = await serverNetworks();
    expect(onServer).toMatchObject({ chain_id: '0x4d2' });
    expect(added).toMatchObject({ id: String(onServer!.id), chainId: '0x4d2', symbol: 'ETH' });
    expect(engine.getState().NetworkController.customNetworks[added.id]).toEqual({
      id: String(onServer!.id),
      networkName: 'Side chain',
      host: 'http://127.0.0.1:9999',
      chainId: '0x4d2',
      symbol: 'ETH',
      blockExplorer: '',
    });

    await expect(
      engine.call('addCustomNetwork', [{ networkName: 'Bad', host: 'not a url', chainId: '1' }]),
    ).rejects.toMatchObject({ data: { code: NetworkErrorCode.invalidCustomNetwork } });
    expect(await serverNetworks()).toHaveLength(1);

    await engine.actions.deleteCustomNetwork(added.id);
    expect(await serverNetworks()).toEqual([]);
    expect(engine.getState().NetworkController.customNetworks[added.id]).toBeUndefined();
  });

  it('keeps a token a dapp asked to watch as a custom token on the server', async () => {
    const address = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[5]!)
    ).toLowerCase();
    await engine.actions.loginToBackend('google', 'frank@example.com');
    const tokenAddress = await deployContract(anvil().rpcUrl, 'TestERC20', [
      'Gold',
      'GLD',
      18,
      10n ** 21n,
    ]);
    const provider = engine.connect('https://dapp.example');
    const watched = provider.request({
      method: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address: tokenAddress } },
    });
    const approval = await waitFor(
      () => Object.values(engine.getState().ApprovalController.pendingApprovals)[0],
      'the watch-asset approval',
    );
    engine.actions.approveRequest(approval.id, undefined);
    await expect(watched).resolves.toBe(true);

    await engine.flush();
    const token = (
      (await storage.getAll()).BackendSessionController as { jwtTokens: Record<string, string> }
    ).jwtTokens[address]!;
    const user = await client(server)('GET', '/user?fetchTx=false', { token });
    expect(user.body.customTokens).toEqual([
      expect.objectContaining({
        token_address: tokenAddress.toLowerCase(),
        token_symbol: 'GLD',
        decimals: 18,
      }),
    ]);
  });

  it('records a grant on the server while signed in (POST /permissions), never while signed out', async () => {
    const signedOut = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[6]!)
    ).toLowerCase();
    // Signed out: the grant is the engine's alone, nothing is sent and no error is shown.
    engine.actions.grantPermissions('https://quiet.example', [signedOut], 'hour');
    expect(engine.getState().PermissionController.grants['https://quiet.example']).toBeDefined();
    expect(engine.getState().BackendRecordsController.records[signedOut]).toBeUndefined();

    await engine.actions.loginToBackend('google', 'grace@example.com');
    // From settings (the action) and from a dapp's connect approval alike.
    engine.actions.grantPermissions('https://dapp.example', [signedOut], 'week');
    const provider = engine.connect('https://other.example:8443');
    const asked = provider.request({ method: 'eth_requestAccounts' });
    const approval = await waitFor(
      () => Object.values(engine.getState().ApprovalController.pendingApprovals)[0],
      'the connect approval',
    );
    engine.actions.approveRequest(approval.id, { accounts: [signedOut], period: 'month' });
    await expect(asked).resolves.toEqual([signedOut]);

    const records = () =>
      engine.getState().BackendRecordsController.records[signedOut]?.permissions;
    await waitFor(() => (records()?.length === 2 ? true : undefined), 'two recorded grants');
    await engine.flush();
    const token = (
      (await storage.getAll()).BackendSessionController as { jwtTokens: Record<string, string> }
    ).jwtTokens[signedOut]!;
    const user = await client(server)('GET', '/user?fetchTx=false', { token });
    const onServer = (user.body.permissions as { origin: string; name: string; action: string }[])
      .map(({ origin, name, action }) => ({ origin, name, action }))
      .sort((a, b) => a.origin.localeCompare(b.origin));
    expect(onServer).toEqual([
      { origin: 'https://dapp.example', name: 'dapp.example', action: 'eth_accounts' },
      { origin: 'https://other.example:8443', name: 'other.example:8443', action: 'eth_accounts' },
    ]);
    // The week-long grant expires on the server about a week from now, as in the engine.
    const week = (user.body.permissions as { origin: string; expires_at: string }[]).find(
      (p) => p.origin === 'https://dapp.example',
    )!;
    const expected =
      engine.getState().PermissionController.grants['https://dapp.example']!.expiresAt;
    expect(Math.abs(Date.parse(week.expires_at) - expected)).toBeLessThan(60_000);
  });

  it('reads the featured billboard in the user language, https links only, no session needed', async () => {
    await server.database.db
      .insertInto('billboard')
      .values([
        { call_to_action_link: 'https://learn.example/', locale: 'en', title: 'Learn' },
        { call_to_action_link: 'https://learn.example/', locale: 'de', title: 'Lernen' },
        { call_to_action_link: 'http://plain.example/', locale: 'en', title: 'Plain' },
      ])
      .execute();
    await expect(engine.call('readBillboard', ['de'])).resolves.toEqual([
      expect.objectContaining({ link: 'https://learn.example/', title: 'Lernen' }),
    ]);
    expect((await engine.actions.readBillboard('ja')).map((item) => item.title)).toEqual(['Learn']);
    await expect(engine.call('readBillboard', ['xx'])).rejects.toThrow('Unknown locale');
    await server.database.db.deleteFrom('billboard').execute();
  });

  it('posts a newly submitted transaction and notifies the user', async () => {
    const from = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[3]!)
    ).toLowerCase();
    await engine.actions.loginToBackend('google', 'dave@example.com');
    const hash = engine.messenger.call(
      'TransactionController:addTransaction',
      { from, to: anvil().accounts[1]!, value: '0x1' },
      { origin: 'orrery' },
    );
    const approval = await waitFor(
      () => Object.values(engine.getState().ApprovalController.pendingApprovals)[0],
      'the approval',
    );
    engine.actions.approveRequest(approval.id, undefined);
    const txHash = await hash;
    await waitFor(() => notifications.length > 0, 'the notification');
    expect(notifications[0]).toEqual({
      title: 'Sent Transaction',
      body: 'Check Tx Status',
      url: `https://explorer.example/tx/${txHash}`,
    });
    const token = (
      (await engine.flush(), await storage.getAll()).BackendSessionController as {
        jwtTokens: Record<string, string>;
      }
    ).jwtTokens[from]!;
    const history = await client(server)('GET', '/transaction', { token });
    expect(
      history.body.transactions.map((t: { transaction_hash: string }) => t.transaction_hash),
    ).toContain(txHash);
  });

  it('shows a currency rate, and 0 with N/A when the backend cannot give one', async () => {
    await engine.actions.setCurrency('EUR');
    const currency = engine.getState().CurrencyController;
    expect(currency.currentCurrency).toBe('eur');
    expect(currency.conversionRate).toBeGreaterThan(0);

    await server.close();
    try {
      await engine.actions.setCurrency('USD');
      expect(engine.getState().CurrencyController).toMatchObject({
        conversionRate: 0,
        conversionDate: 'N/A',
      });
    } finally {
      server = await startServer(database.config());
    }
  });
});
