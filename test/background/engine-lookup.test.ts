import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { startServer, type RunningServer } from '../../src/server/main';
import { useAnvil } from '../chain/use-anvil';
import { createTestDatabase, type TestDatabase } from '../server/helpers';

/** Recipient lookup for the transfer screen (G6) against the real backend on PGlite. */
describe('recipient lookup through the backend', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let database: TestDatabase;
  let server: RunningServer;
  const engines: Engine[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startServer(database.config());
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.destroy()));
  });

  const signedIn = async (keyIndex: number, verifier: string, verifierId: string) => {
    const engine = await createEngine({
      storage: new MemoryStorage(),
      network: { rpcUrl: anvil().rpcUrl, chainId: '0x1691' },
      backendUrl: server.url,
    });
    engines.push(engine);
    await engine.actions.createNewVault('correct horse battery staple');
    const address = await engine.actions.importAccountWithPrivateKey(
      anvil().privateKeys[keyIndex]!,
    );
    await engine.actions.loginToBackend(verifier, verifierId);
    return { engine, address: address.toLowerCase() };
  };

  it('finds the wallet of a social login, and says 404 for an unknown one', async () => {
    const carol = await signedIn(3, 'google', 'carol@example.com');
    const { engine } = await signedIn(4, 'google', 'dave@example.com');
    const found = await engine.actions.lookupRecipient('google', 'carol@example.com');
    expect(found.addresses.map((a) => a.toLowerCase())).toEqual([carol.address]);
    await expect(
      engine.actions.lookupRecipient('google', 'nobody@example.com'),
    ).rejects.toMatchObject({
      data: { code: 'backend.requestFailed', operation: 'recipientLookup', status: 404 },
    });
  });

  it('refuses a malformed identifier before asking, naming the rule’s message key', async () => {
    const { engine } = await signedIn(5, 'google', 'erin@example.com');
    await expect(engine.actions.lookupRecipient('google', 'not-an-email')).rejects.toMatchObject({
      data: { code: 'backend.invalidInput', detail: 'walletSettings.invalidEmail' },
    });
    await expect(engine.actions.lookupRecipient('ens', 'bad name.eth')).rejects.toMatchObject({
      data: { code: 'backend.invalidInput', detail: 'walletSettings.invalidEns' },
    });
    await expect(engine.actions.lookupRecipient('eth', '0x1')).rejects.toMatchObject({
      data: { code: 'backend.invalidInput' },
    });
  });
});
