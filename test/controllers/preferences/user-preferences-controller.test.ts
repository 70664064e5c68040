// UserPreferencesController against the real API server on PGlite; the sign-in message is
// signed by a real KeyringController holding anvil's dev key.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { TOKEN_EXPIRED_MESSAGE } from '../../../src/controllers/backend/api-client';
import { INVALID_SIGNIN_MESSAGE } from '../../../src/controllers/messages/signin-message';
import { CONTACT_ERROR_KEYS } from '../../../src/controllers/preferences/contact-validation';
import {
  NOT_SIGNED_IN,
  PREFERENCE_MESSAGES as MSG,
} from '../../../src/controllers/preferences/UserPreferencesController';
import { BUILT_IN_NETWORKS } from '../../../src/controllers/network/networks';
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
  const token = w.userPreferences.getToken(address);
  if (!token) throw new Error('no token');
  return w.backend.getUser(token);
}

describe('UserPreferencesController: login', () => {
  it('signs in, creates the user (isNewUser), records the login; a second init reuses the token', async () => {
    const first = await wallet({ keys: [DEV_KEY, DEV_KEY_1], selectedAddress: DEV_ADDRESS_1 });
    first.preferences.setTheme('dark');
    await first.userPreferences.init({ ...LOGIN, accountType: 'imported' });
    expect(first.signatures()).toBe(1);
    expect(first.userPreferences.state.isNewUser).toBe(true);
    // (GET /currency: the account's currency goes to the currency controller.)
    expect(first.calls.filter((c) => c !== 'GET /currency')).toEqual([
      'POST /auth/message',
      'POST /auth/verify',
      'GET /user',
      'POST /user',
      'POST /user/recordLogin',
    ]);
    const token = first.userPreferences.getToken(DEV_ADDRESS_1);
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
    expect(first.userPreferences.state.identities[DEV_ADDRESS_1]).toMatchObject({
      theme: 'dark',
      selectedCurrency: 'USD',
      accountType: 'imported',
      verifier: 'google',
      verifierId: 'alice@example.com',
      contacts: [],
    });

    // A restart with the persisted state: no new signature, an existing user.
    const second = await wallet({
      keys: [DEV_KEY, DEV_KEY_1],
      selectedAddress: DEV_ADDRESS_1,
      userPreferencesState: { jwtTokens: { ...first.userPreferences.state.jwtTokens } },
    });
    await second.userPreferences.init(LOGIN);
    expect(second.signatures()).toBe(0);
    expect(second.userPreferences.state.isNewUser).toBe(false);
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
      userPreferences: { signPersonalMessage: undefined },
    });
    await w.userPreferences.init(LOGIN);
    expect(w.calls).toContain('POST /auth/verify');
    // The server accepted the keyring's signature: the token it issued names that account.
    const token = w.userPreferences.getToken(DEV_ADDRESS_1);
    expect(verifyToken(token ?? '', TEST_JWT_SECRET).sub).toBe(DEV_ADDRESS_1);
  });

  it('keeps the token out of the UI (usedInUi false) but persists it', async () => {
    const w = await wallet();
    await w.userPreferences.init(LOGIN);
    const { jwtTokens } = w.userPreferences.state;
    expect(Object.keys(jwtTokens)).toEqual([DEV_ADDRESS]);
    // BaseController's metadata is what the engine's persistence and UI sync filter on.
    const meta = (
      w.userPreferences as unknown as {
        metadata: Record<string, { persist: boolean; usedInUi: boolean }>;
      }
    ).metadata;
    expect(meta.jwtTokens).toMatchObject({ persist: true, usedInUi: false });
    expect(meta.identities).toMatchObject({ persist: true, usedInUi: true });
  });

  it('signs in again when a stored token is expired locally or refused by the server', async () => {
    const expired = signToken(DEV_ADDRESS, TEST_JWT_SECRET, -60);
    const w1 = await wallet({ userPreferencesState: { jwtTokens: { [DEV_ADDRESS]: expired } } });
    await w1.userPreferences.init(LOGIN);
    expect(w1.signatures()).toBe(1);
    expect(w1.userPreferences.getToken(DEV_ADDRESS)).not.toBe(expired);

    // Signed with another secret: looks valid here, the server says 'Invalid token'.
    const forged = signToken(DEV_ADDRESS, 'another-secret-another-secret-another-secret', 3600);
    const w2 = await wallet({ userPreferencesState: { jwtTokens: { [DEV_ADDRESS]: forged } } });
    await w2.userPreferences.init(LOGIN);
    expect(w2.signatures()).toBe(1);
    expect(w2.calls.slice(0, 4)).toEqual([
      'GET /user',
      'POST /auth/message',
      'POST /auth/verify',
      'GET /user',
    ]);
    expect(w2.userPreferences.state.isNewUser).toBe(false);
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
      await expect(w.userPreferences.init(LOGIN)).rejects.toThrow(INVALID_SIGNIN_MESSAGE);
      expect(w.signatures()).toBe(0);
      expect(w.calls).toEqual(['POST /auth/message']);
      expect(w.userPreferences.getToken(DEV_ADDRESS)).toBeUndefined();
    } finally {
      await new Promise((resolve) => hostile.close(resolve));
    }
  });

  it("logs out on 401 'Token expired' from a sync or a change", async () => {
    const created = await wallet();
    await created.userPreferences.init(LOGIN); // the user exists on the server
    const expired = signToken(DEV_ADDRESS, TEST_JWT_SECRET, -1);
    await expect(created.backend.getUser(expired)).rejects.toMatchObject({
      name: 'TokenExpiredError',
      status: 401,
      message: TOKEN_EXPIRED_MESSAGE,
    });

    const syncing = await wallet({
      userPreferencesState: { jwtTokens: { [DEV_ADDRESS]: expired } },
    });
    await syncing.userPreferences.sync();
    expect(syncing.loggedOut).toEqual([DEV_ADDRESS]);
    expect(syncing.userPreferences.getToken(DEV_ADDRESS)).toBeUndefined();

    const changing = await wallet({
      userPreferencesState: { jwtTokens: { [DEV_ADDRESS]: expired } },
    });
    expect(await changing.userPreferences.setTheme('dark')).toBe(false);
    expect(changing.loggedOut).toEqual([DEV_ADDRESS]);
    expect(changing.userPreferences.getToken(DEV_ADDRESS)).toBeUndefined();
    expect(changing.preferences.state.theme).toBe('light');
  });

  it('a server token with a 1 s lifetime expires and the next sync logs out', async () => {
    const shortDb = await createTestDatabase('pglite');
    const shortServer = await startServer(shortDb.config({ jwtTtlSeconds: 1 }));
    try {
      const logouts: string[] = [];
      const w = await wallet({
        serverUrl: shortServer.url,
        userPreferences: { logout: (a) => logouts.push(a) },
      });
      await w.userPreferences.init(LOGIN);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await w.userPreferences.sync();
      expect(logouts).toEqual([DEV_ADDRESS]);
      expect(w.loggedOut).toEqual([DEV_ADDRESS]);
    } finally {
      await shortServer.close();
      await shortDb.dispose();
    }
  }, 30_000);
});

