// The backend-sync controllers (BackendSessionController, UserRecordController,
// BackendRecordsController) against the real API server on PGlite; the sign-in message is
// signed by a real KeyringController holding anvil's dev key. Changes resolve once stored and
// reject with a coded BackendChangeError.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { TOKEN_EXPIRED_MESSAGE } from '../../../src/controllers/backend/api-client';
import { BackendErrorCode as F, NOT_SIGNED_IN } from '../../../src/controllers/backend/errors';
import { INVALID_SIGNIN_MESSAGE } from '../../../src/controllers/messages/signin-message';
import { CONTACT_ERROR_KEYS } from '../../../src/controllers/preferences/contact-validation';
import { BUILT_IN_NETWORKS } from '../../../src/shared/networks';
import { signToken, verifyToken } from '../../../src/server/auth/jwt';
import type { RunningServer } from '../../../src/server/main';
import {
  createTestDatabase,
  startServer,
  TEST_JWT_SECRET,
  type TestDatabase,
} from '../../server/helpers';
import {
  createWallet,
  DEV_ADDRESS,
  DEV_ADDRESS_1,
  DEV_KEY,
  DEV_KEY_1,
  LOGIN,
  waitFor,
  type Wallet,
  type WalletOptions,
} from './harness';
import { createManualTimers, waitForScheduled } from '../polling/manual-timers';

const TOKEN_ADDRESS = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const NFT_ADDRESS = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D';

let database: TestDatabase;
let server: RunningServer;
const wallets: Wallet[] = [];

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  server = await startServer(database.config());
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.dispose();
});
beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  for (const wallet of wallets.splice(0)) wallet.destroy();
});

async function wallet(options: Partial<WalletOptions> = {}): Promise<Wallet> {
  const created = await createWallet({ serverUrl: server.url, ...options });
  wallets.push(created);
  return created;
}

/** The user record as the server has it, read with a fresh sign-in of the given wallet. */
async function serverRecord(w: Wallet, address = DEV_ADDRESS) {
  const token = w.session.getToken(address);
  if (!token) throw new Error('no token');
  return w.backend.getUser(token);
}

/** The coded failure a change rejects with (exactly `more` besides code and operation, if given). */
const failure = (code: string, operation: string, more?: Record<string, unknown>) =>
  expect.objectContaining({
    name: 'BackendChangeError',
    data: more ? { code, operation, ...more } : expect.objectContaining({ code, operation }),
  });

