// The wallet's login against the real identity service, development provider and three key
// nodes (threshold 2): the key is made on the first login, rebuilt on later ones (on a fresh
// keyring too: another device), with a node down, and stays in the background's keyring.
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
import { DevIdpBrowser } from '../../server/login/dev-idp-browser';
import { REDIRECT_URI } from '../../server/login/login-params';
import { startLoginStack, type LoginStack } from '../../server/login/login-stack';

const failure = (code: LoginErrorCode) => ({ data: { code } });

/** A wallet profile: its own keyring and login controller against the stack's API. */
function newProfile(
  stack: LoginStack,
  extra: { fetch?: typeof fetch; configRetryDelaysMs?: number[] } = {},
) {
  const keyring = new KeyringController({
    messenger: new Messenger<
      'KeyringController',
      KeyringControllerActions,
      KeyringControllerEvents
    >({ namespace: 'KeyringController' }),
  });
  const messenger: LoginControllerMessenger = new Messenger({ namespace: 'LoginController' });
  const login = new LoginController({
    messenger,
    backend: createBackendClient({
      baseUrl: stack.api.url,
      ...(extra.fetch ? { fetch: extra.fetch } : {}),
    }),
    keyring,
    ...(extra.configRetryDelaysMs ? { configRetryDelaysMs: extra.configRetryDelaysMs } : {}),
  });
  return { keyring, login };
}

/** The user clicks a sign-in button, signs in at the provider as `email`, and comes back. */
async function signIn(
  profile: ReturnType<typeof newProfile>,
  email: string,
  verifier: 'google' | 'discord' = 'google',
) {
  const started = await profile.login.startSocialLogin(verifier, REDIRECT_URI);
  expect(profile.login.state.loginInProgress).toBe(true);
  const back = await new DevIdpBrowser(REDIRECT_URI).signIn(started.authorizationUrl, email);
  return profile.login.finishSocialLogin(back.params.get('state')!, back.params.get('code')!);
}

