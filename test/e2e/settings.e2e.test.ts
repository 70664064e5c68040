/**
 * The account menu and settings in Debian's Chromium against the built wallet, anvil and the
 * backend on PGlite (views.md §6 V1 checks 4, 5, 6, 7, 8 and 10 for these screens): accounts
 * listed with type and balance, switched, imported with every spec message, made default and
 * exported as an encrypted keystore file; custom networks probed, added, switched to, edited and
 * deleted; contacts signed in; currency and language; dapp permissions granted and revoked; axe
 * in both themes on the page and every dialog, keyboard-only use, 375×660 and desktop.
 */
import { readFile } from 'node:fs/promises';

import type { Page } from 'playwright-core';

import { startAnvil, type AnvilInstance } from '../../scripts/lib/anvil';
import { decryptKeystore, encryptKeystore } from '../../src/controllers/keyring/keystore';
import {
  createWalletThroughUi,
  DEV_ADDRESS,
  DEV_KEY,
  expectNoSidewaysScroll,
  focusedElement,
  launchBrowser,
  loginStep,
  reviewOverlay,
  reviewScreen,
  startWallet,
  tabThrough,
  until,
  VIEWPORTS,
  waitForToast,
  type Browser,
  type Wallet,
} from './harness';

jest.setTimeout(300_000);

let wallet: Wallet;
let second: AnvilInstance;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [wallet, second] = await Promise.all([
    startWallet({ backend: true }),
    startAnvil({ chainId: 31337 }),
  ]);
  browser = await launchBrowser();
  // Another tab of the wallet keeps the engine (a SharedWorker) alive across reloads.
  const keeper = await browser.open(`${wallet.url}/v5.0.2/confirm`);
  await keeper.getByTestId('confirm-empty').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([wallet?.close(), second?.stop()]);
});

const state = () =>
  page.evaluate(() => window.orreryTestHooks.state()) as Promise<
    ReturnType<Window['orreryTestHooks']['state']>
  >;

const openAccountMenu = async () => {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menu').waitFor();
};

const insideDialog = () =>
  page.evaluate(() =>
    Boolean(document.activeElement?.closest('[role="dialog"],[role="alertdialog"]')),
  );

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

