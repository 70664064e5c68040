/**
 * The harness every browser test of the views uses: the built wallet (dist/) on a static server
 * on a free port, a real anvil, optionally the backend on PGlite; Debian's Chromium through
 * playwright-core; axe-core accessibility checks in both themes; a keyboard walk; screenshots
 * at the popup size (375×660) and at desktop width. Nothing here sleeps a fixed time: every
 * wait is for a condition, with a deadline.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

import { findFreePort, startAnvil, type AnvilInstance } from '../../scripts/lib/anvil';
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server';
import type { RuntimeConfigFile } from '../../src/background/runtime-config';
import type { RemoteActionApi } from '../../src/background/contract/action-api';
import type { UiState } from '../../src/background/contract/ui-state';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { startServer, type RunningServer } from '../../src/server/main';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const DIST_DIR = path.join(REPO_ROOT, 'dist');
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');
export const SCREENSHOTS_DIR = path.join(RESULTS_DIR, 'screenshots');
export const CHROMIUM = '/usr/bin/chromium';

/** anvil's first dev account (the test mnemonic), funded with 10,000 ETH. */
export const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const DEV_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
/** Meets the vault password rules (10+ characters, upper, lower, digit). */
export const VAULT_PASSWORD = 'Orbit-Sun-2026';

/** The popup size of spec part 1 §2 and a desktop window. */
export const VIEWPORTS = {
  popup: { width: 375, height: 660 },
  desktop: { width: 1280, height: 800 },
} as const;

declare global {
  interface Window {
    /** Exposed by pages opened with `?test-hooks` (src/ui/index.tsx). */
    orreryTestHooks: { actions: RemoteActionApi; state: () => UiState };
  }
}

export interface WalletOptions {
  /** Merged into config.json: e.g. `{ whiteLabel: {...} }`. */
  config?: Partial<RuntimeConfigFile>;
  /** Runs the backend on a fresh PGlite database and points config.json's apiUrl at it. */
  backend?: boolean;
  /** A fixed port (hold its lock, see port-lock.ts); default a free one. */
  port?: number;
  /** More backend configuration, given the wallet's URL (e.g. login: its redirect URIs). */
  backendConfig?: (walletUrl: string) => Partial<ServerConfig>;
  /** More flags for the wallet's anvil, e.g. `['--hardfork', 'berlin']` for a legacy chain. */
  anvilArgs?: readonly string[];
}

export interface Wallet {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  anvil: AnvilInstance;
  backend: RunningServer | null;
  close(): Promise<void>;
}

