/**
 * The rest of issue #10 in Debian's Chromium against the built wallet, anvil and the backend on
 * PGlite: the featured billboard from GET /billboard (https links only, in the user's language),
 * the currency picker on the balance card, the onboarding stepper by keyboard, the settings
 * privacy card (default account, keystore download) and a grant recorded on the backend
 * (POST /permissions) once signed in. axe in both themes, 375×660 and desktop, keyboard.
 */
import type { Page } from 'playwright-core';

import {
  createWalletThroughUi,
  DEV_ADDRESS,
  expectNoSidewaysScroll,
  focusedElement,
  launchBrowser,
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
let browser: Browser;
let page: Page;

const state = () =>
  page.evaluate(() => window.orreryTestHooks.state()) as Promise<
    ReturnType<Window['orreryTestHooks']['state']>
  >;

beforeAll(async () => {
  wallet = await startWallet({ backend: true });
  await wallet
    .backend!.database.db.insertInto('billboard')
    .values([
      {
        call_to_action_link: 'https://learn.example/start',
        locale: 'en',
        title: 'Learn about wallets',
        description: 'A short guide to keeping keys safe.',
        call_to_action_text: 'Read the guide',
      },
      {
        call_to_action_link: 'https://learn.example/start',
        locale: 'de',
        title: 'Wallets verstehen',
        description: 'Eine kurze Anleitung.',
      },
      // Not https: the wallet refuses it.
      { call_to_action_link: 'http://plain.example/', locale: 'en', title: 'Plain link' },
    ])
    .execute();
  browser = await launchBrowser();
  const keeper = await browser.open(`${wallet.url}/v5.0.2/confirm`);
  await keeper.getByTestId('confirm-empty').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await wallet?.close();
});

describe('home and settings, the rest of #10', () => {
  it('shows the billboard in the user language, https links only, opening in a new tab', async () => {
    page = await browser.open(`${wallet.url}/v5.0.2/wallet/home?test-hooks`);
    await createWalletThroughUi(page);
    await page.getByTestId('native-balance').waitFor();
    const billboard = page.getByRole('region', { name: 'Featured' });
    await billboard.waitFor();
    const link = billboard.getByRole('link', { name: /Read the guide/ });
    expect(await link.getAttribute('href')).toBe('https://learn.example/start');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await billboard.getByText('Plain link').count()).toBe(0);
    await reviewScreen(page, 'home-billboard');
  });

  it('changes the display currency from the balance card', async () => {
    const picker = page
      .getByTestId('balance-card')
      .getByRole('combobox', { name: 'Display currency' });
    await picker.click();
    await page.getByRole('option', { name: /^EUR/ }).click();
    await waitForToast(page, 'Currency saved');
    expect((await state()).CurrencyController.currentCurrency).toBe('eur');
    expect(await picker.textContent()).toContain('EUR');
    // Keyboard: focus the picker, open it with Enter, pick with arrows, close with Escape.
    await picker.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await reviewOverlay(page, 'balance-currency-list', '[role="listbox"]');
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect((await focusedElement(page))?.name).toContain('Display currency');
  });

  it('the billboard follows the language', async () => {
    await page.evaluate(() => window.orreryTestHooks.actions.setLocale('de'));
    await page.getByRole('region', { name: 'Empfohlen' }).getByText('Wallets verstehen').waitFor();
    await page
      .getByRole('region', { name: 'Empfohlen' })
      .getByRole('link', { name: /Mehr erfahren/ })
      .waitFor();
    await page.evaluate(() => window.orreryTestHooks.actions.setLocale('en'));
    await page.getByRole('region', { name: 'Featured' }).getByText('Learn about wallets').waitFor();
  });

  it('walks a new account through the onboarding stepper by keyboard', async () => {
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.getByRole('tab', { name: 'New account' }).click();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.waitFor({ state: 'detached' });
    const onboarding = page.getByRole('region', { name: 'Let us get you set up' });
    await onboarding.waitFor();
    await onboarding.getByText('Step 1 of 3').waitFor();
    await reviewScreen(page, 'home-onboarding-question');

    await onboarding.getByRole('button', { name: 'I own digital assets' }).focus();
    await page.keyboard.press('Enter');
    await onboarding.getByText('Step 2 of 3').waitFor();
    // Focus follows the step: its heading, so a screen reader reads the new step.
    expect((await focusedElement(page))?.name).toBe('Know your wallet address');
    await onboarding.getByRole('button', { name: 'Back' }).click();
    await onboarding.getByRole('button', { name: 'I do not own digital assets' }).click();
    expect((await focusedElement(page))?.name).toBe('Get digital currency and tokens');
    await onboarding.getByRole('link', { name: /top-up/ }).waitFor();
    await onboarding.getByRole('button', { name: 'Next' }).click();
    await onboarding.getByRole('button', { name: 'Next' }).click();
    await onboarding.getByText('Step 4 of 4').waitFor();
    expect((await focusedElement(page))?.name).toBe('You are all set');
    await reviewScreen(page, 'home-onboarding-done');
    await onboarding.getByRole('button', { name: 'Return home' }).click();
    await onboarding.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('native-balance').waitFor();
    expect(await page.getByTestId('onboarding').count()).toBe(0);
  });

  it('settings privacy card: details, make default, download wallet in a dialog', async () => {
    // Back to anvil #0 (the hooks come with ?test-hooks; the wallet drops it on navigation).
    await page.goto(`${wallet.url}/v5.0.2/wallet/settings?test-hooks`);
    await page.getByTestId('settings-page').waitFor();
    await page.evaluate(
      (address) => window.orreryTestHooks.actions.setSelectedAddress(address),
      DEV_ADDRESS,
    );
    const card = page.getByRole('region', { name: 'Privacy and security' });
    await card.waitFor();
    await until(
      async () => (await card.getByTestId('privacy-address').textContent()) === DEV_ADDRESS,
      'the selected address in the card',
    );
    await card.getByText('Imported account').waitFor();
    expect(await card.getByTestId('privacy-default').textContent()).toBe(
      'Not your default account',
    );
    await card.getByRole('button', { name: 'Make default account' }).click();
    await waitForToast(page, 'Default account saved');
    await until(
      async () =>
        (await card.getByTestId('privacy-default').textContent()) ===
        'This is your default account',
      'the default account marked',
    );
    expect(await card.getByRole('button', { name: 'Make default account' }).isDisabled()).toBe(
      true,
    );
    await reviewScreen(page, 'settings-privacy');

    const download = card.getByRole('button', { name: 'Download wallet (keystore file)' });
    await download.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Download keystore file' });
    await dialog.waitFor();
    await reviewOverlay(page, 'privacy-export-dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await focusedElement(page))?.name).toBe('Download wallet (keystore file)');
  });

  it('records a site granted in settings on the backend once signed in (POST /permissions)', async () => {
    await page.evaluate(() =>
      window.orreryTestHooks.actions.loginToBackend('google', 'dana@example.com'),
    );
    const form = page.getByTestId('grant-form');
    await form.getByLabel('Site').fill('https://dapp.example');
    await form.getByRole('button', { name: 'Grant access' }).click();
    await waitForToast(page, 'Access granted');
    const recorded = await until(async () => {
      const records = (await state()).BackendRecordsController.records[DEV_ADDRESS];
      return records?.permissions.find((p) => p.origin === 'https://dapp.example');
    }, 'the grant recorded by the backend');
    expect(recorded).toMatchObject({ name: 'dapp.example', action: 'eth_accounts' });
    // The account picker followed the switch to anvil #0 made while settings was open.
    expect((await state()).PermissionController.grants['https://dapp.example']?.accounts).toEqual([
      DEV_ADDRESS,
    ]);
  });

  it('fits 375×660 and is usable by keyboard, with visible focus', async () => {
    await page.setViewportSize(VIEWPORTS.popup);
    await page.goto(`${wallet.url}/v5.0.2/wallet/home?test-hooks`);
    await page.getByRole('region', { name: 'Featured' }).waitFor();
    await expectNoSidewaysScroll(page, 'home with billboard at 375 px');
    await page.goto(`${wallet.url}/v5.0.2/wallet/settings?test-hooks`);
    await page.getByRole('region', { name: 'Privacy and security' }).waitFor();
    await expectNoSidewaysScroll(page, 'settings with privacy card at 375 px');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`${wallet.url}/v5.0.2/wallet/home?test-hooks`);
    await page.getByRole('region', { name: 'Featured' }).waitFor();
    const stops = await tabThrough(page, 80);
    const names = stops.map((stop) => stop.name);
    expect(names).toContain('Display currency');
    expect(names.some((name) => name.includes('Read the guide'))).toBe(true);
    expect(stops.filter((stop) => !stop.visibleFocus).map((stop) => stop.name)).toEqual([]);
  });
});