describe('LoginController with three key nodes (threshold 2)', () => {
  let stack: LoginStack;
  beforeAll(async () => {
    stack = await startLoginStack({ backend: 'pglite' });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('makes the key on a first login and rebuilds the same one on another profile', async () => {
    const email = `first-${Date.now()}@example.com`;
    const first = newProfile(stack);
    const created = await signIn(first, email);
    expect(created.created).toBe(true);
    expect(created.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(first.keyring.state.isUnlocked).toBe(true);
    expect(first.keyring.state.accounts).toEqual([
      { address: created.address, accountType: 'normal' },
    ]);
    expect(first.login.state).toMatchObject({
      loginInProgress: false,
      userInfo: expect.objectContaining({
        verifier: 'google',
        verifierId: email,
        email,
        address: created.address,
        accountType: 'normal',
      }),
    });
    // The key is in the keyring only: never in the login's state nor the keyring's.
    const key = first.keyring.getPrivateKeyForSigning(created.address).slice(2);
    expect(JSON.stringify(first.login.state)).not.toContain(key);
    expect(JSON.stringify(first.keyring.state)).not.toContain(key);

    const second = newProfile(stack);
    const again = await signIn(second, email);
    expect(again).toMatchObject({ address: created.address, created: false });
    expect(second.keyring.getPrivateKeyForSigning(again.address).slice(2)).toBe(key);
  }, 60_000);

  it('gives another user (or another verifier) another key', async () => {
    const email = `other-${Date.now()}@example.com`;
    const google = await signIn(newProfile(stack), email, 'google');
    const discord = await signIn(newProfile(stack), email, 'discord');
    const otherUser = await signIn(newProfile(stack), `x-${email}`, 'google');
    expect(new Set([google.address, discord.address, otherUser.address]).size).toBe(3);
    expect(discord.userInfo.verifier).toBe('discord');
  }, 60_000);

  it('still signs in with one node down, but never makes a second key then', async () => {
    const email = `down-${Date.now()}@example.com`;
    const created = await signIn(newProfile(stack), email);
    await stack.stopNode(1);
    try {
      const again = await signIn(newProfile(stack), email);
      expect(again).toMatchObject({ address: created.address, created: false });
      // A first login needs every node: with one down it fails and makes no key.
      const profile = newProfile(stack);
      await expect(signIn(profile, `new-${email}`)).rejects.toMatchObject(
        failure(LoginErrorCode.keyUnavailable),
      );
      expect(profile.login.state.loginInProgress).toBe(false);
      expect(profile.keyring.state.hasVault).toBe(false);
    } finally {
      await stack.startNode(1);
    }
  }, 60_000);

  it("opens the locked vault of the same key, and refuses another user's locked vault", async () => {
    const email = `lock-${Date.now()}@example.com`;
    const profile = newProfile(stack);
    const first = await signIn(profile, email);
    profile.keyring.setLocked();
    const again = await signIn(profile, email);
    expect(again.address).toBe(first.address);
    expect(profile.keyring.state).toMatchObject({
      isUnlocked: true,
      accounts: [{ address: first.address }],
    });

    profile.keyring.setLocked();
    await expect(signIn(profile, `intruder-${email}`)).rejects.toMatchObject(
      failure(LoginErrorCode.vaultLocked),
    );
    expect(profile.keyring.state.isUnlocked).toBe(false);
    expect(profile.login.state.loginInProgress).toBe(false);
  }, 60_000);

  it('refuses a login it did not start and a verifier not offered, ending the login', async () => {
    const profile = newProfile(stack);
    await expect(profile.login.finishSocialLogin('x'.repeat(43), 'code')).rejects.toMatchObject(
      failure(LoginErrorCode.unknownLogin),
    );
    await expect(
      profile.login.startSocialLogin('nope' as never, REDIRECT_URI),
    ).rejects.toMatchObject(failure(LoginErrorCode.refused));
    expect(profile.login.state.loginInProgress).toBe(false);

    // The popup closed: the login is cancelled, and its state cannot be finished later.
    const started = await profile.login.startSocialLogin('google', REDIRECT_URI);
    profile.login.cancelSocialLogin(started.state);
    expect(profile.login.state.loginInProgress).toBe(false);
    await expect(profile.login.finishSocialLogin(started.state, 'code')).rejects.toMatchObject(
      failure(LoginErrorCode.unknownLogin),
    );
  }, 60_000);

  it("lists the deployment's verifiers and key nodes", async () => {
    const profile = newProfile(stack);
    expect(profile.login.state.verifiers).toEqual([]);
    await profile.login.refreshLoginOptions();
    expect(profile.login.state.verifiers).toContainEqual({
      verifier: 'google',
      typeOfLogin: 'google',
      flavour: 'oidc',
    });
    expect(profile.login.state.verifiers).toContainEqual({
      verifier: 'email_passwordless',
      typeOfLogin: 'email_passwordless',
      flavour: 'email',
    });
    const config = await profile.login.getLoginConfig();
    expect(config.verifiers.map((v) => v.verifier)).toContain('google');
    expect(config.keyNodes).toHaveLength(3);
    expect(config.keyThreshold).toBe(2);
  });

  it('asks for the sign-in ways again after no answer or a server error, not after a refusal', async () => {
    // The identity service does not answer the first read (a slow start, a network blip), then
    // answers 503, then is there: the buttons appear without an engine restart.
    const answers: string[] = [];
    const flaky = (failures: Array<'network' | number>): typeof fetch =>
      (async (input, init) => {
        const failure = failures.shift();
        if (failure === 'network') {
          answers.push('network');
          throw new TypeError('fetch failed');
        }
        if (typeof failure === 'number') {
          answers.push(String(failure));
          return new Response('{"error":"busy"}', { status: failure });
        }
        answers.push('ok');
        return fetch(input, init);
      }) as typeof fetch;
    const profile = newProfile(stack, {
      fetch: flaky(['network', 503]),
      configRetryDelaysMs: [10, 10, 10],
    });
    await profile.login.refreshLoginOptions();
    expect(profile.login.state.verifiers).toEqual([]);
    const deadline = Date.now() + 10_000;
    while (profile.login.state.verifiers.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(answers).toEqual(['network', '503', 'ok']);
    expect(profile.login.state.verifiers).toContainEqual({
      verifier: 'google',
      typeOfLogin: 'google',
      flavour: 'oidc',
    });

    // A deployment that refuses (404: no login set up) is not asked again, however long it waits.
    answers.length = 0;
    const refused = newProfile(stack, { fetch: flaky([404]), configRetryDelaysMs: [10] });
    jest.useFakeTimers();
    try {
      await refused.login.refreshLoginOptions();
      await jest.advanceTimersByTimeAsync(120_000);
    } finally {
      jest.useRealTimers();
    }
    expect(answers).toEqual(['404']);
    expect(refused.login.state.verifiers).toEqual([]);
  });

  it('signs in with the email code', async () => {
    const email = `mail-${Date.now()}@example.com`;
    const profile = newProfile(stack);
    const started = await profile.login.startEmailLogin(email, REDIRECT_URI);
    const mail = await stack.mail.waitFor((m) => m.to.includes(email));
    const code = /verification code is (\d{6})\./.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    // The server's refusal carries its own code, for the view's translated text.
    await expect(profile.login.finishEmailLogin(started.loginId, wrong)).rejects.toMatchObject(
      failure(LoginErrorCode.wrongCode),
    );
    const loggedIn = await profile.login.finishEmailLogin(started.loginId, code);
    expect(loggedIn.userInfo).toMatchObject({ verifier: 'email_passwordless', email });
    expect(profile.keyring.state.accounts).toEqual([
      { address: loggedIn.address, accountType: 'normal' },
    ]);
  }, 60_000);

  it('signs in with the magic link opened in another browser', async () => {
    const email = `link-${Date.now()}@example.com`;
    const asking = newProfile(stack);
    const started = await asking.login.startEmailLogin(email, REDIRECT_URI);
    const mail = await stack.mail.waitFor((m) => m.to.includes(email));
    const link = /(http:\/\/\S+magic_link=\S+)/.exec(mail.text)?.[1];
    const token = new URL(link!).searchParams.get('magic_link')!;
    // Not opened yet: the server asks for the email to be verified first.
    await expect(asking.login.finishEmailLogin(started.loginId)).rejects.toMatchObject({
      message: 'Please verify your email first',
      ...failure(LoginErrorCode.verifyEmailFirst),
    });
    // Opened on another device: that browser's engine marks it verified, holding no login.
    await expect(newProfile(stack).login.verifyMagicLink(token)).resolves.toEqual({ email });
    const loggedIn = await asking.login.finishEmailLogin(started.loginId);
    expect(loggedIn.userInfo).toMatchObject({ verifier: 'email_passwordless', email });
    await expect(newProfile(stack).login.verifyMagicLink(token)).rejects.toMatchObject(
      failure(LoginErrorCode.linkUsed),
    );
  }, 60_000);
});
