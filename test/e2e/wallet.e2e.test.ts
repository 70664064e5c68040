/**
 * End to end in Debian's Chromium: the built app (dist/) on the static server, the background in
 * its Web Worker talking to a real anvil, and the wallet status live in the page:
 * chain → worker → patches → MobX → React.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, type BrowserContext, type Page } from 'playwright-core';

import { startAnvil, type AnvilInstance } from '../../scripts/lib/anvil';
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server';
import { mine } from '../chain/snapshot';

const repoRoot = path.resolve(__dirname, '../..');
const distDir = path.join(repoRoot, 'dist');
const resultsDir = path.join(repoRoot, 'test-results');
const CHROMIUM = '/usr/bin/chromium';

jest.setTimeout(90_000);

let anvil: AnvilInstance | undefined;
let server: StaticServer | undefined;
let context: BrowserContext | undefined;
let profileDir: string | undefined;
/** Errors any page of this file logged, and the pages that loaded with the collector attached. */
const pageErrors: string[] = [];
const openedPages: string[] = [];
const loadedPages: string[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('dist/ has no build: run `npm run build` before the end-to-end tests');
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);

  anvil = await startAnvil({ chainId: 5777 });
  server = await startStaticServer({
    distDir,
    port: 0,
    config: {
      network: {
        rpcUrl: anvil.rpcUrl,
        chainId: '0x1691',
        type: 'localhost',
        networkName: 'Anvil (e2e)',
        ticker: 'ETH',
        tickerName: 'Ethereum',
      },
      apiUrl: null,
    },
  });
  profileDir = await mkdtemp(path.join(tmpdir(), 'orrery-e2e-profile-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1100, height: 720 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  await mkdir(resultsDir, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  await anvil?.stop();
  if (profileDir) await rm(profileDir, { recursive: true, force: true });
});

async function openPage(pathname: string): Promise<Page> {
  if (!context || !server) throw new Error('setup failed');
  const page = await context.newPage();
  openedPages.push(pathname);
  page.on('load', () => loadedPages.push(pathname));
  page.on('pageerror', (error) => pageErrors.push(`${pathname}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error')
      pageErrors.push(`${pathname}: ${message.text()} ${message.location().url}`);
  });
  await page.goto(`${server.url}${pathname}`);
  return page;
}

async function shownBlock(page: Page): Promise<number> {
  const value = await page.getByTestId('block-number').getAttribute('data-block');
  return Number(value);
}

/** The page follows the chain: available, a block number, and the number advancing as blocks are mined. */
async function expectLiveStatus(page: Page): Promise<void> {
  await page
    .locator('[data-testid="network-status"][data-status="available"]')
    .waitFor({ timeout: 20_000 });
  await page
    .locator('[data-testid="block-number"]:not([data-block=""])')
    .waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('network-name').textContent()).toBe('Anvil (e2e)');
  expect(await page.getByTestId('chain-id').textContent()).toBe('5777 (0x1691)');

  const before = await shownBlock(page);
  expect(Number.isInteger(before)).toBe(true);
  await mine(anvil!.rpcUrl, 3);
  await page.waitForFunction(
    (target) =>
      Number(document.querySelector('[data-testid="block-number"]')?.getAttribute('data-block')) >=
      target,
    before + 3,
    { timeout: 20_000 },
  );
  expect(await page.getByTestId('block-number').textContent()).toBe(String(await shownBlock(page)));
}

/**
 * The worker stores a change before it answers the view's action, but the page shows the change
 * as soon as its patch arrives, which is earlier, and has no signal for "stored". A reload that
 * soon could end the worker mid-write, so give the write ample time.
 */
const waitForSettingsWrite = (page: Page) => page.waitForTimeout(1_000);

describe('wallet in Chromium', () => {
  it('shows the live network status at /wallet', async () => {
    const page = await openPage('/wallet');
    await expectLiveStatus(page);
    expect(await page.title()).toBe('Home | Orrery');
    expect(await page.evaluate(() => document.querySelector('base')?.getAttribute('href'))).toBe(
      '/',
    );
    await page.screenshot({
      path: path.join(resultsDir, 'wallet-home-light.png'),
      animations: 'disabled',
    });
    await page.close();
  });

  it('works the same under the base path /v5.0.2/wallet, with theme and language changes', async () => {
    const page = await openPage('/v5.0.2/wallet');
    await expectLiveStatus(page);
    expect(await page.title()).toBe('Home | Orrery');
    expect(await page.evaluate(() => document.querySelector('base')?.getAttribute('href'))).toBe(
      '/v5.0.2/',
    );
    expect(new URL(page.url()).pathname).toBe('/v5.0.2/wallet');

    // Theme: the toggle asks the worker, whose patch flips the page.
    await page.getByTestId('theme-toggle').click();
    await page.locator('html[data-theme="dark"]').waitFor();

    // Language: German loads as its own chunk from under the base path, then the page re-renders.
    const localeChunk = page.waitForResponse((response) =>
      /\/v5\.0\.2\/locale-de-json\.[0-9a-f]+\.js$/.test(response.url()),
    );
    await page.getByTestId('language-select').selectOption('de');
    expect((await localeChunk).status()).toBe(200);
    await page.waitForFunction(() => document.title === 'Startseite | Orrery');
    expect(await page.getByTestId('network-status').textContent()).toBe('Verbunden');
    await page.screenshot({
      path: path.join(resultsDir, 'wallet-home-dark-de.png'),
      animations: 'disabled',
    });

    // Both settings were persisted by the worker: another page comes up in German and dark.
    await waitForSettingsWrite(page);
    const second = await openPage('/v5.0.2/');
    await second.waitForFunction(() => document.title === 'Anmelden | Orrery');
    expect(await second.getAttribute('html', 'data-theme')).toBe('dark');
    await page.close();

    // Back to English and light, persisted, for the pages that follow in this profile.
    await second.getByTestId('language-select').selectOption('en');
    await second.getByTestId('theme-toggle').click();
    await second.locator('html[data-theme="light"]').waitFor();
    await second.waitForFunction(() => document.title === 'Login | Orrery');
    await waitForSettingsWrite(second);
    await second.reload();
    await second.getByTestId('login-page').waitFor();
    expect(await second.title()).toBe('Login | Orrery');
    expect(await second.getAttribute('html', 'data-theme')).toBe('light');
    await second.close();
  });

  it('shows the login screen at / and at unknown paths', async () => {
    for (const pathname of ['/', '/v5.0.2/', '/no/such/page']) {
      const page = await openPage(pathname);
      await page.getByTestId('login-page').waitFor({ timeout: 20_000 });
      expect(await page.title()).toBe('Login | Orrery');
      await page.close();
    }
  });

  it('logged no page errors, on pages that really ran', async () => {
    // A page of its own, so that the check observes a running wallet even when run alone.
    const page = await openPage('/wallet');
    await page
      .locator('[data-testid="network-status"][data-status="available"]')
      .waitFor({ timeout: 20_000 });
    // The collector is live on this page: an uncaught error thrown in it is caught.
    const probe = 'e2e probe: the error collector is listening';
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, probe);
    const deadline = Date.now() + 10_000;
    while (!pageErrors.some((error) => error.includes(probe))) {
      if (Date.now() > deadline)
        throw new Error('the collector missed an error thrown in the page');
      await page.waitForTimeout(20);
    }
    await page.close();

    // Every page this file opened loaded with the collector attached, this one included.
    expect(new Set(loadedPages)).toEqual(new Set(openedPages));
    expect(loadedPages).toContain('/wallet');
    expect(pageErrors.filter((error) => !error.includes(probe))).toEqual([]);
  });
});
