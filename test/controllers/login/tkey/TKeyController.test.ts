// Threshold accounts through the real login stack (identity service, development provider,
// three key nodes with threshold 2): created on one profile with device + password, then opened
// on fresh profiles with social + password and social + backup phrase, the same address each
// time; the device factor is persisted (not in UI state); refusals leave the login waiting.
import { Messenger, MOCK_ANY_NAMESPACE, type MockAnyNamespace } from '@metamask/messenger';

import { createBackendClient } from '../../../../src/controllers/backend/api-client';
import {
  KeyringController,
  type KeyringControllerActions,
  type KeyringControllerEvents,
  type KeyringControllerLockEvent,
} from '../../../../src/controllers/keyring/KeyringController';
import {
  LoginController,
  type LoginControllerMessenger,
} from '../../../../src/controllers/login/LoginController';
import { TKeyErrorCode } from '../../../../src/controllers/login/tkey/errors';
import {
  TKeyController,
  tKeyControllerMetadata,
  type TKeyControllerGetStateAction,
  type TKeyControllerMessenger,
  type TKeyControllerStateChangeEvent,
  type TKeyState,
} from '../../../../src/controllers/login/tkey/TKeyController';
import { DevIdpBrowser } from '../../../server/login/dev-idp-browser';
import { REDIRECT_URI } from '../../../server/login/login-params';
import { startLoginStack, type LoginStack } from '../../../server/login/login-stack';

const scrypt = { N: 2 ** 10, r: 8, p: 1 };
const PASSWORD = 'Threshold pass 7';
const refused = (code: string) => expect.objectContaining({ data: { code } });

/** A browser profile: keyring, tKey and login controllers; `devices` is its persisted factor. */
function newProfile(stack: LoginStack, devices?: TKeyState['devices']) {
  // One root, as in the engine: the keyring's lock reaches the TKeyController.
  const root = new Messenger<
    MockAnyNamespace,
    KeyringControllerActions | TKeyControllerGetStateAction,
    KeyringControllerEvents | TKeyControllerStateChangeEvent
  >({ namespace: MOCK_ANY_NAMESPACE });
  const keyringMessenger = new Messenger<
    'KeyringController',
    KeyringControllerActions,
    KeyringControllerEvents,
    typeof root
  >({ namespace: 'KeyringController', parent: root });
  const keyring = new KeyringController({
    messenger: keyringMessenger as unknown as ConstructorParameters<
      typeof KeyringController
    >[0]['messenger'],
  });
  const tkeyMessenger = new Messenger<
    'TKeyController',
    TKeyControllerGetStateAction,
    TKeyControllerStateChangeEvent | KeyringControllerLockEvent,
    typeof root
  >({ namespace: 'TKeyController', parent: root });
  root.delegate({ events: ['KeyringController:lock'], messenger: tkeyMessenger });
  const tkey = new TKeyController({
    messenger: tkeyMessenger as TKeyControllerMessenger,
    scrypt,
    deviceLabel: () => 'Test browser',
    ...(devices ? { state: { devices } } : {}),
  });
  const messenger: LoginControllerMessenger = new Messenger({ namespace: 'LoginController' });
  const login = new LoginController({
    messenger,
    backend: createBackendClient({ baseUrl: stack.api.url }),
    keyring,
    tkey,
  });
  return { keyring, tkey, login };
}

async function signIn(profile: ReturnType<typeof newProfile>, email: string) {
  const started = await profile.login.startSocialLogin('google', REDIRECT_URI);
  const back = await new DevIdpBrowser(REDIRECT_URI).signIn(started.authorizationUrl, email);
  return profile.login.finishSocialLogin(back.params.get('state')!, back.params.get('code')!);
}

/** What persistence would store / what a view would see of the TKeyController's state. */
function slice(state: TKeyState, flag: 'persist' | 'usedInUi') {
  return Object.fromEntries(
    Object.entries(state).filter(([key]) => tKeyControllerMetadata[key as keyof TKeyState][flag]),
  );
}

