/**
 * The wallet's shell in Debian's Chromium against the built app and a real anvil: the session
 * guard and the local way in (create, import, lock, unlock after a reload, log out), the query
 * rules, theme and language, white-label from config.json, the chunk-load boundary, and the
 * accessibility gate (axe in both themes, a keyboard-only pass, dialogs and menus that trap and
 * give back focus) with screenshots at 375×660 and desktop width (views.md §6 V1 checks 1, 2,
 * 7, 9, 10).
 */
import type { Page } from 'playwright-core';

import {
  checkA11y,
  createWalletThroughUi,
  DEV_ADDRESS,
  focusedElement,
  launchBrowser,
  loginStep,
  reviewOverlay,
  reviewScreen,
  expectNoSidewaysScroll,
  screenshotSizes,
  startWallet,
  tabThrough,
  unlockThroughUi,
  until,
  VIEWPORTS,
  waitForToast,
  type Browser,
  type Wallet,
} from './harness';

jest.setTimeout(300_000);

let wallet: Wallet;
let browser: Browser;
/**
 * A second page of the wallet kept open, as a user's other tab would be: the engine (a
 * SharedWorker) lives while any page does, so navigations and reloads of the page under test
 * keep it unlocked. Tests that need a fresh engine close it first.
 */
let keeper: Page | null = null;
const openKeeper = async () => {
  keeper = await browser.open(`${wallet.url}/v5.0.2/confirm`);
  await keeper.getByTestId('confirm-empty').waitFor();
};

beforeAll(async () => {
  wallet = await startWallet();
  browser = await launchBrowser();
  await openKeeper();
});

afterAll(async () => {
  await browser?.close();
  await wallet?.close();
});