describe('backend sync: login', () => {
  it('signs in, creates the user (isNewUser), records the login; a second init reuses the token', async () => {
    const first = await wallet({ keys: [DEV_KEY, DEV_KEY_1], selectedAddress: DEV_ADDRESS_1 });
    first.preferences.setTheme('dark');
    await first.userRecord.init({ ...LOGIN, accountType: 'imported' });
    expect(first.signatures()).toBe(1);
    expect(first.userRecord.state.isNewUser).toBe(true);
    // (GET /currency: the account's currency goes to the currency controller.)
    expect(first.calls.filter((c) => c !== 'GET /currency')).toEqual([
      'POST /auth/message',
      'POST /auth/verify',
      'GET /user',
      'POST /user',
      'POST /user/recordLogin',
    ]);
    const token = first.session.getToken(DEV_ADDRESS_1);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/u);
    const record = await serverRecord(first, DEV_ADDRESS_1);
    expect(record).toMatchObject({
      public_address: DEV_ADDRESS_1,
      theme: 'dark',
      default_currency: 'USD',
      account_type: 'imported',
      verifier: 'google',
      verifier_id: 'alice@example.com',
    });
    expect(first.userRecord.state.identities[DEV_ADDRESS_1]).toMatchObject({
      theme: 'dark',
      selectedCurrency: 'USD',
      accountType: 'imported',
      verifier: 'google',
      verifierId: 'alice@example.com',
    });
    expect(first.records.state.records[DEV_ADDRESS_1]).toEqual({
      contacts: [],
      permissions: [],
      customTokens: [],
      customNfts: [],
      customNetworks: [],
    });

    // A restart with the persisted state: no new signature, an existing user.
    const second = await wallet({
      keys: [DEV_KEY, DEV_KEY_1],
      selectedAddress: DEV_ADDRESS_1,
      sessionState: { jwtTokens: { ...first.session.state.jwtTokens } },
    });
    await second.userRecord.init(LOGIN);
    expect(second.signatures()).toBe(0);
    expect(second.userRecord.state.isNewUser).toBe(false);
    expect(second.calls.filter((c) => c !== 'GET /currency')).toEqual([
      'GET /user',
      'POST /user/recordLogin',
    ]);
    // The wallet follows the account's stored theme.
    expect(second.preferences.state.theme).toBe('dark');
  });

  it('signs through the KeyringController:signPersonalMessage action when no signer is injected', async () => {
    const w = await wallet({
      keys: [DEV_KEY_1],
      selectedAddress: DEV_ADDRESS_1,
      session: { signPersonalMessage: undefined },
    });
    await w.userRecord.init(LOGIN);
    expect(w.calls).toContain('POST /auth/verify');
    // The server accepted the keyring's signature: the token it issued names that account.
    const token = w.session.getToken(DEV_ADDRESS_1);
    expect(verifyToken(token ?? '', TEST_JWT_SECRET).sub).toBe(DEV_ADDRESS_1);
  });

  it('keeps the token out of the UI (usedInUi false) but persists it', async () => {
    const w = await wallet();
    await w.userRecord.init(LOGIN);
    const { jwtTokens } = w.session.state;
    expect(Object.keys(jwtTokens)).toEqual([DEV_ADDRESS]);
    // BaseController's metadata is what the engine's persistence and UI sync filter on.
    type Meta = { metadata: Record<string, { persist: boolean; usedInUi: boolean }> };
    expect((w.session as unknown as Meta).metadata.jwtTokens).toMatchObject({
      persist: true,
      usedInUi: false,
    });
    expect((w.userRecord as unknown as Meta).metadata.identities).toMatchObject({
      persist: true,
      usedInUi: true,
    });
    expect((w.records as unknown as Meta).metadata.records).toMatchObject({
      persist: true,
      usedInUi: true,
    });
  });

  it('signs in again when a stored token is expired locally or refused by the server', async () => {
    const expired = signToken(DEV_ADDRESS, TEST_JWT_SECRET, -60);
    const w1 = await wallet({ sessionState: { jwtTokens: { [DEV_ADDRESS]: expired } } });
    await w1.userRecord.init(LOGIN);
    expect(w1.signatures()).toBe(1);
    expect(w1.session.getToken(DEV_ADDRESS)).not.toBe(expired);

    // Signed with another secret: looks valid here, the server says 'Invalid token'.
    const forged = signToken(DEV_ADDRESS, 'another-secret-another-secret-another-secret', 3600);
    const w2 = await wallet({ sessionState: { jwtTokens: { [DEV_ADDRESS]: forged } } });
    await w2.userRecord.init(LOGIN);
    expect(w2.signatures()).toBe(1);
    expect(w2.calls.slice(0, 4)).toEqual([
      'GET /user',
      'POST /auth/message',
      'POST /auth/verify',
      'GET /user',
    ]);
    expect(w2.userRecord.state.isNewUser).toBe(false);
  });

  it("refuses to sign a sign-in message that is not the wallet's own", async () => {
    // A backend (or anything posing as one) asking to sign some other text gets no signature.
    const hostile = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && request.url === '/auth/message') {
        response.end(JSON.stringify({ message: 'Transfer all funds to 0xbad' }));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = hostile.address() as AddressInfo;
      const w = await wallet({ serverUrl: `http://127.0.0.1:${port}` });
      await expect(w.userRecord.init(LOGIN)).rejects.toThrow(INVALID_SIGNIN_MESSAGE);
      expect(w.signatures()).toBe(0);
      expect(w.calls).toEqual(['POST /auth/message']);
      expect(w.session.getToken(DEV_ADDRESS)).toBeUndefined();
    } finally {
      await new Promise((resolve) => hostile.close(resolve));
    }
  });

  it("logs out on 401 'Token expired' from a sync or a change", async () => {
    const created = await wallet();
    await created.userRecord.init(LOGIN); // the user exists on the server
    const expired = signToken(DEV_ADDRESS, TEST_JWT_SECRET, -1);
    await expect(created.backend.getUser(expired)).rejects.toMatchObject({
      name: 'TokenExpiredError',
      status: 401,
      message: TOKEN_EXPIRED_MESSAGE,
    });

    const syncing = await wallet({ sessionState: { jwtTokens: { [DEV_ADDRESS]: expired } } });
    await syncing.userRecord.sync();
    expect(syncing.loggedOut).toEqual([DEV_ADDRESS]);
    expect(syncing.session.getToken(DEV_ADDRESS)).toBeUndefined();

    const changing = await wallet({ sessionState: { jwtTokens: { [DEV_ADDRESS]: expired } } });
    await expect(changing.userRecord.setTheme('dark')).rejects.toEqual(
      failure(F.loggedOut, 'theme', { status: 401 }),
    );
    expect(changing.loggedOut).toEqual([DEV_ADDRESS]);
    expect(changing.session.getToken(DEV_ADDRESS)).toBeUndefined();
    expect(changing.preferences.state.theme).toBe('light');
  });

  it('a server token with a 1 s lifetime expires and the next sync logs out', async () => {
    const shortDb = await createTestDatabase('pglite');
    const shortServer = await startServer(shortDb.config({ jwtTtlSeconds: 1 }));
    try {
      const logouts: string[] = [];
      const w = await wallet({
        serverUrl: shortServer.url,
        session: { logout: (a) => logouts.push(a) },
      });
      // One sign-in request: a full login's several requests could outlast 1 s on a busy machine.
      const token = await w.session.ensureToken(DEV_ADDRESS);
      const claims = JSON.parse(
        Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
      ) as { iat: number; exp: number };
      expect(claims.exp - claims.iat).toBe(1); // the server's configured lifetime
      // Until the server's clock has passed the expiry (a condition, not a fixed wait).
      await waitFor(() => Date.now() >= (claims.exp + 1) * 1000, 'the token to expire', 10_000);
      await w.userRecord.sync();
      expect(logouts).toEqual([DEV_ADDRESS]);
      expect(w.loggedOut).toEqual([DEV_ADDRESS]);
    } finally {
      await shortServer.close();
      await shortDb.dispose();
    }
  }, 30_000);
});

