/**
 * Social login in Debian's Chromium (issue #14, views.md §3.1 to §3.3): the built wallet with
 * the backend's identity service, the development identity provider and three key nodes
 * (threshold 2). A user clicks "Continue with Google" (by keyboard), signs in in the popup, and
 * lands on home with the key's address; a second fresh profile gets the same address (the key
 * is rebuilt from the nodes' shares, never stored by one party), also with a node stopped.
 * A reload restores the login without a popup (the session); logging out tells a connected dapp
 * (accountsChanged []) and refuses its signature request waiting in its approval window (4001,
 * no unlock window), forgets the user, locks the keys and ends the session; signing in again comes back to the same address. A closed popup is reported and
 * the buttons work again. axe runs on the login screen with its sign-in buttons, in both themes.
 */
import type { Page } from 'playwright-core';

import type { KeyNodeSet } from '../server/login/key-node-set';
import { startDappServer, type DappServer } from './dapp-server';
import {
  checkA11yBothThemes,
  launchBrowser,
  REPO_ROOT,
  loginStep,
  tabThrough,
  until,
  type Browser,
  type Wallet,
} from './harness';
import { startLoginWallet, type LoginWallet } from './login-wallet';

jest.setTimeout(300_000);

let login: LoginWallet;
let wallet: Wallet;
let keyNodes: KeyNodeSet;
let dappServer: DappServer;
const browsers: Browser[] = [];
const email = `e2e-${Date.now()}@example.com`;

beforeAll(async () => {
  dappServer = await startDappServer(REPO_ROOT);
  login = await startLoginWallet();
  ({ wallet, keyNodes } = login);
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => undefined);
  await login?.close();
  await dappServer?.close();
});

/** The test dapp (dapp-server.ts) as the page sees it. */
type DappWindow = {
  dapp: {
    events: Array<[string, unknown]>;
    start(name: string, args: { method: string; params?: unknown[] }): void;
    result(name: string): Promise<{ result?: unknown; error?: { code: number } }>;
  };
};

/** A dapp on another origin of the same site, connected to the signed-in account. */
async function connectDapp(browser: Browser, address: string): Promise<Page> {
  const frame = `${wallet.url}/provider-frame.html`;
  const dapp = await browser.open(
    `http://127.0.0.1:${dappServer.port}/dapp.html?frame=${encodeURIComponent(frame)}`,
  );
  const opened = browser.context.waitForEvent('page', {
    predicate: (candidate) => candidate.url().includes('/confirm?'),
  });
  await dapp.evaluate(() =>
    (window as unknown as DappWindow).dapp.start('connect', { method: 'eth_requestAccounts' }),
  );
  const popup = await opened;
  await popup.getByRole('radio', { name: '1 hour' }).click();
  await popup.getByRole('button', { name: 'Connect', exact: true }).click();
  expect(
    await dapp.evaluate(() => (window as unknown as DappWindow).dapp.result('connect')),
  ).toEqual({ result: [address] });
  return dapp;
}

async function freshProfile(): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.open(`${wallet.url}/v5.0.2/?test-hooks`);
  expect(await loginStep(page)).toBe('noVault');
  await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
  return { browser, page };
}

/**
 * At the development provider's pages in the popup: signs in as `who` and allows access. A
 * provider session from an earlier login in this profile skips both pages, as real providers
 * do: the popup then comes straight back and closes.
 */
async function signInAtProvider(popup: Page, who: string): Promise<void> {
  const closed = popup.waitForEvent('close').then(() => 'closed' as const);
  const form = popup
    .getByLabel('Email address')
    .waitFor()
    .then(
      () => 'form' as const,
      () => 'closed' as const,
    );
  if ((await Promise.race([closed, form])) === 'closed') return;
  await popup.getByLabel('Email address').fill(who);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await popup.getByRole('button', { name: 'Allow' }).click();
}

/** Chooses Google by keyboard only, signs in in the popup, and returns the home's address. */
async function loginWithGoogle(browser: Browser, page: Page): Promise<string> {
  const stops = await tabThrough(page);
  const google = stops.findIndex((stop) => stop.name === 'Continue with Google');
  expect(google).toBeGreaterThanOrEqual(0);
  expect(stops[google]!.visibleFocus).toBe(true);
  await page.getByRole('button', { name: 'Continue with Google' }).focus();
  const popupOpened = browser.context.waitForEvent('page');
  await page.keyboard.press('Enter');
  const popup = await popupOpened;
  await signInAtProvider(popup, email);
  if (!popup.isClosed()) await popup.waitForEvent('close');
  await page.getByTestId('login-page').waitFor({ state: 'detached', timeout: 60_000 });
  await until(async () => new URL(page.url()).pathname === '/v5.0.2/wallet/home', 'home');
  const shown = await page.getByTestId('selected-address').textContent();
  expect(shown).toMatch(/^0x[0-9a-f]{40}$/);
  return shown!;
}