/** Focus comes back to the element with this test id (popups give it back as they unmount). */
const focusReturnsTo = (page: Page, testId: string) =>
  until(
    async () => (await focusedElement(page))?.testId === testId,
    `focus back on ${testId}`,
    5_000,
  );

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('the shell and the local way in', () => {
  let page: Page;

  it('shows the login screen for unknown paths and guards the wallet (check 1, before a vault)', async () => {
    page = await browser.open(`${wallet.url}/v5.0.2/nowhere`);
    expect(await loginStep(page)).toBe('noVault');
    expect(await page.title()).toBe('Login | Orrery');
    await page.close();

    page = await browser.open(`${wallet.url}/v5.0.2/wallet/settings`);
    expect(await loginStep(page)).toBe('noVault');
    expect(pathOf(page)).toBe('/v5.0.2/?redirect=%2Fwallet%2Fsettings');
    expect(await page.title()).toBe('Login | Orrery');
    await reviewScreen(page, 'login-create');
  });

  it('refuses a weak password on the spot, and says why', async () => {
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('shorter');
    await page.getByRole('button', { name: 'Create wallet' }).click();
    await page.getByText('The password does not meet all the rules.').waitFor();
    await page.getByText('The passwords do not match.').waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await checkA11y(page, 'login-create with errors');
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByLabel('Confirm password').fill('');
  });

  it('creates a vault, imports anvil #0 and returns to the page asked for (check 1)', async () => {
    const password = 'Orbit-Sun-2026';
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create wallet' }).click();
    expect(
      await page
        .locator('[data-step="noAccount"]')
        .waitFor()
        .then(() => true),
    ).toBe(true);
    await reviewScreen(page, 'login-first-account');

    // Arrow keys move between the import tabs (WAI-ARIA tabs).
    await page.getByRole('tab', { name: 'New account' }).focus();
    await page.keyboard.press('ArrowRight');
    await until(async () => (await focusedElement(page))?.name === 'Private key', 'the next tab');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Private key', exact: true }).fill('0x1234');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Cannot import invalid private key.').waitFor();
    await page
      .getByRole('textbox', { name: 'Private key', exact: true })
      .fill('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    await page.getByRole('button', { name: 'Import' }).click();

    await page.getByTestId('settings-page').waitFor();
    expect(pathOf(page)).toBe('/v5.0.2/wallet/settings');
    expect(await page.title()).toBe('Settings | Orrery');
  });

  it('shows home with the account and its balance, 3 decimals in ETH', async () => {
    await page.getByRole('link', { name: 'Home' }).last().click();
    await page.getByTestId('wallet-home-page').waitFor();
    expect(await page.getByTestId('selected-address').textContent()).toBe(DEV_ADDRESS);
    await page.getByTestId('balance').waitFor();
    expect(await page.getByTestId('balance').textContent()).toMatch(/^[\d,]+\.\d{3} ETH$/);
    await reviewScreen(page, 'wallet-home');
  });

  it('locks from the account menu, stays locked across a reload, and unlocks', async () => {
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Lock' }).click();
    expect(await loginStep(page)).toBe('locked');
    expect(pathOf(page)).toBe('/v5.0.2/?redirect=%2Fwallet%2Fhome');

    await page.reload();
    expect(await loginStep(page)).toBe('locked');
    await expect(page.getByTestId('wallet-home-page').count()).resolves.toBe(0);
    await reviewScreen(page, 'login-unlock');

    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Incorrect Password Entered.').waitFor();
    await unlockThroughUi(page, 'Orbit-Sun-2026');
    await page.getByTestId('wallet-home-page').waitFor();
    expect(pathOf(page)).toBe('/v5.0.2/wallet/home');
  });

  it('carries instanceId and drops other parameters (check 2)', async () => {
    await page.goto(`${wallet.url}/v5.0.2/wallet/home?instanceId=abc&foo=1`);
    await page.getByTestId('wallet-home-page').waitFor();
    await until(
      async () => pathOf(page) === '/v5.0.2/wallet/home?instanceId=abc',
      'the cleaned URL',
    );
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByTestId('settings-page').waitFor();
    expect(pathOf(page)).toBe('/v5.0.2/wallet/settings?instanceId=abc');

    await page.goto(`${wallet.url}/v5.0.2/wallet/transfer?to=${DEV_ADDRESS}&foo=1`);
    await page.getByTestId('transfer-page').waitFor();
    expect(pathOf(page)).toBe(`/v5.0.2/wallet/transfer?to=${DEV_ADDRESS}&foo=1`);
    expect(await page.title()).toBe('Transfer | Orrery');
    // The transfer screen takes the recipient from the query (never sending on its own).
    expect(await page.getByRole('textbox', { name: 'Recipient address (0x…)' }).inputValue()).toBe(
      DEV_ADDRESS,
    );

    await page.goto(`${wallet.url}/v5.0.2/wallet/discover`);
    await page.getByTestId('coming-soon').waitFor();
    await reviewScreen(page, 'wallet-coming');
  });

  it('saves the theme and the language, says so, and both survive a reload (check 7)', async () => {
    await page.goto(`${wallet.url}/v5.0.2/wallet/settings`);
    await page.getByTestId('settings-page').waitFor();
    await reviewScreen(page, 'wallet-settings');

    await page.getByRole('radio', { name: 'Dark' }).click();
    // The 'stored' signal: the toast appears once the action resolved, i.e. once stored.
    await waitForToast(page, 'Theme saved');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');

    await page.getByTestId('language-select').click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await waitForToast(page, /saved|gespeichert/);
    await page.getByRole('link', { name: 'Einstellungen' }).waitFor();
    // With the last page gone the engine stops; the reload starts a new one from storage.
    await keeper?.close();
    await page.reload();
    // The first paint is already dark (localStorage mirror), before the engine answers.
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.getByTestId('login-page').waitFor(); // reloaded: locked again
    expect(await page.title()).toBe('Anmelden | Orrery');
    await page.getByLabel('Passwort', { exact: true }).fill('Orbit-Sun-2026');
    await page.getByRole('button', { name: 'Entsperren' }).click();
    await page.getByTestId('settings-page').waitFor();
    await openKeeper();
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Startseite',
      'Aktivität',
      'Senden',
      'Aufladen',
      'Entdecken',
      'Tauschen',
      'Einstellungen',
    ]);
    await screenshotSizes(page, 'wallet-settings-dark-de');

    // Back to English and light for the checks that follow.
    await page.getByRole('radio', { name: 'Hell' }).click();
    await waitForToast(page, 'Design gespeichert');
    await page.getByTestId('language-select').click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('link', { name: 'Settings' }).waitFor();
  });

  it('is usable by keyboard alone, with visible focus (check 10)', async () => {
    await page.goto(`${wallet.url}/v5.0.2/wallet/settings`);
    await page.getByTestId('settings-page').waitFor();
    const stops = await tabThrough(page);
    const names = stops.map((stop) => stop.name);
    expect(names[0]).toBe('Skip to content');
    for (const label of [
      'Network',
      'Home',
      'Activity',
      'Transfer',
      'Top up',
      'Discover',
      'Swap',
      'Settings',
    ])
      expect(names.some((name) => name === label || name.startsWith(label))).toBe(true);
    expect(names.some((name) => name.startsWith('Account 0x'))).toBe(true);
    expect(stops.some((stop) => stop.role === 'radio')).toBe(true);
    expect(names).toContain('Language');
    expect(stops.filter((stop) => !stop.visibleFocus)).toEqual([]);

    // The nav works from the keyboard.
    await page.getByRole('link', { name: 'Activity' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/wallet\/history$/);
  });

  it('opens menus and dialogs by keyboard; they trap focus, Esc closes them and focus returns (check 10)', async () => {
    await page.goto(`${wallet.url}/v5.0.2/wallet/home`);
    await page.getByTestId('wallet-home-page').waitFor();

    // Network selector: a listbox; Escape closes it and focus returns.
    const networks = page.getByTestId('network-select');
    await networks.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    expect(
      await page.getByRole('option', { name: /Reef Chain/ }).getAttribute('aria-disabled'),
    ).toBe('true');
    await reviewOverlay(page, 'network-selector', '[role="listbox"]');
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await focusReturnsTo(page, 'network-select');

    // Account menu: arrow keys, Escape back to the trigger.
    const menuButton = page.getByTestId('account-menu');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await reviewOverlay(page, 'account-menu', '[role="menu"]');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await focusReturnsTo(page, 'account-menu');

    // Add account dialog: focus inside, trapped through many Tabs, Escape closes it.
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Add account' }).waitFor();
    // Opened by keyboard, the menu focuses its first item; each ArrowDown moves one item on, and
    // the next press waits until focus has moved (on a busy machine a press read back at once
    // still shows the old item, and pressing again would skip past the one we want).
    const items = await page.getByRole('menu').locator('[role^="menuitem"]').count();
    let current = await until(async () => {
      const now = await focusedElement(page);
      return now?.role?.startsWith('menuitem') ? now : null;
    }, 'focus inside the menu');
    for (let i = 0; i < items && current.name !== 'Add account'; i++) {
      const before = current;
      await page.keyboard.press('ArrowDown');
      current = await until(async () => {
        const now = await focusedElement(page);
        return now?.role?.startsWith('menuitem') && now.name !== before.name ? now : null;
      }, 'focus to move to the next menu item');
    }
    expect(current.name).toBe('Add account');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.waitFor();
    const insideDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    for (let i = 0; i < 15; i++) {
      expect(await insideDialog()).toBe(true);
      await page.keyboard.press('Tab');
    }
    expect(await insideDialog()).toBe(true);
    await reviewOverlay(page, 'add-account-dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focusReturnsTo(page, 'account-menu');
  });

  it('fits the 375×660 popup: no sideways scroll; menus, the selector and the dialog open within it', async () => {
    await page.setViewportSize(VIEWPORTS.popup);
    try {
      for (const route of ['home', 'settings', 'history']) {
        await page.goto(`${wallet.url}/v5.0.2/wallet/${route}`);
        await page.locator('main h1').waitFor();
        await expectNoSidewaysScroll(page, `/wallet/${route}`);
      }
      await page.getByRole('navigation', { name: 'Main navigation' }).getByText('More').click();
      await page.getByRole('menu').waitFor();
      await reviewOverlay(page, 'nav-more-menu', '[role="menu"]');
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await page.getByTestId('settings-page').waitFor();

      await page.getByTestId('network-select').click();
      await page.getByRole('listbox').waitFor();
      await reviewOverlay(page, 'network-selector', '[role="listbox"]');
      await page.keyboard.press('Escape');

      await page.getByTestId('account-menu').click();
      await reviewOverlay(page, 'account-menu', '[role="menu"]');
      await page.getByRole('menuitem', { name: 'Add account' }).click();
      await page.getByRole('dialog').waitFor();
      await reviewOverlay(page, 'add-account-dialog', '[role="dialog"]');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize(VIEWPORTS.desktop);
    }
  });

  it('adds a second account from the dialog and selects it', async () => {
    await page.goto(`${wallet.url}/v5.0.2/wallet/home`);
    await page.getByTestId('wallet-home-page').waitFor();
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Add account' }).click();
    await page.getByRole('dialog', { name: 'Add account' }).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await waitForToast(page, 'Account added');
    await until(
      async () => (await page.getByTestId('selected-address').textContent()) !== DEV_ADDRESS,
      'the new account to be selected',
    );
    expect(await page.getByTestId('selected-address').textContent()).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('shows the approval and login-flow windows without a session check, and a transparent /popup', async () => {
    const confirm = await browser.open(
      `${wallet.url}/v5.0.2/confirm?instanceId=abc`,
      VIEWPORTS.popup,
    );
    await confirm.getByRole('heading', { name: 'No new transactions.' }).waitFor();
    expect(await confirm.title()).toBe('Confirm | Orrery');
    expect(pathOf(confirm)).toBe('/v5.0.2/confirm?instanceId=abc');
    await reviewScreen(confirm, 'window-confirm');
    await confirm.close();

    // /start, the login popup's first page: the loader for its provider, or the spec's refusal.
    const start = await browser.open(
      `${wallet.url}/v5.0.2/start?loginProvider=google`,
      VIEWPORTS.popup,
    );
    await start.getByRole('status').filter({ hasText: 'Opening Google…' }).waitFor();
    expect(await start.title()).toBe('Login | Orrery');
    await reviewScreen(start, 'window-login-start');
    await start.goto(`${wallet.url}/v5.0.2/start?loginProvider=myspace`);
    await start.getByRole('alert').filter({ hasText: 'Invalid params' }).waitFor();
    await start.getByRole('button', { name: 'Close this window' }).waitFor();
    await reviewScreen(start, 'window-login-start-invalid');
    await start.close();

    // /popup is the embed iframe's own page (popup.html, test/e2e/embed.e2e.test.ts); opened
    // outside a frame it only says what it is.
    const popup = await browser.open(`${wallet.url}/v5.0.2/popup`);
    await popup.getByText('This page is the Orrery wallet for sites that embed it.').waitFor();
    const backgrounds = await popup.evaluate(() =>
      [document.documentElement, document.body].map(
        (element) => getComputedStyle(element).backgroundColor,
      ),
    );
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    await popup.close();
  });

  it('offers a reload when a route module fails to load', async () => {
    await page.goto(`${wallet.url}/v5.0.2/wallet/home`);
    await page.getByTestId('wallet-home-page').waitFor();
    const errorsBefore = browser.errors.length;
    await page.route(/route-settings\.[0-9a-f]+\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Settings' }).click();
    const failure = page.getByTestId('chunk-load-error');
    await failure.waitFor();
    expect(await failure.getAttribute('role')).toBe('alert');
    await checkA11y(page, 'chunk-load error');
    await page.unroute(/route-settings\.[0-9a-f]+\.js$/);
    // The page logged the failed load, as it should; nothing else.
    const logged = browser.errors.splice(errorsBefore);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((error) => !/ERR_FAILED|ChunkLoadError/.test(error))).toEqual([]);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByTestId('settings-page').waitFor();
  });

  it('logs out to /logout, which says so and asks for the password again', async () => {
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByText('You have been logged out.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/v5.0.2/logout');
    expect(await loginStep(page)).toBe('locked');
    expect(browser.errors).toEqual([]);
  });
});

describe('white-label from config.json (check 9)', () => {
  let branded: Wallet;
  let brandedBrowser: Browser;

  beforeAll(async () => {
    branded = await startWallet({
      config: {
        whiteLabel: {
          name: 'Acme Wallet',
          topupHide: true,
          theme: { isDark: false, colors: { primary: '#0f766e' } },
          sparkle: true,
        },
      },
    });
    brandedBrowser = await launchBrowser();
  });

  afterAll(async () => {
    await brandedBrowser?.close();
    await branded?.close();
  });

  it('uses the name, hides top-up, applies the colours and says what it refused', async () => {
    const page = await brandedBrowser.open(`${branded.url}/`);
    expect(await loginStep(page)).toBe('noVault');
    expect(await page.title()).toBe('Login | Acme Wallet');
    expect(await page.getByTestId('brand').textContent()).toBe('Acme Wallet');
    const notice = page.getByTestId('white-label-notice');
    expect(await notice.textContent()).toContain('sparkle');
    expect(await notice.textContent()).toContain('not a known setting');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
    expect(primary).toBe('#0f766e');
    expect(
      await page
        .getByRole('button', { name: 'Create wallet' })
        .evaluate((button) => getComputedStyle(button).backgroundColor),
    ).toBe('rgb(15, 118, 110)');
    await reviewScreen(page, 'white-label-login');

    await createWalletThroughUi(page);
    await page.getByTestId('wallet-home-page').waitFor();
    expect(await page.title()).toBe('Home | Acme Wallet');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Activity',
      'Transfer',
      'Discover',
      'Swap',
      'Settings',
    ]);
    await page.goto(`${branded.url}/wallet/topup`);
    await unlockThroughUi(page);
    await page.getByTestId('wallet-home-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/wallet/home');
    await reviewScreen(page, 'white-label-home');
    expect(brandedBrowser.errors).toEqual([]);
  });
});
