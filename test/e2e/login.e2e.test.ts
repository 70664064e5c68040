/**
 * Social login in Debian's Chromium (issue #14, views.md §3.1 to §3.3): the built wallet with
 * the backend's identity service, the development identity provider and three key nodes
 * (threshold 2). A user clicks "Continue with Google" (by keyboard), signs in in the popup, and
 * lands on home with the key's address; a second fresh profile gets the same address (the key
 * is rebuilt from the nodes' shares, never stored by one party), also with a node stopped.
 * Logging out forgets the user and locks the keys; signing in again comes back to the same
 * address. A closed popup is reported and the buttons work again. axe runs on the login screen
 * with its sign-in buttons.
 */
import type { Page } from 'playwright-core';

import { findFreePort } from '../../scripts/lib/anvil';
import {
  startDevIdentityProvider,
  type RunningDevIdentityProvider,
} from '../../src/server/dev-identity-provider/server';
import { generateSigningKey, loginConfigFromEnv } from '../../src/server/identity/config';
import { startKeyNodes, type KeyNodeSet } from '../server/login/key-node-set';
import { IDENTITY_ISSUER } from '../server/login/login-params';
import {
  checkA11y,
  launchBrowser,
  loginStep,
  startWallet,
  tabThrough,
  until,
  type Browser,
  type Wallet,
} from './harness';

jest.setTimeout(300_000);

let wallet: Wallet;
let idp: RunningDevIdentityProvider;
let keyNodes: KeyNodeSet;
const browsers: Browser[] = [];
const email = `e2e-${Date.now()}@example.com`;

beforeAll(async () => {
  const port = await findFreePort();
  const walletUrl = `http://127.0.0.1:${port}`;
  const redirectUris = [`${walletUrl}/end`, `${walletUrl}/v5.0.2/end`];
  const signingKey = generateSigningKey();
  idp = await startDevIdentityProvider({ redirectUris });
  // The wallet's engine calls the nodes from the page's origin.
  keyNodes = await startKeyNodes('pglite', 3, signingKey, { corsOrigins: [walletUrl] });
  wallet = await startWallet({
    backend: true,
    port,
    backendConfig: () => ({
      login: loginConfigFromEnv(
        {
          ORRERY_DEV_IDP_URL: idp.url,
          ORRERY_KEY_NODES: keyNodes.nodes.map((n, i) => `node-${i + 1}=${n?.url}`).join(','),
          ORRERY_KEY_THRESHOLD: '2',
          ORRERY_LOGIN_REDIRECT_URIS: redirectUris.join(','),
          ORRERY_IDENTITY_ISSUER: IDENTITY_ISSUER,
          ORRERY_IDENTITY_SIGNING_KEY: JSON.stringify(signingKey.privateJwk),
          ORRERY_LOGIN_RATE_LIMIT: '1000',
        },
        { dataDir: '/nonexistent/pglite', host: '127.0.0.1', port: 0 },
      ),
    }),
  });
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => undefined);
  await wallet?.close();
  await keyNodes?.close();
  await idp?.close();
});

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
    await checkA11y(page, 'login with sign-in buttons');
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

    // A reload ends the engine (no session restore yet): the vault is locked, and signing in
    // again with the same identity opens it (its password is derived from the key).
    await page.reload();
    expect(await loginStep(page)).toBe('locked');
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    expect(await loginWithGoogle(browser, page)).toBe(firstAddress);
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

      // Logout (spec part 1 §4): the user is forgotten and the keys leave memory.
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByText('You have been logged out.').waitFor();
      expect(await loginStep(page)).toBe('locked');
      const state = await page.evaluate(() => window.orreryTestHooks.state());
      expect(state.LoginController.userInfo).toBeNull();
      expect(state.KeyringController).toMatchObject({ isUnlocked: false, accounts: [] });
      expect(await loginWithGoogle(browser, page)).toBe(firstAddress);
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
