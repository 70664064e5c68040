// Login sessions (spec part 1 §2-§5): after a restart of the background (a reload), the login
// of a namespace is restored without a popup; another namespace's is not; logout and expiry end
// it; `loginInProgress` is false after every outcome; the sealing key is never readable.
import { Messenger } from '@metamask/messenger';

import { createBackendClient } from '../../../src/controllers/backend/api-client';
import {
  KeyringController,
  type KeyringControllerActions,
  type KeyringControllerEvents,
} from '../../../src/controllers/keyring/KeyringController';
import {
  LoginController,
  type LoginControllerMessenger,
} from '../../../src/controllers/login/LoginController';
import { LoginErrorCode } from '../../../src/controllers/login/errors';
import {
  checkSessionNamespace,
  createSessionRecord,
  MemoryLoginSessionStore,
  openSessionRecord,
  type LoginSessionStore,
} from '../../../src/controllers/login/login-session';
import { DevIdpBrowser } from '../../server/login/dev-idp-browser';
import { REDIRECT_URI } from '../../server/login/login-params';
import { startLoginStack, type LoginStack } from '../../server/login/login-stack';

const USER = {
  verifier: 'google' as const,
  verifierId: 'a@example.com',
  typeOfLogin: 'google' as const,
  name: 'A',
  email: 'a@example.com',
  profileImage: '',
  address: '0x1111111111111111111111111111111111111111' as const,
  accountType: 'normal' as const,
};

