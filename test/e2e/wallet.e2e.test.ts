/**
 * End to end in Debian's Chromium: the built app (dist/) on the static server, the engine in its
 * SharedWorker talking to a real anvil, and the wallet live in the page (chain → engine →
 * patches → MobX → React); settings stored before they say so, surviving an engine restart.
 */
import type { Page } from 'playwright-core';

import { mine } from '../chain/snapshot';
import {
  createWalletThroughUi,
  DEV_ADDRESS,
  launchBrowser,
  loginStep,
  screenshot,
  startWallet,
  unlockThroughUi,
  waitForToast,
  type Browser,
  type Wallet,
} from './harness';

jest.setTimeout(120_000);

let wallet: Wallet;
let browser: Browser;
/** Pages this file opened, and those that loaded with the error collector attached. */
const openedPages: string[] = [];
const loadedPages: string[] = [];

beforeAll(async () => {
  wallet = await startWallet();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await wallet?.close();
});

async function openPage(pathname: string): Promise<Page> {
  openedPages.push(pathname);
  const page = await browser.context.newPage();
  page.on('load', () => loadedPages.push(pathname));
  page.on('pageerror', (error) => browser.errors.push(`${pathname}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') browser.errors.push(`${pathname}: ${message.text()}`);
  });
  await page.goto(`${wallet.url}${pathname}`);
  return page;
}

async function shownBlock(page: Page): Promise<number> {
  return Number(await page.getByTestId('block-number').getAttribute('data-block'));
}

/** The page follows the chain: available, a block number, and the number advancing as blocks are mined. */
async function expectLiveStatus(page: Page): Promise<void> {
  await page.locator('[data-testid="network-status"][data-status="available"]').waitFor();
  await page.locator('[data-testid="block-number"]:not([data-block=""])').waitFor();
  expect(await page.getByTestId('network-name').textContent()).toBe('Anvil (e2e)');
  expect(await page.getByTestId('chain-id').textContent()).toBe('5777 (0x1691)');

  const before = await shownBlock(page);
  expect(Number.isInteger(before)).toBe(true);
  await mine(wallet.anvil.rpcUrl, 3);
  await page.waitForFunction(
    (target) =>
      Number(document.querySelector('[data-testid="block-number"]')?.getAttribute('data-block')) >=
      target,
    before + 3,
  );
  expect(await page.getByTestId('block-number').textContent()).toBe(String(await shownBlock(page)));
}

describe('wallet in Chromium', () => {
  it('shows the live network status at /wallet/home once signed in', async () => {
    const page = await openPage('/wallet');
    await createWalletThroughUi(page);
    await page.getByTestId('wallet-home-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/wallet/home');
    await expectLiveStatus(page);
    expect(await page.getByTestId('selected-address').textContent()).toBe(DEV_ADDRESS);
    expect(await page.title()).toBe('Home | Orrery');
    expect(await page.evaluate(() => document.querySelector('base')?.getAttribute('href'))).toBe(
      '/',
    );
    await screenshot(page, 'wallet-home-live');
    await page.close();
  });

  it('stores theme and language before it says so: they survive an engine restart under /v5.0.2/', async () => {
    // The only page: closing it stops the engine, so the next page starts one from storage.
    const page = await openPage('/v5.0.2/wallet/settings');
    await unlockThroughUi(page);
    await page.getByTestId('settings-page').waitFor();
    await expectLiveStatusInHeader(page);
    expect(await page.evaluate(() => document.querySelector('base')?.getAttribute('href'))).toBe(
      '/v5.0.2/',
    );

    await page.getByRole('radio', { name: 'Dark' }).click();
    await waitForToast(page, 'Theme saved'); // the 'stored' signal, no fixed wait
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');

    // German loads as its own chunk from under the base path, then the page re-renders.
    const localeChunk = page.waitForResponse((response) =>
      /\/v5\.0\.2\/locale-de\.[0-9a-f]+\.js$/.test(response.url()),
    );
    await page.getByTestId('language-select').click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    expect((await localeChunk).status()).toBe(200);
    await waitForToast(page, 'Sprache gespeichert');
    await page.waitForFunction(() => document.title === 'Einstellungen | Orrery');
    await page.close();

    const second = await openPage('/v5.0.2/');
    expect(await loginStep(second)).toBe('locked'); // a new engine: keys are never stored in clear
    await second.waitForFunction(() => document.title === 'Anmelden | Orrery');
    expect(await second.getAttribute('html', 'data-theme')).toBe('dark');

    // Back to English and light, stored, for the pages that follow in this profile.
    await second.getByTestId('language-select').click();
    await second.getByRole('option', { name: 'English' }).click();
    await waitForToast(second, 'Language saved');
    await second.getByRole('button', { name: /Switch theme/ }).click();
    await waitForToast(second, 'Theme saved');
    await second.close();
    const third = await openPage('/v5.0.2/');
    await third.waitForFunction(() => document.title === 'Login | Orrery');
    expect(await third.getAttribute('html', 'data-theme')).toBe('light');
    await third.close();
  });

  it('shows the login screen at / and at unknown paths', async () => {
    for (const pathname of ['/', '/v5.0.2/', '/no/such/page']) {
      const page = await openPage(pathname);
      expect(await loginStep(page)).toBe('locked');
      expect(await page.title()).toBe('Login | Orrery');
      await page.close();
    }
  });

  it('logged no page errors, on pages that really ran', async () => {
    // A page of its own, so that the check observes a running wallet even when run alone.
    const page = await openPage('/');
    await page.getByTestId('login-page').waitFor();
    // The collector is live on this page: an uncaught error thrown in it is caught.
    const probe = 'e2e probe: the error collector is listening';
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, probe);
    const deadline = Date.now() + 10_000;
    while (!browser.errors.some((error) => error.includes(probe))) {
      if (Date.now() > deadline)
        throw new Error('the collector missed an error thrown in the page');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await page.close();

    // Every page this file opened loaded with the collector attached, this one included.
    expect(new Set(loadedPages)).toEqual(new Set(openedPages));
    expect(loadedPages).toContain('/');
    expect(browser.errors.filter((error) => !error.includes(probe))).toEqual([]);
  });
});

/** The header shows the network and its status while the settings page is open. */
async function expectLiveStatusInHeader(page: Page): Promise<void> {
  const selector = page.getByTestId('network-select');
  await selector.waitFor();
  expect(await selector.textContent()).toContain('Anvil (e2e)');
  await page.locator('[data-testid="network-select"] [data-status="available"]').waitFor();
}
