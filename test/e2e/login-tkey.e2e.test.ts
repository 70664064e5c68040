/**
 * Threshold (tKey) accounts in Debian's Chromium (issue #14): the built wallet with the identity
 * service, the development identity provider and three key nodes (threshold 2). A user signs in
 * with Google, makes a two-factor account in settings (this browser + a password) and shows the
 * backup phrase; a fresh profile signs in with Google and is asked for a second factor: a wrong
 * password is refused, the right one opens the same address; another fresh profile opens it
 * with the backup phrase. axe runs on the new-device step. No wrap key, share or phrase is in
 * the UI state.
 */
import type { Page } from 'playwright-core';

import { checkA11y, launchBrowser, loginStep, until, type Browser, type Wallet } from './harness';
import { startLoginWallet, type LoginWallet } from './login-wallet';

jest.setTimeout(300_000);

let login: LoginWallet;
let wallet: Wallet;
const browsers: Browser[] = [];
const email = `tkey-e2e-${Date.now()}@example.com`;
const PASSWORD = 'Threshold pass 7';

beforeAll(async () => {
  login = await startLoginWallet();
  ({ wallet } = login);
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => undefined);
  await login?.close();
});

async function freshProfile(): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.open(`${wallet.url}/v5.0.2/?test-hooks`);
  expect(await loginStep(page)).toBe('noVault');
  await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
  return { browser, page };
}

/** Clicks Google and signs in at the development provider in the popup. */
async function googleSignIn(browser: Browser, page: Page): Promise<void> {
  const popupOpened = browser.context.waitForEvent('page');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email address').fill(email);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await popup.getByRole('button', { name: 'Allow' }).click();
  if (!popup.isClosed()) await popup.waitForEvent('close');
}

async function homeAddress(page: Page): Promise<string> {
  await page.getByTestId('login-page').waitFor({ state: 'detached', timeout: 60_000 });
  await until(async () => new URL(page.url()).pathname === '/v5.0.2/wallet/home', 'home');
  const shown = await page.getByTestId('selected-address').textContent();
  expect(shown).toMatch(/^0x[0-9a-f]{40}$/);
  return shown!;
}

async function uiState(page: Page) {
  return page.evaluate(() => window.orreryTestHooks.state());
}

describe('threshold account: device + password, then social + password, then social + phrase', () => {
  let tkeyAddress: string;
  let phrase: string;

  it('makes a two-factor account in settings and shows its backup phrase', async () => {
    const { browser, page } = await freshProfile();
    await googleSignIn(browser, page);
    const normalAddress = await homeAddress(page);

    await page.getByRole('link', { name: 'Settings' }).first().click();
    const card = page.getByRole('region', { name: 'Login factors' });
    await card.waitFor();
    await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await card.getByLabel('Retype password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Set up two-factor account' }).click();
    await page.getByRole('status').filter({ hasText: 'Two-factor account set up' }).waitFor({
      timeout: 60_000,
    });

    let state = await uiState(page);
    expect(state.LoginController.userInfo).toMatchObject({ accountType: 'threshold' });
    tkeyAddress = state.LoginController.userInfo!.address;
    expect(tkeyAddress).not.toBe(normalAddress);
    expect(state.PreferencesController.selectedAddress).toBe(tkeyAddress);
    expect(state.TKeyController.factors.map((f) => f.type)).toEqual([
      'social',
      'device',
      'password',
    ]);

    // The backup phrase, behind the password.
    await page.getByLabel('Current password').fill('Wrong pass 77');
    await page.getByRole('button', { name: 'Show backup phrase' }).click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect password' }).waitFor({
      timeout: 60_000,
    });
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Show backup phrase' }).click();
    await page.getByTestId('backup-phrase').waitFor({ timeout: 60_000 });
    phrase = (await page.getByTestId('backup-phrase').textContent())!.trim();
    expect(phrase.split(' ')).toHaveLength(24);

    state = await uiState(page);
    const shown = JSON.stringify(state);
    expect(shown).not.toMatch(/wrapKey|sealedShare|privKey/u);
    expect(shown).not.toContain(phrase);
    expect(shown).not.toContain(PASSWORD);
    expect(state.TKeyController.factors.map((f) => f.type)).toContain('backup');
    await checkA11y(page, 'settings with the login factors card');
  });

  it('a new profile signs in with Google, then the password (a wrong one refused): same address', async () => {
    const { browser, page } = await freshProfile();
    await googleSignIn(browser, page);
    await page.getByRole('heading', { name: 'Verify this new device' }).waitFor({
      timeout: 60_000,
    });
    await checkA11y(page, 'new-device second factor');
    expect(await loginStep(page)).toBe('noVault');
    // The new-device step replaces the local way in (no vault password form beside it).
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(1);
    await page.getByLabel('Password', { exact: true }).fill('Wrong pass 77');
    await page.getByRole('button', { name: 'Continue with password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect password' }).waitFor({
      timeout: 60_000,
    });
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue with password' }).click();
    expect(await homeAddress(page)).toBe(tkeyAddress);
    const state = await uiState(page);
    expect(state.KeyringController.accounts).toEqual([
      { address: tkeyAddress, accountType: 'threshold' },
    ]);
    // This browser became a factor.
    expect(state.TKeyController.factors.filter((f) => f.type === 'device')).toHaveLength(2);

    // Settings: remove the first browser (after a confirmation); this one stays.
    await page.getByRole('link', { name: 'Settings' }).first().click();
    const card = page.getByRole('region', { name: 'Login factors' });
    await card.waitFor();
    const firstDevice = card
      .getByRole('listitem')
      .filter({ hasNotText: 'this device' })
      .filter({
        has: page.getByRole('button', { name: 'Remove device' }),
      });
    await firstDevice.getByRole('button', { name: 'Remove device' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove device' }).click();
    await until(
      async () =>
        (await uiState(page)).TKeyController.factors.filter((f) => f.type === 'device').length ===
        1,
      'one device left',
    );
    expect(
      (await uiState(page)).TKeyController.factors.find((f) => f.type === 'device'),
    ).toMatchObject({
      thisDevice: true,
    });
  });

  it('another new profile opens it with the backup phrase: same address', async () => {
    const { browser, page } = await freshProfile();
    await googleSignIn(browser, page);
    await page.getByRole('heading', { name: 'Verify this new device' }).waitFor({
      timeout: 60_000,
    });
    await page.getByLabel('Backup phrase').fill(phrase.split(' ').reverse().join(' '));
    await page.getByRole('button', { name: 'Continue with backup phrase' }).click();
    await page.getByRole('alert').filter({ hasText: 'This backup phrase does not open' }).waitFor({
      timeout: 60_000,
    });
    await page.getByLabel('Backup phrase').fill(phrase);
    await page.getByRole('button', { name: 'Continue with backup phrase' }).click();
    expect(await homeAddress(page)).toBe(tkeyAddress);
  });
});
