// The keys a login leaves in the engine (spec part 1 §3 and §4): the postbox key (the login's
// own key; its address in state, the key nowhere in state), app-scoped accounts derived from it
// and the threshold key, and plugin mode (a dapp's private key, embed loginWithPrivateKey).
import { Messenger, MOCK_ANY_NAMESPACE, type MockAnyNamespace } from '@metamask/messenger';

import { createBackendClient } from '../../../src/controllers/backend/api-client';
import {
  KeyringController,
  type KeyringControllerActions,
  type KeyringControllerEvents,
  type KeyringControllerLockEvent,
} from '../../../src/controllers/keyring/KeyringController';
import { KeyringErrorCode } from '../../../src/controllers/keyring/errors';
import { privateKeyToAddress } from '../../../src/controllers/keyring/sign-transaction';
import { deriveAppScopedKey } from '../../../src/controllers/login/app-scoped-key';
import { LoginErrorCode } from '../../../src/controllers/login/errors';
import {
  LoginController,
  type LoginControllerGetStateAction,
  type LoginControllerMessenger,
  type LoginControllerStateChangeEvent,
} from '../../../src/controllers/login/LoginController';
import { DevIdpBrowser } from '../../server/login/dev-idp-browser';
import { REDIRECT_URI } from '../../server/login/login-params';
import { startLoginStack, type LoginStack } from '../../server/login/login-stack';

const THRESHOLD_KEY = '5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const DAPP_KEY = '7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6';

function newProfile(baseUrl: string) {
  // As in the engine: the keyring's lock reaches the login controller.
  const root = new Messenger<
    MockAnyNamespace,
    KeyringControllerActions | LoginControllerGetStateAction,
    KeyringControllerEvents | LoginControllerStateChangeEvent
  >({ namespace: MOCK_ANY_NAMESPACE });
  const keyring = new KeyringController({
    messenger: new Messenger<
      'KeyringController',
      KeyringControllerActions,
      KeyringControllerEvents,
      typeof root
    >({ namespace: 'KeyringController', parent: root }) as unknown as ConstructorParameters<
      typeof KeyringController
    >[0]['messenger'],
  });
  const messenger = new Messenger<
    'LoginController',
    LoginControllerGetStateAction,
    LoginControllerStateChangeEvent | KeyringControllerLockEvent,
    typeof root
  >({ namespace: 'LoginController', parent: root });
  root.delegate({ events: ['KeyringController:lock'], messenger });
  const login = new LoginController({
    messenger: messenger as LoginControllerMessenger,
    backend: createBackendClient({ baseUrl }),
    keyring,
  });
  return { keyring, login };
}

const failure = (code: string, message?: string) =>
  expect.objectContaining({
    data: expect.objectContaining({ code }),
    ...(message ? { message } : {}),
  });