describe('backend sync: changes reach the server', () => {
  let w: Wallet;
  beforeEach(async () => {
    w = await wallet();
    await w.userRecord.init(LOGIN);
  });
  const contacts = () => w.records.getRecords().contacts;

  it('theme, locale, currency, crash reporting and default address', async () => {
    await w.userRecord.setTheme('dark');
    expect(w.preferences.state.theme).toBe('dark');
    await w.userRecord.setLocale('de');
    expect(w.preferences.state.locale).toBe('de');
    await w.userRecord.setSelectedCurrency('eur');
    expect(w.currency.state.currentCurrency).toBe('eur');
    expect(w.currency.state.conversionRate).toBeGreaterThan(0); // the server's offline rates
    await w.userRecord.setCrashReport(false);
    await w.userRecord.setDefaultPublicAddress(DEV_ADDRESS_1);

    expect(await serverRecord(w)).toMatchObject({
      theme: 'dark',
      locale: 'de',
      default_currency: 'EUR',
      enable_crash_reporter: false,
      default_public_address: DEV_ADDRESS_1,
    });
    expect(w.userRecord.getSettings()).toMatchObject({
      theme: 'dark',
      locale: 'de',
      selectedCurrency: 'EUR',
      crashReport: false,
      defaultPublicAddress: DEV_ADDRESS_1,
    });
  });

  it('a setting the server does not store fails with its code and changes nothing', async () => {
    // A session whose server cannot be reached (status 0: no answer).
    const unreachable = await wallet({
      serverUrl: 'http://127.0.0.1:1',
      sessionState: { jwtTokens: { [DEV_ADDRESS]: w.session.getToken(DEV_ADDRESS)! } },
    });
    await expect(unreachable.userRecord.setCrashReport(false)).rejects.toEqual(
      failure(F.requestFailed, 'crashReport', {
        status: 0,
        detail: expect.stringMatching(/^PATCH \/user\/crashreporter: /u),
      }),
    );
    expect(unreachable.userRecord.getSettings().crashReport).toBe(true);
    await expect(unreachable.userRecord.setTheme('dark')).rejects.toEqual(
      failure(F.requestFailed, 'theme'),
    );
    expect(unreachable.preferences.state.theme).toBe('light');
  });

  it('contacts: validated by login type, stored, deleted; each failure coded', async () => {
    await expect(
      w.records.addContact({
        name: 'Bob',
        contact_verifier: 'twitter',
        contact_verifier_id: 'bob',
      }),
    ).rejects.toEqual(
      failure(F.invalidInput, 'contactAdd', { detail: CONTACT_ERROR_KEYS.twitter }),
    );
    expect((await serverRecord(w)).contacts).toEqual([]);

    const bob = { name: 'Bob', contact_verifier: 'eth', contact_verifier_id: DEV_ADDRESS_1 };
    await w.records.addContact(bob);
    const stored = (await serverRecord(w)).contacts;
    expect(stored).toEqual([{ id: expect.any(Number), ...bob }]);
    expect(contacts()).toEqual(stored);

    await expect(
      w.records.addContact({
        ...bob,
        contact_verifier_id: DEV_ADDRESS_1.toUpperCase().replace('0X', '0x'),
      }),
    ).rejects.toEqual(
      failure(F.invalidInput, 'contactAdd', { detail: CONTACT_ERROR_KEYS.duplicate }),
    );

    await w.records.deleteContact(stored[0]!.id);
    expect((await serverRecord(w)).contacts).toEqual([]);
    expect(contacts()).toEqual([]);
    await expect(w.records.deleteContact(stored[0]!.id)).rejects.toEqual(
      failure(F.requestFailed, 'contactDelete', {
        status: 404,
        detail: `Contact ${stored[0]!.id} not found`,
      }),
    );
  });

  it('custom tokens and NFTs: a repeat add resolves and stores nothing more', async () => {
    const token = {
      token_address: TOKEN_ADDRESS,
      network: '0x1',
      token_symbol: 'DAI',
      token_name: 'Dai Stablecoin',
      decimals: 18,
    };
    await w.records.addCustomToken(token);
    await w.records.addCustomToken(token);
    const tokens = (await serverRecord(w)).customTokens;
    expect(tokens).toHaveLength(1);
    expect(w.records.getRecords().customTokens).toEqual(tokens);

    const nft = {
      nft_address: NFT_ADDRESS,
      network: '0x1',
      nft_name: 'Ape',
      nft_id: '42',
      nft_contract_standard: 'ERC721' as const,
    };
    await w.records.addCustomNft(nft);
    await w.records.addCustomNft(nft);
    expect((await serverRecord(w)).customNfts).toHaveLength(1);
    expect(w.records.getRecords().customNfts).toHaveLength(1);

    // Other failures carry the server's status and message.
    await expect(w.records.addCustomToken({ ...token, token_address: '0x1234' })).rejects.toEqual(
      failure(F.requestFailed, 'customTokenAdd', {
        status: 400,
        detail: expect.stringMatching(/^body\.token_address must match pattern/u),
      }),
    );

    await w.records.deleteCustomToken(tokens[0]!.id);
    expect((await serverRecord(w)).customTokens).toEqual([]);
  });

  it('custom networks and permissions', async () => {
    const network = {
      network_name: 'Dev chain',
      rpc_url: 'http://127.0.0.1:8545',
      chain_id: '0x7a69',
      symbol: 'ETH',
    };
    const added = await w.records.addCustomNetwork('rpc', network);
    expect((await serverRecord(w)).customNetworks).toEqual([added]);
    expect(added).toMatchObject({ network_type: 'rpc', ...network });
    await w.records.editCustomNetwork(added.id, { ...network, network_name: 'Renamed' });
    expect((await serverRecord(w)).customNetworks[0]?.network_name).toBe('Renamed');
    expect(w.records.getRecords().customNetworks[0]?.network_name).toBe('Renamed');

    await expect(
      w.records.addCustomNetwork('rpc', { ...network, rpc_url: 'ftp://x' }),
    ).rejects.toEqual(failure(F.requestFailed, 'customNetworkAdd'));
    await expect(w.records.editCustomNetwork(999_999, network)).rejects.toEqual(
      failure(F.requestFailed, 'customNetworkUpdate', {
        status: 404,
        detail: 'Custom network 999999 not found',
      }),
    );
    await w.records.deleteCustomNetwork(added.id);
    await expect(w.records.deleteCustomNetwork(added.id)).rejects.toEqual(
      failure(F.requestFailed, 'customNetworkDelete'),
    );
    expect((await serverRecord(w)).customNetworks).toEqual([]);

    await w.records.addPermission({
      name: 'eth_accounts',
      action: 'grant',
      origin: 'https://dapp.example',
      period: '1w',
    });
    expect((await serverRecord(w)).permissions).toEqual([
      expect.objectContaining({ name: 'eth_accounts', origin: 'https://dapp.example' }),
    ]);
    expect(w.records.getRecords().permissions).toEqual((await serverRecord(w)).permissions);
  });

  it('checks contact addresses with the RSK checksum on RSK networks', async () => {
    const rsk = await wallet({ providerConfig: BUILT_IN_NETWORKS.rsk_mainnet });
    await rsk.userRecord.init(LOGIN);
    const contact = (id: string) => ({
      name: 'R',
      contact_verifier: 'eth',
      contact_verifier_id: id,
    });
    // EIP-55 form: valid on Ethereum, not on RSK mainnet.
    await expect(
      rsk.records.addContact(contact('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')),
    ).rejects.toEqual(failure(F.invalidInput, 'contactAdd', { detail: CONTACT_ERROR_KEYS.eth }));
    // EIP-1191 for chain 30.
    await rsk.records.addContact(contact('0x5aaEB6053f3e94c9b9a09f33669435E7ef1bEAeD'));
    expect(rsk.records.getRecords().contacts).toHaveLength(1);
  });

  it('without a session, settings change locally and records are refused', async () => {
    const other = await wallet({ keys: [DEV_KEY_1], selectedAddress: DEV_ADDRESS_1 });
    await other.userRecord.setTheme('dark');
    expect(other.preferences.state.theme).toBe('dark');
    expect(other.calls).toEqual([]);
    const refused = other.records.addContact({
      name: 'x',
      contact_verifier: 'eth',
      contact_verifier_id: DEV_ADDRESS,
    });
    await expect(refused).rejects.toEqual(failure(F.notSignedIn, 'contactAdd'));
    await expect(refused).rejects.toThrow(NOT_SIGNED_IN);
    expect(other.calls).toEqual([]);
  });
});