describe('account menu and settings', () => {
  it('signs in locally and lands on settings, which passes axe in both themes', async () => {
    page = await browser.open(`${wallet.url}/v5.0.2/wallet/settings?test-hooks`);
    expect(await loginStep(page)).toBe('noVault');
    await createWalletThroughUi(page);
    await page.getByTestId('settings-page').waitFor();
    await page.getByTestId('contacts-signed-out').waitFor();
    await reviewScreen(page, 'settings-signed-out');
  });

  it('imports by private key with every message, lists accounts with type and balance, switches (check 4)', async () => {
    const [, key1] = second.privateKeys; // anvil's dev keys are the same on every anvil
    await openAccountMenu();
    await page.getByRole('menuitem', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Private key' }).click();
    const keyField = dialog.getByRole('textbox', { name: 'Private key', exact: true });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('Cannot import an empty key.').waitFor();
    await keyField.fill('0xnot-a-key');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('Cannot import invalid private key.').waitFor();
    await keyField.fill(key1!);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor({ state: 'detached' });
    await until(
      async () =>
        (await state()).PreferencesController.selectedAddress === second.accounts[1]!.toLowerCase(),
      'the imported account selected',
    );

    await openAccountMenu();
    const rows = page.getByRole('menuitemradio');
    expect(await rows.count()).toBe(2);
    const checked = page.getByRole('menuitemradio', { checked: true });
    expect(await checked.textContent()).toContain('Imported account');
    await until(
      async () => /\d[\d,]*\.\d{3} ETH/.test((await checked.textContent()) ?? ''),
      'a balance',
    );
    await reviewOverlay(page, 'account-menu-two-accounts', '[role="menu"]');

    // The same key again, and a keystore file with the wrong password.
    await page.getByRole('menuitem', { name: 'Add account' }).click();
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Private key' }).click();
    await keyField.fill(key1!);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('Already added').waitFor();
    await dialog.getByRole('tab', { name: 'Keystore file' }).click();
    const file = await encryptKeystore(second.privateKeys[2]!, 'Right-Password-1', 1024);
    await dialog
      .getByLabel('Keystore file (JSON)')
      .setInputFiles({ name: 'key.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await dialog.getByLabel('Keystore password').fill('Wrong-Password-1');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('Incorrect password for this keystore file.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Switching back to anvil #0 changes the home address.
    await openAccountMenu();
    await page.getByRole('menuitemradio', { checked: false }).click();
    await waitForToast(page, 'Switched account');
    await page.getByRole('link', { name: 'Home' }).last().click();
    await until(
      async () => (await page.getByTestId('selected-address').textContent()) === DEV_ADDRESS,
      'the home address of anvil #0',
    );
  });

  it('makes the selected account the default and exports it as an encrypted keystore file only', async () => {
    await openAccountMenu();
    await page.getByRole('menuitem', { name: 'Make default account' }).click();
    await waitForToast(page, 'Default account saved');
    await openAccountMenu();
    expect(await page.getByRole('menuitemradio', { checked: true }).textContent()).toContain(
      'Default',
    );
    expect(
      await page
        .getByRole('menuitem', { name: 'Make default account' })
        .getAttribute('aria-disabled'),
    ).toBe('true');

    await page.getByRole('menuitem', { name: 'Download keystore file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download keystore file' });
    await dialog.waitFor();
    await dialog.getByText('Anyone with this file and its password controls the account').waitFor();
    await reviewOverlay(page, 'export-keystore-dialog', '[role="dialog"]');
    await dialog.getByLabel('New file password').fill('weakpass');
    await dialog.getByLabel('Repeat the password').fill('weakpass');
    await dialog.getByRole('button', { name: 'Encrypt and download' }).click();
    await dialog.getByText('The password does not meet all the rules.').waitFor();

    await dialog.getByLabel('New file password').fill('Export-Pass-2026');
    await dialog.getByLabel('Repeat the password').fill('Export-Pass-2026');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      dialog.getByRole('button', { name: 'Encrypt and download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^UTC--.+--${DEV_ADDRESS.slice(2)}\\.json$`),
    );
    await waitForToast(page, 'Keystore file downloaded');
    await dialog.waitFor({ state: 'detached' });
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).not.toContain(DEV_KEY.slice(2));
    expect(await decryptKeystore(text, 'Export-Pass-2026')).toBe(DEV_KEY.slice(2));
  });

  it('adds a custom network after probing it, switches to it, edits and deletes it (check 5)', async () => {
    await rpc(second.rpcUrl, 'anvil_setBalance', [DEV_ADDRESS, '0x4563918244f40000']); // 5 ETH
    await page.goto(`${wallet.url}/v5.0.2/wallet/settings?test-hooks`);
    await page.getByTestId('settings-page').waitFor();
    await page.getByTestId('add-network').click();
    const dialog = page.getByRole('dialog', { name: 'Add network' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByText('Required').count()).toBe(3);
    await dialog.getByLabel('Network name').fill('Second anvil');
    await dialog.getByLabel('RPC URL').fill('http://127.0.0.1:9/');
    await dialog.getByLabel('Chain id', { exact: true }).fill('0x7a69');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This RPC URL did not answer with a chain id.').waitFor();
    await dialog.getByLabel('RPC URL').fill(second.rpcUrl);
    await dialog.getByLabel('Chain id', { exact: true }).fill('1234');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The RPC answered with chain id 31337, not the one entered.').waitFor();
    await reviewOverlay(page, 'network-form-errors', '[role="dialog"]');
    await dialog.getByLabel('Chain id', { exact: true }).fill('31337'); // decimal input
    await dialog.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Network added');
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('custom-network-row');
    await row.getByText('Second anvil').waitFor();

    // The selector lists it; switching changes chain id and balance.
    await page.getByTestId('network-select').click();
    expect(
      await page.getByRole('option', { name: /Reef Chain/ }).getAttribute('aria-disabled'),
    ).toBe('true');
    await page.getByRole('option', { name: /Second anvil/ }).click();
    await until(
      async () => (await state()).NetworkController.providerConfig.chainId === '0x7a69',
      'the custom network selected',
    );
    await page.getByRole('link', { name: 'Home' }).last().click();
    await until(
      async () => (await page.getByTestId('balance').textContent())?.startsWith('5.000 ETH'),
      'the balance on the second chain',
    );

    await page.getByRole('link', { name: 'Settings' }).last().click();
    await row.getByRole('button', { name: 'Edit Second anvil' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit network' });
    await edit.getByLabel('Network name').fill('Anvil two');
    await edit.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Network saved');
    await row.getByText('Anvil two').waitFor();
    expect(await page.getByTestId('network-select').textContent()).toContain('Anvil two');

    await row.getByRole('button', { name: 'Delete Anvil two' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this network?' });
    await confirm.waitFor();
    await reviewOverlay(page, 'delete-network-confirm', '[role="alertdialog"]');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'Network deleted');
    await row.waitFor({ state: 'detached' });
    await until(
      async () => (await state()).NetworkController.providerConfig.chainId === '0x1691',
      'back on the local chain',
    );
  });

  it('switches the currency from the list and the language, and saves crash reporting (check 7)', async () => {
    await page.getByTestId('currency-select').click();
    await page.getByRole('option', { name: /^EUR/ }).click();
    await waitForToast(page, 'Currency saved');
    expect((await state()).CurrencyController.currentCurrency).toBe('eur');
    expect(await page.getByTestId('currency-select').textContent()).toContain('EUR');

    await page.getByTestId('crash-report').click();
    await waitForToast(page, 'Crash reporting setting saved');
    expect(await page.getByTestId('crash-report').getAttribute('aria-checked')).toBe('false');

    await page.getByTestId('language-select').last().click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await page.getByRole('link', { name: 'Einstellungen' }).first().waitFor();
    await page.getByRole('button', { name: 'Netzwerk hinzufügen' }).waitFor();
    await reviewScreen(page, 'settings-german');
    await page.getByTestId('language-select').last().click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('link', { name: 'Settings' }).first().waitFor();
  });

  it('keeps contacts on the backend while signed in: invalid and duplicate refused (check 6)', async () => {
    await page.evaluate(() =>
      window.orreryTestHooks.actions.loginToBackend('google', 'alice@example.com'),
    );
    const form = page.getByTestId('contact-form');
    await form.waitFor();
    await form.getByLabel('Contact name').fill('alice');
    await form.getByLabel('ETH address').fill(second.accounts[2]!);
    await form.getByRole('button', { name: 'Add contact' }).click();
    await waitForToast(page, 'Contact added');
    await page.getByTestId('contact-row').getByText('alice').waitFor();

    await form.getByLabel('Contact name').fill('alice again');
    await form
      .getByLabel('ETH address')
      .fill(second.accounts[2]!.toUpperCase().replace('0X', '0x'));
    await form.getByRole('button', { name: 'Add contact' }).click();
    await form.getByText('This contact already exists').waitFor();

    await form.getByTestId('contact-type').click();
    await page.getByRole('option', { name: 'Twitter username' }).click();
    await form.getByLabel('Contact name').fill('bob');
    await form.getByLabel('Twitter username').fill('bob');
    await form.getByRole('button', { name: 'Add contact' }).click();
    await form.getByText('A Twitter username starts with @').waitFor();
    await reviewScreen(page, 'settings-signed-in');

    await page.getByRole('button', { name: 'Delete alice' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'Contact deleted');
    await page.goto(`${wallet.url}/v5.0.2/wallet/settings?test-hooks`);
    await page.getByTestId('contact-form').waitFor();
    expect(await page.getByTestId('contact-row').count()).toBe(0);
    await page.getByText('No contacts yet.').waitFor();
  });

  it('grants a site for a period, lists it with its expiry, and revokes it (check 8)', async () => {
    const form = page.getByTestId('grant-form');
    await form.getByLabel('Site').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Grant access' }).click();
    await form.getByText('Enter a web address such as https://app.example.').waitFor();
    await form.getByLabel('Site').fill('https://dapp.example/some/page');
    await form.getByRole('combobox', { name: 'Valid for' }).click();
    await page.getByRole('option', { name: '1 month' }).click();
    await form.getByRole('button', { name: 'Grant access' }).click();
    await waitForToast(page, 'Access granted');
    const row = page.getByTestId('permission-row');
    await row.getByText('https://dapp.example').waitFor();
    expect(await row.textContent()).toMatch(/1 month · Expires /);
    const grant = (await state()).PermissionController.grants['https://dapp.example'];
    expect(grant?.period).toBe('month');

    await row.getByRole('button', { name: 'Revoke https://dapp.example' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke access?' });
    await reviewOverlay(page, 'revoke-confirm', '[role="alertdialog"]');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await waitForToast(page, 'Access revoked');
    await row.waitFor({ state: 'detached' });
    expect((await state()).PermissionController.grants).toEqual({});
  });

  it('is usable by keyboard: every settings control reached, dialogs trap focus and Esc closes them (check 10)', async () => {
    await until(async () => (await page.getByTestId('toast').count()) === 0, 'toasts gone');
    const stops = await tabThrough(page, 120);
    const names = stops.map((stop) => stop.name);
    const missing = [
      'Add network',
      'Contact type',
      'Contact name',
      'Add contact',
      'Language',
      'Currency',
      'Send crash reports',
      'Site',
      'Grant access',
    ].filter((label) => !names.some((name) => name.startsWith(label)));
    expect({ missing, names }).toEqual({ missing: [], names });
    expect(stops.filter((stop) => !stop.visibleFocus)).toEqual([]);

    await page.getByTestId('add-network').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add network' });
    await dialog.waitFor();
    for (let i = 0; i < 12; i++) {
      expect(await insideDialog()).toBe(true);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await until(
      async () => (await focusedElement(page))?.testId === 'add-network',
      'focus back on add network',
    );
  });

  it('fits 375×660 without sideways scroll, with the menu and dialogs inside', async () => {
    await page.setViewportSize(VIEWPORTS.popup);
    await expectNoSidewaysScroll(page, 'settings at 375');
    await openAccountMenu();
    await reviewOverlay(page, 'account-menu', '[role="menu"]');
    await page.getByRole('menuitem', { name: 'Download keystore file' }).click();
    await page.getByRole('dialog', { name: 'Download keystore file' }).waitFor();
    await reviewOverlay(page, 'export-keystore-dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await page.getByTestId('add-network').click();
    await page.getByRole('dialog', { name: 'Add network' }).waitFor();
    await reviewOverlay(page, 'network-form', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expectNoSidewaysScroll(page, 'settings at 375 after dialogs');
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(
      browser.errors.filter((error) => !/ERR_CONNECTION_REFUSED|127\.0\.0\.1:9/.test(error)),
    ).toEqual([]);
  });
});