describe('session records', () => {
  it('open only in the namespace they were sealed for, and their key cannot be exported', async () => {
    const record = await createSessionRecord({
      namespace: 'acme',
      vaultPassword: 'p'.repeat(64),
      userInfo: USER,
      expiresAt: Date.now() + 1000,
    });
    await expect(openSessionRecord('acme', record)).resolves.toBe('p'.repeat(64));
    await expect(openSessionRecord('', record)).rejects.toThrow();
    await expect(openSessionRecord('other', record)).rejects.toThrow();
    // Another account named in the record does not open either (bound into the ciphertext).
    await expect(
      openSessionRecord('acme', {
        ...record,
        userInfo: { ...USER, address: '0x2222222222222222222222222222222222222222' },
      }),
    ).rejects.toThrow();
    expect(record.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', record.key)).rejects.toThrow();
    // Nothing in the record is the password in clear.
    expect(new TextDecoder().decode(record.sealed)).not.toContain('pppp');
  });

  it('need a session id (spec: Session Id is required)', async () => {
    await expect(
      createSessionRecord({
        namespace: '',
        vaultPassword: 'x',
        userInfo: USER,
        expiresAt: 1,
        sessionId: '',
      }),
    ).rejects.toMatchObject({
      message: 'Session Id is required',
      data: { code: LoginErrorCode.sessionIdRequired },
    });
  });

  it('allow short namespace names only', () => {
    expect(checkSessionNamespace(undefined)).toBe('');
    expect(checkSessionNamespace('')).toBe('');
    expect(checkSessionNamespace('acme-wallet_1.x')).toBe('acme-wallet_1.x');
    for (const bad of ['a/b', '../x', 'x'.repeat(65), 'a b', 7, {}]) {
      expect(() => checkSessionNamespace(bad)).toThrow('Invalid session namespace');
    }
  });
});

/** A wallet background: keyring and login over a persisted vault and a session store. */
function newBackground(
  stack: LoginStack,
  sessions: LoginSessionStore,
  { vault, now }: { vault?: string; now?: () => number } = {},
) {
  const keyring = new KeyringController({
    messenger: new Messenger<
      'KeyringController',
      KeyringControllerActions,
      KeyringControllerEvents
    >({ namespace: 'KeyringController' }),
    ...(vault ? { state: { vault } } : {}),
  });
  const messenger: LoginControllerMessenger = new Messenger({ namespace: 'LoginController' });
  const login = new LoginController({
    messenger,
    backend: createBackendClient({ baseUrl: stack.api.url }),
    keyring,
    sessions,
    ...(now ? { now } : {}),
  });
  return { keyring, login, messenger };
}

async function signIn(background: ReturnType<typeof newBackground>, email: string, namespace = '') {
  const started = await background.login.startSocialLogin('google', REDIRECT_URI, { namespace });
  const back = await new DevIdpBrowser(REDIRECT_URI).signIn(started.authorizationUrl, email);
  return background.login.finishSocialLogin(back.params.get('state')!, back.params.get('code')!);
}

/** The same profile after a reload: a new background over what was stored. */
function reload(
  stack: LoginStack,
  before: ReturnType<typeof newBackground>,
  sessions: LoginSessionStore,
  now?: () => number,
) {
  return newBackground(stack, sessions, { vault: before.keyring.state.vault ?? undefined, now });
}

describe('LoginController sessions (real identity service and three key nodes)', () => {
  let stack: LoginStack;
  beforeAll(async () => {
    stack = await startLoginStack({ backend: 'pglite' });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('restores a login after a reload without signing in again, in its namespace only', async () => {
    const sessions = new MemoryLoginSessionStore();
    const first = newBackground(stack, sessions);
    const email = `restore-${Date.now()}@example.com`;
    const loggedIn = await signIn(first, email);
    expect(first.login.state.sessionNamespace).toBe('');
    const stored = await sessions.get('');
    expect(stored).toBeDefined();
    // The record holds no key and no password in clear.
    const key = first.keyring.getPrivateKeyForSigning(loggedIn.address).slice(2);
    expect(Buffer.from(stored!.sealed).toString('hex')).not.toContain(key);

    const after = reload(stack, first, sessions);
    expect(after.keyring.state.isUnlocked).toBe(false);
    expect(after.login.state.userInfo).toBeNull();
    // Another namespace (a white-label host) does not get this session.
    await expect(after.login.restoreSession('acme')).resolves.toEqual({ restored: false });
    expect(after.keyring.state.isUnlocked).toBe(false);

    const seen: boolean[] = [];
    after.messenger.subscribe('LoginController:stateChange', (state) =>
      seen.push(state.loginInProgress),
    );
    const restored = await after.login.restoreSession('');
    expect(restored).toMatchObject({ restored: true, address: loggedIn.address });
    expect(seen).toContain(true); // in progress while restoring...
    expect(after.login.state.loginInProgress).toBe(false); // ...and not after
    expect(after.keyring.state.isUnlocked).toBe(true);
    expect(after.keyring.getPrivateKeyForSigning(loggedIn.address).slice(2)).toBe(key);
    expect(after.login.state).toMatchObject({
      sessionNamespace: '',
      userInfo: expect.objectContaining({ email, address: loggedIn.address }),
    });
    // A second page of the same namespace shares it.
    await expect(after.login.restoreSession('')).resolves.toMatchObject({ restored: true });
  }, 60_000);

  it('keeps namespaces apart: a host namespace login restores there, not in the default', async () => {
    const sessions = new MemoryLoginSessionStore();
    const first = newBackground(stack, sessions);
    await signIn(first, `ns-${Date.now()}@example.com`, 'acme');
    expect(await sessions.get('')).toBeUndefined();
    // A record copied under another namespace does not open there, and is thrown away.
    await sessions.put('', (await sessions.get('acme'))!);
    const after = reload(stack, first, sessions);
    await expect(after.login.restoreSession('')).resolves.toEqual({ restored: false });
    expect(await sessions.get('')).toBeUndefined();
    expect(after.login.state.loginInProgress).toBe(false);
    await expect(after.login.restoreSession('acme')).resolves.toMatchObject({ restored: true });
    expect(after.login.state.sessionNamespace).toBe('acme');
  }, 60_000);

  it('ends with logout and with expiry', async () => {
    const sessions = new MemoryLoginSessionStore();
    let now = Date.now();
    const first = newBackground(stack, sessions, { now: () => now });
    await signIn(first, `end-${Date.now()}@example.com`);
    await first.login.logout();
    expect(first.login.state).toMatchObject({ userInfo: null, sessionNamespace: null });
    expect(await sessions.get('')).toBeUndefined();
    await expect(reload(stack, first, sessions).login.restoreSession('')).resolves.toEqual({
      restored: false,
    });

    const second = newBackground(stack, sessions, { now: () => now });
    await signIn(second, `expire-${Date.now()}@example.com`);
    now += 24 * 60 * 60 * 1000 + 1;
    const after = reload(stack, second, sessions, () => now);
    await expect(after.login.restoreSession('')).resolves.toEqual({ restored: false });
    expect(await sessions.get('')).toBeUndefined();
    expect(after.keyring.state.isUnlocked).toBe(false);
    expect(after.login.state.loginInProgress).toBe(false);
  }, 60_000);

  it("reports 'No Accounts available' when the session's account is not in the vault", async () => {
    const sessions = new MemoryLoginSessionStore();
    const first = newBackground(stack, sessions);
    await signIn(first, `noacc-${Date.now()}@example.com`);
    const record = (await sessions.get(''))!;
    const password = await openSessionRecord('', record);
    // The same vault password, sealed for an account this vault does not hold.
    await sessions.put(
      '',
      await createSessionRecord({
        namespace: '',
        vaultPassword: password,
        userInfo: { ...record.userInfo, address: '0x2222222222222222222222222222222222222222' },
        expiresAt: Date.now() + 60_000,
      }),
    );
    const after = reload(stack, first, sessions);
    await expect(after.login.restoreSession('')).resolves.toEqual({
      restored: false,
      noAccounts: true,
    });
    expect(after.login.state.loginInProgress).toBe(false);
  }, 60_000);
});