describe('backend sync: polling', () => {
  it('syncs on a chained timer only with a token, a selected address and an active user', async () => {
    let idle = false;
    const timers = createManualTimers();
    const w = await wallet({ userRecord: { syncIntervalMs: 180_000, isIdle: () => idle, timers } });
    const gets = () => w.calls.filter((call) => call === 'GET /user').length;
    /** Fires the next sync and waits until it ended (it scheduled the one after). */
    const nextSync = async (what: string) => {
      const scheduled = timers.scheduledCount;
      timers.fireNext();
      await waitForScheduled(timers, scheduled, what);
    };
    w.userRecord.startPolling();
    expect(timers.pending()).toEqual([180_000]); // the first sync waits one interval
    await nextSync('a sync without a token');
    expect(gets()).toBe(0);

    await w.userRecord.init(LOGIN);
    const afterInit = gets();
    await nextSync('a sync');
    await nextSync('another sync');
    expect(gets()).toBe(afterInit + 2);
    // A change made elsewhere (another device) arrives with the next sync.
    await w.backend.setTheme(w.session.getToken(DEV_ADDRESS)!, 'dark');
    await nextSync('the sync after the change');
    expect(w.preferences.state.theme).toBe('dark');

    idle = true;
    const whileIdle = gets();
    await nextSync('an idle sync');
    expect(gets()).toBe(whileIdle);
    idle = false;
    await nextSync('an active sync');
    expect(gets()).toBe(whileIdle + 1);

    w.preferences.setSelectedAddress(null);
    await nextSync('a sync without a selected address');
    expect(gets()).toBe(whileIdle + 1);
    expect(timers.pending()).toEqual([180_000]);

    w.userRecord.destroy();
    expect(w.userRecord.isPolling()).toBe(false);
    expect(timers.pending()).toEqual([]);
  });
});