describe('UserPreferencesController: changes reach the server', () => {
  let w: Wallet;
  beforeEach(async () => {
    w = await wallet();
    await w.userPreferences.init(LOGIN);
    w.userPreferences.clearMessages();
  });
  const messages = () => ({
    successMsg: w.userPreferences.state.successMsg,
    errorMsg: w.userPreferences.state.errorMsg,
  });

  it('theme, locale, currency, crash reporting and default address', async () => {
    expect(await w.userPreferences.setTheme('dark')).toBe(true);
    expect(messages()).toEqual({ successMsg: MSG.theme.success, errorMsg: '' });
    expect(w.preferences.state.theme).toBe('dark');
    expect(await w.userPreferences.setLocale('de')).toBe(true);
    expect(w.preferences.state.locale).toBe('de');
    expect(await w.userPreferences.setSelectedCurrency('eur')).toBe(true);
    expect(messages().successMsg).toBe(MSG.currency.success);
    expect(w.currency.state.currentCurrency).toBe('eur');
    expect(w.currency.state.conversionRate).toBeGreaterThan(0); // the server's offline rates
    expect(await w.userPreferences.setCrashReport(false)).toBe(true);
    expect(messages().successMsg).toBe(MSG.crashReport.success);
    expect(await w.userPreferences.setDefaultPublicAddress(DEV_ADDRESS_1)).toBe(true);

    expect(await serverRecord(w)).toMatchObject({
      theme: 'dark',
      locale: 'de',
      default_currency: 'EUR',
      enable_crash_reporter: false,
      default_public_address: DEV_ADDRESS_1,
    });
    expect(w.userPreferences.getIdentity()).toMatchObject({
      theme: 'dark',
      locale: 'de',
      selectedCurrency: 'EUR',
      crashReport: false,
      defaultPublicAddress: DEV_ADDRESS_1,
    });
  });

  it('contacts: validated by login type, stored, deleted; failures give the fail key', async () => {
    expect(
      await w.userPreferences.addContact({
        name: 'Bob',
        contact_verifier: 'twitter',
        contact_verifier_id: 'bob',
      }),
    ).toBe(false);
    expect(messages().errorMsg).toBe(CONTACT_ERROR_KEYS.twitter);
    expect((await serverRecord(w)).contacts).toEqual([]);

    const bob = { name: 'Bob', contact_verifier: 'eth', contact_verifier_id: DEV_ADDRESS_1 };
    expect(await w.userPreferences.addContact(bob)).toBe(true);
    expect(messages()).toEqual({ successMsg: MSG.contactAdd.success, errorMsg: '' });
    const stored = (await serverRecord(w)).contacts;
    expect(stored).toEqual([{ id: expect.any(Number), ...bob }]);
    expect(w.userPreferences.getIdentity().contacts).toEqual(stored);

    expect(
      await w.userPreferences.addContact({
        ...bob,
        contact_verifier_id: DEV_ADDRESS_1.toUpperCase().replace('0X', '0x'),
      }),
    ).toBe(false);
    expect(messages().errorMsg).toBe(CONTACT_ERROR_KEYS.duplicate);

    expect(await w.userPreferences.deleteContact(stored[0]!.id)).toBe(true);
    expect(messages().successMsg).toBe(MSG.contactDelete.success);
    expect((await serverRecord(w)).contacts).toEqual([]);
    expect(await w.userPreferences.deleteContact(stored[0]!.id)).toBe(false);
    expect(messages()).toEqual({ successMsg: '', errorMsg: MSG.contactDelete.fail });
  });

  it('custom tokens and NFTs: 409 on a repeat add is ignored silently', async () => {
    const token = {
      token_address: TOKEN_ADDRESS,
      network: '0x1',
      token_symbol: 'DAI',
      token_name: 'Dai Stablecoin',
      decimals: 18,
    };
    expect(await w.userPreferences.addCustomToken(token)).toBe(true);
    expect(messages().successMsg).toBe(MSG.customTokenAdd.success);
    w.userPreferences.clearMessages();
    expect(await w.userPreferences.addCustomToken(token)).toBe(false);
    expect(messages()).toEqual({ successMsg: '', errorMsg: '' });
    expect(await w.userPreferences.addCustomToken(token, { fromDapp: true })).toBe(false);
    const tokens = (await serverRecord(w)).customTokens;
    expect(tokens).toHaveLength(1);
    expect(w.userPreferences.getIdentity().customTokens).toEqual(tokens);

    const nft = {
      nft_address: NFT_ADDRESS,
      network: '0x1',
      nft_name: 'Ape',
      nft_id: '42',
      nft_contract_standard: 'ERC721' as const,
    };
    expect(await w.userPreferences.addCustomNft(nft)).toBe(true);
    expect(messages().successMsg).toBe(MSG.customNftAdd.success);
    w.userPreferences.clearMessages();
    expect(await w.userPreferences.addCustomNft(nft)).toBe(false);
    expect(messages()).toEqual({ successMsg: '', errorMsg: '' });
    expect((await serverRecord(w)).customNfts).toHaveLength(1);

    // Other failures: the fail key, or rethrown for a dapp's watch request.
    const bad = { ...token, token_address: '0x1234' };
    expect(await w.userPreferences.addCustomToken(bad)).toBe(false);
    expect(messages().errorMsg).toBe(MSG.customTokenAdd.fail);
    await expect(w.userPreferences.addCustomToken(bad, { fromDapp: true })).rejects.toMatchObject({
      status: 400,
    });

    expect(await w.userPreferences.deleteCustomToken(tokens[0]!.id)).toBe(true);
    expect(messages().successMsg).toBe(MSG.customTokenDelete.success);
    expect((await serverRecord(w)).customTokens).toEqual([]);
  });

  it('custom networks and permissions', async () => {
    const network = {
      network_name: 'Dev chain',
      rpc_url: 'http://127.0.0.1:8545',
      chain_id: '0x7a69',
      symbol: 'ETH',
    };
    expect(await w.userPreferences.addCustomNetwork('rpc', network)).toBe(true);
    const [added] = (await serverRecord(w)).customNetworks;
    expect(added).toMatchObject({ network_type: 'rpc', ...network });
    expect(
      await w.userPreferences.editCustomNetwork(added!.id, { ...network, network_name: 'Renamed' }),
    ).toBe(true);
    expect((await serverRecord(w)).customNetworks[0]?.network_name).toBe('Renamed');
    expect(w.userPreferences.getIdentity().customNetworks[0]?.network_name).toBe('Renamed');

    expect(
      await w.userPreferences.addCustomNetwork('rpc', { ...network, rpc_url: 'ftp://x' }),
    ).toBe(false);
    expect(messages().errorMsg).toBe(MSG.customNetworkAdd.fail);
    expect(await w.userPreferences.editCustomNetwork(999_999, network)).toBe(false);
    expect(messages().errorMsg).toBe(MSG.networkUpdate.fail);
    expect(await w.userPreferences.deleteCustomNetwork(added!.id)).toBe(true);
    expect(await w.userPreferences.deleteCustomNetwork(added!.id)).toBe(false);
    expect(messages().errorMsg).toBe(MSG.customNetworkDelete.fail);
    expect((await serverRecord(w)).customNetworks).toEqual([]);

    expect(
      await w.userPreferences.addPermission({
        name: 'eth_accounts',
        action: 'grant',
        origin: 'https://dapp.example',
        period: '1w',
      }),
    ).toBe(true);
    expect((await serverRecord(w)).permissions).toEqual([
      expect.objectContaining({ name: 'eth_accounts', origin: 'https://dapp.example' }),
    ]);
  });

  it('checks contact addresses with the RSK checksum on RSK networks', async () => {
    const rsk = await wallet({ providerConfig: BUILT_IN_NETWORKS.rsk_mainnet });
    await rsk.userPreferences.init(LOGIN);
    const contact = (id: string) => ({
      name: 'R',
      contact_verifier: 'eth',
      contact_verifier_id: id,
    });
    // EIP-55 form: valid on Ethereum, not on RSK mainnet.
    expect(
      await rsk.userPreferences.addContact(contact('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')),
    ).toBe(false);
    expect(rsk.userPreferences.state.errorMsg).toBe(CONTACT_ERROR_KEYS.eth);
    // EIP-1191 for chain 30.
    expect(
      await rsk.userPreferences.addContact(contact('0x5aaEB6053f3e94c9b9a09f33669435E7ef1bEAeD')),
    ).toBe(true);
  });

  it('without a token, values change locally and records are refused', async () => {
    const other = await wallet({ keys: [DEV_KEY_1], selectedAddress: DEV_ADDRESS_1 });
    expect(await other.userPreferences.setTheme('dark')).toBe(true);
    expect(other.preferences.state.theme).toBe('dark');
    expect(other.calls).toEqual([]);
    expect(
      await other.userPreferences.addContact({
        name: 'x',
        contact_verifier: 'eth',
        contact_verifier_id: DEV_ADDRESS,
      }),
    ).toBe(false);
    expect(other.userPreferences.state.errorMsg).toBe(MSG.contactAdd.fail);
    expect(NOT_SIGNED_IN).toMatch(/Orrery/u);
  });
});

describe('UserPreferencesController: polling', () => {
  it('syncs on a chained timer only with a token, a selected address and an active user', async () => {
    let idle = false;
    const w = await wallet({ userPreferences: { syncIntervalMs: 40, isIdle: () => idle } });
    const gets = () => w.calls.filter((call) => call === 'GET /user').length;
    w.userPreferences.startPolling();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(gets()).toBe(0); // no token yet

    await w.userPreferences.init(LOGIN);
    const afterInit = gets();
    await waitFor(() => gets() >= afterInit + 2, 'two syncs');
    // A change made elsewhere (another device) arrives with the next sync.
    await w.backend.setTheme(w.userPreferences.getToken(DEV_ADDRESS)!, 'dark');
    await waitFor(() => w.preferences.state.theme === 'dark', 'the synced theme');

    idle = true;
    await new Promise((resolve) => setTimeout(resolve, 60));
    const whileIdle = gets();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(gets()).toBe(whileIdle);
    idle = false;
    await waitFor(() => gets() > whileIdle, 'sync to resume');

    w.preferences.setSelectedAddress(null);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const unselected = gets();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(gets()).toBe(unselected);

    w.userPreferences.destroy();
    expect(w.userPreferences.isPolling()).toBe(false);
  });
});