describe('TKeyController with three key nodes (threshold 2)', () => {
  let stack: LoginStack;
  beforeAll(async () => {
    stack = await startLoginStack({ backend: 'pglite' });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('creates with device + password, recovers with social + password and social + phrase', async () => {
    const email = `tkey-${Date.now()}@example.com`;
    const first = newProfile(stack);
    const normal = await signIn(first, email);
    expect(normal.userInfo.accountType).toBe('normal');
    const created = await first.login.createThresholdAccount(PASSWORD);
    expect(created.userInfo.accountType).toBe('threshold');
    expect(created.address).not.toBe(normal.address);
    // The login's key stays the postbox key; with the threshold key, app-scoped keys derive.
    expect(first.login.state.postboxAddress).toBe(normal.address);
    const appScoped = await first.login.addAppScopedAccount('tkey-project');
    expect(first.keyring.state.accounts).toContainEqual({
      address: appScoped,
      accountType: 'app_scoped',
    });
    expect(first.keyring.state.accounts).toContainEqual({
      address: created.address,
      accountType: 'threshold',
    });
    expect(first.tkey.state.factors.map((f) => [f.type, f.thisDevice])).toEqual([
      ['social', false],
      ['device', true],
      ['password', false],
    ]);
    const key = first.keyring.getPrivateKeyForSigning(created.address).slice(2);
    // The device factor is persisted, never shown to views; no key in either.
    const persisted = slice(first.tkey.state, 'persist');
    const shown = slice(first.tkey.state, 'usedInUi');
    expect(Object.keys(persisted)).toEqual(['devices']);
    expect(JSON.stringify(shown)).not.toMatch(/wrapKey/u);
    expect(JSON.stringify(first.tkey.state)).not.toContain(key);
    expect(JSON.stringify(first.login.state)).not.toContain(key);
    const phrase = await first.tkey.exportBackupPhrase({ password: PASSWORD });
    expect(phrase.split(' ')).toHaveLength(24);
    // Locking drops the keys held for settings, as logout does: nothing more without a login.
    first.keyring.setLocked();
    expect(first.tkey.state.factors).toEqual([]);
    await expect(first.tkey.exportBackupPhrase({ password: PASSWORD })).rejects.toEqual(
      refused(TKeyErrorCode.oneFactor),
    );

    // The same profile after a restart: its persisted device factor opens the account.
    first.login.logout();
    const restarted = newProfile(stack, persisted.devices as TKeyState['devices']);
    await expect(signIn(restarted, email)).resolves.toMatchObject({
      address: created.address,
      userInfo: expect.objectContaining({ accountType: 'threshold' }),
    });

    // A new profile: social alone is one factor; a wrong password is refused; the right one opens.
    const second = newProfile(stack);
    await expect(signIn(second, email)).rejects.toEqual(refused(TKeyErrorCode.secondFactorNeeded));
    expect(second.tkey.state.secondFactorNeeded).toBe(true);
    expect(second.keyring.state.accounts).toEqual([]);
    await expect(
      second.login.finishWithSecondFactor({ type: 'password', password: 'Wrong pass 77' }),
    ).rejects.toEqual(refused(TKeyErrorCode.wrongPassword));
    const byPassword = await second.login.finishWithSecondFactor({
      type: 'password',
      password: PASSWORD,
    });
    expect(byPassword.address).toBe(created.address);
    expect(second.keyring.getPrivateKeyForSigning(created.address).slice(2)).toBe(key);
    expect(second.tkey.state.secondFactorNeeded).toBe(false);
    // It became a device factor: three devices' worth of factors now on the nodes.
    expect(second.tkey.state.factors.filter((f) => f.type === 'device')).toHaveLength(2);

    // A third profile with the backup phrase (a wrong phrase first).
    const third = newProfile(stack);
    await expect(signIn(third, email)).rejects.toEqual(refused(TKeyErrorCode.secondFactorNeeded));
    await expect(
      third.login.finishWithSecondFactor({
        type: 'phrase',
        phrase: phrase.split(' ').reverse().join(' '),
      }),
    ).rejects.toEqual(refused(TKeyErrorCode.wrongPhrase));
    const byPhrase = await third.login.finishWithSecondFactor({ type: 'phrase', phrase });
    expect(byPhrase.address).toBe(created.address);

    // The third removes the other devices: the second profile needs a second factor again.
    const devices = third.tkey.state.factors.filter((f) => f.type === 'device' && !f.thisDevice);
    for (const device of devices) await third.tkey.removeFactor(device.id);
    expect(third.tkey.state.factors.map((f) => f.type)).toEqual([
      'social',
      'password',
      'backup',
      'device',
    ]);
    second.login.logout();
    const secondAgain = newProfile(
      stack,
      slice(second.tkey.state, 'persist').devices as TKeyState['devices'],
    );
    await expect(signIn(secondAgain, email)).rejects.toEqual(
      refused(TKeyErrorCode.secondFactorNeeded),
    );
  }, 120_000);

  it('a normal account stays normal; tKey actions need a signed-in user', async () => {
    const profile = newProfile(stack);
    await expect(profile.login.createThresholdAccount(PASSWORD)).rejects.toThrow();
    await expect(profile.tkey.exportBackupPhrase({ confirmed: true })).rejects.toEqual(
      refused(TKeyErrorCode.oneFactor),
    );
    const normal = await signIn(profile, `normal-${Date.now()}@example.com`);
    expect(normal.userInfo.accountType).toBe('normal');
    expect(profile.tkey.state.factors).toEqual([]);
    await expect(profile.tkey.createAccount('weak')).rejects.toEqual(
      refused(TKeyErrorCode.weakPassword),
    );
  }, 60_000);
});