describe('postbox key and app-scoped accounts', () => {
  let stack: LoginStack;
  beforeAll(async () => {
    stack = await startLoginStack({ backend: 'pglite' });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  async function signIn(profile: ReturnType<typeof newProfile>, email: string) {
    const started = await profile.login.startSocialLogin('google', REDIRECT_URI);
    const back = await new DevIdpBrowser(REDIRECT_URI).signIn(started.authorizationUrl, email);
    return profile.login.finishSocialLogin(back.params.get('state')!, back.params.get('code')!);
  }

  it('keeps the postbox key in the engine, derives app-scoped accounts only with a threshold key, and forgets both at logout', async () => {
    const profile = newProfile(stack.api.url);
    await expect(profile.login.addAppScopedAccount('cHJvamVjdC0x')).rejects.toEqual(
      failure(LoginErrorCode.appScopedUnavailable),
    );
    const { address } = await signIn(profile, `postbox-${Date.now()}@example.com`);
    expect(profile.login.state.postboxAddress).toBe(address);
    const postboxKey = profile.keyring.getPrivateKeyForSigning(address).slice(2);
    expect(JSON.stringify(profile.login.state)).not.toContain(postboxKey);

    // The postbox key alone is not enough (spec: both keys must exist).
    await expect(profile.login.addAppScopedAccount('cHJvamVjdC0x')).rejects.toEqual(
      failure(
        LoginErrorCode.appScopedUnavailable,
        'App-scoped keys need both the threshold key and the postbox key',
      ),
    );
    profile.login.setThresholdKey(THRESHOLD_KEY);
    await expect(profile.login.addAppScopedAccount('not base64!')).rejects.toEqual(
      failure(LoginErrorCode.invalidProjectId, 'Invalid project id'),
    );

    const first = await profile.login.addAppScopedAccount('cHJvamVjdC0x');
    const second = await profile.login.addAppScopedAccount('cHJvamVjdC0y');
    expect(first).toBe(
      privateKeyToAddress(deriveAppScopedKey(THRESHOLD_KEY, postboxKey, 'cHJvamVjdC0x')),
    );
    expect(second).not.toBe(first);
    // The same project again is the same account, not a second one.
    expect(await profile.login.addAppScopedAccount('cHJvamVjdC0x')).toBe(first);
    expect(profile.keyring.state.accounts).toEqual([
      { address, accountType: 'normal' },
      { address: first, accountType: 'app_scoped' },
      { address: second, accountType: 'app_scoped' },
    ]);
    const appKey = profile.keyring.getPrivateKeyForSigning(first).slice(2);
    expect(JSON.stringify(profile.login.state)).not.toContain(appKey);
    expect(JSON.stringify(profile.keyring.state)).not.toContain(appKey);

    // A locked wallet holds no key: the lock drops the postbox and threshold keys too.
    profile.keyring.setLocked();
    await expect(profile.login.addAppScopedAccount('cHJvamVjdC0x')).rejects.toEqual(
      failure(LoginErrorCode.appScopedUnavailable),
    );

    profile.login.logout();
    expect(profile.login.state.postboxAddress).toBeNull();
    await expect(profile.login.addAppScopedAccount('cHJvamVjdC0z')).rejects.toEqual(
      failure(LoginErrorCode.appScopedUnavailable),
    );
  }, 60_000);
});

describe('plugin mode: login with a dapp’s private key', () => {
  // Plugin mode asks nothing of the identity service: nothing listens here.
  const offline = 'http://127.0.0.1:9';

  it('signs a fresh profile in with the key: its own vault, an imported account, the dapp’s userInfo', async () => {
    const profile = newProfile(offline);
    const address = await profile.login.loginWithPrivateKey(DAPP_KEY, {
      name: 'Dana',
      email: 'dana@example.com',
      verifier: 'dapp-verifier',
      verifierId: 'dana',
    });
    expect(address).toBe(privateKeyToAddress(DAPP_KEY));
    expect(profile.keyring.state).toMatchObject({
      hasVault: true,
      isUnlocked: true,
      accounts: [{ address, accountType: 'imported' }],
    });
    expect(profile.login.state.plugin).toEqual({
      userInfo: {
        name: 'Dana',
        email: 'dana@example.com',
        verifier: 'dapp-verifier',
        verifierId: 'dana',
      },
    });
    expect(JSON.stringify(profile.login.state)).not.toContain(DAPP_KEY);

    // Locked, the same key opens its vault again; logout leaves plugin mode.
    await profile.keyring.setLocked();
    expect(await profile.login.loginWithPrivateKey(`0x${DAPP_KEY}`)).toBe(address);
    expect(profile.keyring.state.isUnlocked).toBe(true);
    expect(profile.login.state.plugin).toEqual({ userInfo: {} });
    profile.login.logout();
    expect(profile.login.state.plugin).toBeNull();
  });

  it('refuses bad keys with the spec’s messages, and unknown userInfo fields', async () => {
    const profile = newProfile(offline);
    await expect(profile.login.loginWithPrivateKey('')).rejects.toEqual(
      failure(KeyringErrorCode.emptyKey, 'Cannot import an empty key.'),
    );
    await expect(profile.login.loginWithPrivateKey(42)).rejects.toEqual(
      failure(KeyringErrorCode.emptyKey, 'Cannot import an empty key.'),
    );
    for (const bad of [
      '0'.repeat(64),
      'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141',
      DAPP_KEY.slice(2),
      `${DAPP_KEY}00`,
      'zz'.repeat(32),
    ])
      await expect(profile.login.loginWithPrivateKey(bad)).rejects.toEqual(
        failure(KeyringErrorCode.invalidKey, 'Cannot import invalid private key.'),
      );
    await expect(
      profile.login.loginWithPrivateKey(DAPP_KEY, { name: 'Dana', privKey: DAPP_KEY }),
    ).rejects.toEqual(failure(LoginErrorCode.refused, 'Invalid userInfo: privKey is not allowed'));
    await expect(profile.login.loginWithPrivateKey(DAPP_KEY, { name: 7 })).rejects.toEqual(
      failure(LoginErrorCode.refused, 'Invalid userInfo: name must be a string'),
    );
    await expect(profile.login.loginWithPrivateKey(DAPP_KEY, ['x'])).rejects.toEqual(
      failure(LoginErrorCode.refused, 'Invalid userInfo'),
    );
    // Nothing was stored by a refused login.
    expect(profile.keyring.state).toMatchObject({ hasVault: false, accounts: [] });
    expect(profile.login.state.plugin).toBeNull();
  });
});