describe('social login through the popup', () => {
  let firstAddress: string;

  it('offers the sign-in buttons on an accessible login screen', async () => {
    const { page } = await freshProfile();
    await checkA11yBothThemes(page, 'login with sign-in buttons');
    for (const name of ['Continue with Google', 'Continue with Discord'])
      expect(await page.getByRole('button', { name }).isEnabled()).toBe(true);
    // No SMTP server is configured here: the identity service offers no email login.
    expect(await page.getByRole('heading', { name: 'Sign in with email' }).count()).toBe(0);
    await page.close();
  });

  it('signs in with a development-provider user and lands on home with the derived address', async () => {
    const { browser, page } = await freshProfile();
    firstAddress = await loginWithGoogle(browser, page);
    // The key is the keyring's, as a normal (social) account.
    const state = await page.evaluate(() => window.orreryTestHooks.state());
    expect(state.KeyringController.accounts).toEqual([
      { address: firstAddress, accountType: 'normal' },
    ]);
    expect(state.LoginController.userInfo).toMatchObject({
      verifier: 'google',
      email,
      address: firstAddress,
    });
    expect(JSON.stringify(state)).not.toMatch(/privKey|"share"/);

    // A reload ends the engine; the login session brings the user back to home without a
    // popup (spec part 1 §2, §4), and the flag is false once restored.
    const popups: string[] = [];
    browser.context.on('page', (opened) => popups.push(opened.url()));
    // Landing on the login screen after the restore sends the user on to the wallet.
    await page.goto(`${wallet.url}/v5.0.2/?test-hooks`);
    await until(
      async () => new URL(page.url()).pathname === '/v5.0.2/wallet/home',
      'the wallet again',
    );
    await page.getByTestId('selected-address').waitFor();
    expect(await page.getByTestId('selected-address').textContent()).toBe(firstAddress);
    expect(popups).toEqual([]);
    const restored = await page.evaluate(() => window.orreryTestHooks.state());
    expect(restored.LoginController).toMatchObject({
      loginInProgress: false,
      sessionNamespace: '',
      userInfo: expect.objectContaining({ email, address: firstAddress }),
    });
    // No storage of the page holds the key or the vault password in clear.
    const key = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(key).not.toMatch(/[0-9a-f]{64}/);

    // Another namespace (a white-label host's pages) does not get this session.
    await page.goto(`${wallet.url}/v5.0.2/?sessionNamespace=acme&test-hooks`);
    await page.getByTestId('login-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/v5.0.2/');
  });

  it('gets the same address on a second fresh profile (non-custodial determinism)', async () => {
    const { browser, page } = await freshProfile();
    expect(await loginWithGoogle(browser, page)).toBe(firstAddress);
  });

  it('still signs in with one key node stopped (2 of 3 shares rebuild the key), and logs out', async () => {
    await keyNodes.stop(2);
    try {
      const { browser, page } = await freshProfile();
      expect(await loginWithGoogle(browser, page)).toBe(firstAddress);

      // A connected dapp, with a signature request waiting in its approval window.
      const dapp = await connectDapp(browser, firstAddress);
      const unlockWindows: string[] = [];
      browser.context.on('page', (opened) => {
        if (opened.url().includes('unlock=1')) unlockWindows.push(opened.url());
      });
      const confirmOpened = browser.context.waitForEvent('page', {
        predicate: (candidate) => candidate.url().includes('/confirm?id='),
      });
      await dapp.evaluate(
        (from) =>
          (window as unknown as DappWindow).dapp.start('sign', {
            method: 'personal_sign',
            params: ['0x68690a', from],
          }),
        firstAddress,
      );
      const confirm = await confirmOpened;
      await confirm.getByRole('button', { name: 'Sign', exact: true }).waitFor();

      // Logout (spec part 1 §4): the dapp is told, its window closes, the user is forgotten,
      // the keys leave memory and the session ends.
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByText('You have been logged out.').waitFor();
      expect(await loginStep(page)).toBe('locked');
      const state = await page.evaluate(() => window.orreryTestHooks.state());
      expect(state.LoginController).toMatchObject({ userInfo: null, sessionNamespace: null });
      expect(state.KeyringController).toMatchObject({ isUnlocked: false, accounts: [] });
      await until(
        () =>
          dapp.evaluate(() =>
            (window as unknown as DappWindow).dapp.events.some(
              ([name, payload]) =>
                name === 'accountsChanged' && Array.isArray(payload) && payload.length === 0,
            ),
          ),
        'accountsChanged [] at the dapp',
      );
      // The waiting signature is refused (4001), its window closes, and nothing asks to unlock.
      expect(
        await dapp.evaluate(() => (window as unknown as DappWindow).dapp.result('sign')),
      ).toMatchObject({ error: { code: 4001 } });
      if (!confirm.isClosed()) await confirm.waitForEvent('close');
      expect(unlockWindows).toEqual([]);
      // The session is over: a reload shows the login screen.
      await page.reload();
      expect(await loginStep(page)).toBe('locked');
      expect(await loginWithGoogle(browser, page)).toBe(firstAddress);
      expect(unlockWindows).toEqual([]);
    } finally {
      await keyNodes.start(2);
    }
  });

  it('reports a closed popup and lets the user try again', async () => {
    const { browser, page } = await freshProfile();
    const popupOpened = browser.context.waitForEvent('page');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    await popup.getByLabel('Email address').waitFor();
    await popup.close();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The sign-in window was closed before you finished' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Continue with Google' }).isEnabled()).toBe(true);
    expect(await loginStep(page)).toBe('noVault');
  });
});