/** The built wallet on a free port, on its own anvil (chain id 5777), optionally with the backend. */
export async function startWallet(options: WalletOptions = {}): Promise<Wallet> {
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error('dist/ has no build: run `npm run build` before the end-to-end tests');
  }
  const anvil = await startAnvil({ chainId: 5777, extraArgs: options.anvilArgs });
  let backend: RunningServer | null = null;
  let dataDir: string | null = null;
  let server: StaticServer;
  try {
    // The wallet's port is chosen first: the backend answers the browser only from its origin.
    const walletPort = options.port ?? (await findFreePort());
    if (options.backend) {
      dataDir = await mkdtemp(path.join(tmpdir(), 'orrery-e2e-pglite-'));
      backend = await startServer(
        loadConfig(
          {},
          {
            dataDir,
            port: 0,
            logLevel: 'warn',
            corsOrigins: [`http://127.0.0.1:${walletPort}`],
            ...options.backendConfig?.(`http://127.0.0.1:${walletPort}`),
          },
        ),
      );
    }
    server = await startStaticServer({
      distDir: DIST_DIR,
      port: walletPort,
      config: {
        network: {
          rpcUrl: anvil.rpcUrl,
          chainId: '0x1691',
          type: 'localhost',
          networkName: 'Anvil (e2e)',
          ticker: 'ETH',
          tickerName: 'Ethereum',
        },
        apiUrl: backend?.url ?? null,
        ...options.config,
      },
    });
  } catch (error) {
    await backend?.close();
    await anvil.stop();
    throw error;
  }
  const staticServer = server;
  return {
    url: staticServer.url,
    anvil,
    backend,
    async close() {
      await staticServer.close();
      await backend?.close();
      await anvil.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  /** Errors any page logged (uncaught exceptions and console errors). */
  errors: string[];
  /** A new page at `url`, with the error collector attached before it loads. */
  open(url: string, viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export interface BrowserOptions {
  /**
   * Third-party storage partitioning as real Chromium ships it (on since Chrome 115). Playwright
   * turns it off (`--disable-features=...,ThirdPartyStoragePartitioning`, playwright#32230); with
   * it off and third-party cookies blocked (this Chromium's default), a cross-site iframe gets no
   * storage at all: IndexedDB "The user denied permission to access the database", Web Locks
   * SecurityError, no localStorage, no SharedWorker. With it on, it gets its own partition.
   */
  storagePartitioning?: boolean;
}

/**
 * Playwright's own `--disable-features` list without ThirdPartyStoragePartitioning: Chromium
 * keeps the last value of a repeated switch, so this one replaces Playwright's.
 */
const PLAYWRIGHT_DISABLED_FEATURES_BUT_PARTITIONING = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * Debian's Chromium with a fresh profile (so a fresh IndexedDB and engine). `extraArgs` are more
 * command-line flags, e.g. a fake camera for the QR scanner.
 */
export async function launchBrowser(
  extraArgs: readonly string[] = [],
  options: BrowserOptions = {},
): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  const profile = await mkdtemp(path.join(tmpdir(), 'orrery-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: VIEWPORTS.desktop,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
      ...(options.storagePartitioning
        ? [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES_BUT_PARTITIONING.join(',')}`]
        : []),
    ],
  });
  const errors: string[] = [];
  return {
    context,
    errors,
    async open(url, viewport) {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      page.on('pageerror', (error) => errors.push(`${url}: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${url}: ${message.text()}`);
      });
      await page.goto(url);
      return page;
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Resolves once `read` gives something truthy; fails naming `what` after `timeoutMs`. */
export async function until<T>(
  read: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Awaits `promise`, failing with `what` once `timeoutMs` has passed: a step that never settles
 * (an action the engine never answers, a dapp request never resolved) names itself instead of
 * running into the test's own timeout, which says nothing about where it stopped.
 */
export async function within<T>(what: string, promise: Promise<T>, timeoutMs = 60_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Timed out after ${timeoutMs} ms: ${what}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Closes a page, with a deadline. Playwright's `page.close()` has none and waits for the browser
 * to report the target gone; Chromium can acknowledge a close that races a navigation commit and
 * never carry it out (crbug.com/536385539, microsoft/playwright#42068), and the test then hangs.
 * Asking again closes such a target (the fix proposed upstream does the same): here through
 * the page's own CDP session, as Playwright's close is already in flight.
 */
export async function closePage(page: Page, attempts = 3, waitMs = 10_000): Promise<void> {
  const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
  void page.close().catch(() => undefined); // settles with the same 'close' event
  for (let attempt = 1; ; attempt++) {
    const done = await within('the page to close', closed, waitMs).then(
      () => true,
      () => false,
    );
    if (done || page.isClosed()) return;
    if (attempt === attempts)
      throw new Error(`${page.url()} did not close after ${attempts} tries`);
    const session = await page.context().newCDPSession(page);
    const { targetInfo } = await session.send('Target.getTargetInfo');
    await session
      .send('Target.closeTarget', { targetId: targetInfo.targetId })
      .catch(() => undefined);
  }
}

/**
 * Runs axe-core on the page (and its frames): any serious or critical violation fails, with each
 * rule, its impact and the offending elements in the message. `within` limits the check to an
 * open overlay (a dialog, menu or listbox): while one is open the page behind it is hidden from
 * assistive technology and out of keyboard reach (aria-hidden, focus trapped), which axe would
 * report as hidden-but-focusable content; the page itself is checked with the overlay closed.
 */
export async function checkA11y(page: Page, label: string, within?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const results = await builder.analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (blocking.length === 0) return;
  const report = blocking
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');
  throw new Error(`Accessibility violations on ${label}:\n${report}`);
}

/** The theme the page shows. */
export async function shownTheme(page: Page): Promise<string | null> {
  return page.getAttribute('html', 'data-theme');
}

/** axe in the light and the dark palette (see inBothThemes). */
export async function checkA11yBothThemes(page: Page, label: string): Promise<void> {
  await inBothThemes(page, (theme) => checkA11y(page, `${label} (${theme})`));
}

/** One stop of a keyboard walk: what has focus, as a screen reader would name it. */
export interface FocusStop {
  tag: string;
  role: string | null;
  name: string;
  testId: string | null;
  /** True when the element shows a visible focus indicator (outline or box-shadow). */
  visibleFocus: boolean;
}

async function focused(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const name =
      element.getAttribute('aria-label') ??
      (element.getAttribute('aria-labelledby')
        ? document.getElementById(element.getAttribute('aria-labelledby')!)?.textContent
        : null) ??
      (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
      element.textContent ??
      '';
    return {
      tag: element.tagName.toLowerCase(),
      role: element.getAttribute('role'),
      name: name.trim().replace(/\s+/g, ' '),
      testId: element.getAttribute('data-testid'),
      visibleFocus:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none',
    };
  });
}

/**
 * Presses Tab from the top of the page and records every element that takes focus, until focus
 * comes back to the first one or leaves the page (at most `maxStops`).
 */
export async function tabThrough(page: Page, maxStops = 60): Promise<FocusStop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: FocusStop[] = [];
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    if (!stop) break;
    const first = stops[0];
    if (first && stop.name === first.name && stop.testId === first.testId && i > 0) break;
    stops.push(stop);
  }
  return stops;
}

/** What has keyboard focus now. */
export async function focusedElement(page: Page): Promise<FocusStop | null> {
  return focused(page);
}

/** Saves a screenshot of the page as it is under test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled', fullPage });
  return file;
}

/** Screenshots at 375×660 and desktop width, named `<name>-popup` and `<name>-desktop`. */
export async function screenshotSizes(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${size}`);
  }
  if (original) await page.setViewportSize(original);
}

/** Waits for the toast that says `text` (the "saved" signal of a settings change). */
export async function waitForToast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

/** The login page's current step ('noVault', 'locked', 'noAccount', …), once the page shows it. */
export async function loginStep(page: Page): Promise<string | null> {
  await page.getByTestId('login-page').waitFor();
  return page.getByTestId('login-page').getAttribute('data-step');
}

async function waitForStep(page: Page, step: string): Promise<void> {
  await page.locator(`[data-testid="login-page"][data-step="${step}"]`).waitFor();
}

/**
 * The local way in through the screens, as a user does it: create the vault with a password,
 * then import `privateKey` as the first account. Ends on the wallet (or the ?redirect= target).
 */
export async function createWalletThroughUi(
  page: Page,
  { password = VAULT_PASSWORD, privateKey = DEV_KEY } = {},
): Promise<void> {
  await waitForStep(page, 'noVault');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create wallet' }).click();
  await waitForStep(page, 'noAccount');
  await page.getByRole('tab', { name: 'Private key' }).click();
  await page.getByRole('textbox', { name: 'Private key', exact: true }).fill(privateKey);
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByTestId('login-page').waitFor({ state: 'detached' });
}

/** Unlocks a locked wallet through the unlock screen. */
export async function unlockThroughUi(page: Page, password = VAULT_PASSWORD): Promise<void> {
  await waitForStep(page, 'locked');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByTestId('login-page').waitFor({ state: 'detached' });
}

/**
 * Runs `check` with the page in the light and then the dark palette (switched on the page only,
 * so no stored setting changes), then puts the page's own theme back.
 */
export async function inBothThemes(
  page: Page,
  check: (theme: 'light' | 'dark') => Promise<void>,
): Promise<void> {
  const original = await shownTheme(page);
  try {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
      await settledTransitions(page);
      await check(theme);
    }
  } finally {
    await page.evaluate((value) => {
      if (value) document.documentElement.dataset.theme = value;
    }, original);
  }
}

/**
 * Waits until transitions and finite animations (a theme switch, a dialog fading in) have
 * finished, so checks see final colours. Endless ones (spinners) are not waited for.
 */
export async function settledTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** axe in both themes plus screenshots of each at both sizes: the standard look at a screen. */
export async function reviewScreen(page: Page, name: string): Promise<void> {
  await inBothThemes(page, async (theme) => {
    await checkA11y(page, `${name} (${theme})`);
    await screenshotSizes(page, `${name}-${theme}`);
  });
}

/**
 * The same for an open overlay (`within`: a dialog, menu or listbox), at the current size and
 * of the viewport only: resizing the window (a full-page screenshot does) closes popups.
 */
export async function reviewOverlay(page: Page, name: string, within: string): Promise<void> {
  const size = page.viewportSize();
  await inBothThemes(page, async (theme) => {
    await checkA11y(page, `${name} (${theme})`, within);
    await screenshot(page, `${name}-${theme}-${size?.width === 375 ? 'popup' : 'desktop'}`, false);
  });
}

/** Fails when the page scrolls sideways (views.md §1.8: the 375 px popup must reflow). */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (scrollWidth > clientWidth)
    throw new Error(`${label} scrolls sideways: ${scrollWidth}px of content in ${clientWidth}px`);
}
