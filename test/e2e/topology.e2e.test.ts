/**
 * One engine for every window of the wallet origin, in Debian's Chromium: tabs and a popup on
 * one engine in both modes (SharedWorker, and the Web Locks election with the page's Worker,
 * forced with `?engine=dedicated`), a handover when the leader closes, the engine lock that
 * keeps a second engine off the database, and dapps on other local origins reaching the engine
 * through the provider frame, which ignores every window but its parent.
 *
 * The screens for approvals do not exist yet, so pages opened with `?test-hooks` expose their
 * action API and mirrored state (src/ui/index.tsx), which set up accounts and approve requests;
 * what each page shows (its theme, its title) is read from the page itself.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, type BrowserContext, type Frame, type Page } from 'playwright-core';

import { startAnvil, type AnvilInstance } from '../../scripts/lib/anvil';
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server';
import type { RemoteActionApi } from '../../src/background/contract/action-api';
import type { UiState } from '../../src/background/contract/ui-state';
import type { ProviderPort } from '../../src/embed';
import { mine } from '../chain/snapshot';
import { startDappServer, type DappServer } from './dapp-server';
import { closePage, until, within } from './harness';

declare global {
  interface Window {
    orreryTestHooks: { actions: RemoteActionApi; state: () => UiState };
    dapp: {
      port: ProviderPort;
      events: Array<[string, unknown]>;
      start(name: string, args: { method: string; params?: unknown[] }): void;
      result(
        name: string,
      ): Promise<{ result?: unknown; error?: { code: number; message: string } }>;
    };
    hostile: {
      received: Array<{ origin: string; data: unknown }>;
      attack(target: Window, id: string): void;
    };
    dappWindow: Window | null;
  }
}

const repoRoot = path.resolve(__dirname, '../..');
const distDir = path.join(repoRoot, 'dist');
const resultsDir = path.join(repoRoot, 'test-results');
const CHROMIUM = '/usr/bin/chromium';
const PASSWORD = 'correct horse battery staple';
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const DEV_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

jest.setTimeout(180_000);

let anvil: AnvilInstance | undefined;
let server: StaticServer | undefined;
let dappServer: DappServer | undefined;
/** The wallet at localhost, so a dapp at localhost:other-port is same-site, at 127.0.0.1 cross-site. */
let wallet = '';
let sameSiteDapp = '';
let crossSiteDapp = '';
const contexts: BrowserContext[] = [];
const profiles: string[] = [];
const pageErrors: string[] = [];
/**
 * An approval window that the wallet closes because its request was settled elsewhere (this test
 * approves through the engine) may be closed while its screen's chunk is still loading: the
 * aborted load is logged as a ChunkLoadError by a window no one sees any more.
 */
const abortedLoads = new Set<string>();
/** Every page the error collector was attached to, by URL at its first load. */
const watchedPages: string[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(distDir, 'provider-frame.html'))) {
    throw new Error('dist/ has no current build: run `npm run build` before the end-to-end tests');
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  anvil = await startAnvil({ chainId: 5777 });
  server = await startStaticServer({
    distDir,
    port: 0,
    config: {
      network: { rpcUrl: anvil.rpcUrl, chainId: '0x1691', networkName: 'Anvil (e2e)' },
      apiUrl: null,
    },
  });
  wallet = `http://localhost:${new URL(server.url).port}`;
  dappServer = await startDappServer(repoRoot);
  sameSiteDapp = `http://localhost:${dappServer.port}`;
  crossSiteDapp = `http://127.0.0.1:${dappServer.port}`;
  await mkdir(resultsDir, { recursive: true });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await dappServer?.close();
  await server?.close();
  await anvil?.stop();
  for (const dir of profiles) await rm(dir, { recursive: true, force: true });
});

/** A fresh browser profile; `allowThirdPartyStorage` turns off Chromium's blocking of it. */
async function launchProfile({ allowThirdPartyStorage = false } = {}): Promise<BrowserContext> {
  const dir = await mkdtemp(path.join(tmpdir(), 'orrery-topology-'));
  profiles.push(dir);
  if (allowThirdPartyStorage) {
    await mkdir(path.join(dir, 'Default'), { recursive: true });
    await writeFile(
      path.join(dir, 'Default', 'Preferences'),
      JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
    );
  }
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 900, height: 700 },
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
  contexts.push(context);
  context.on('page', watchErrors);
  return context;
}

function watchErrors(page: Page): void {
  page.once('load', () => watchedPages.push(page.url()));
  // The same aborted load reaches the test twice: as the page error and as React's console report.
  const forgiveIfClosed = (entry: string, isChunkLoad: boolean) => {
    if (page.url().includes('/confirm?') && isChunkLoad) {
      page.once('close', () => abortedLoads.add(entry));
    }
  };
  page.on('pageerror', (error) => {
    const entry = `${page.url()}: ${error.message}`;
    pageErrors.push(entry);
    forgiveIfClosed(entry, error.name === 'ChunkLoadError');
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const entry = `${page.url()}: ${message.text()}`;
    pageErrors.push(entry);
    forgiveIfClosed(entry, message.text().startsWith('ChunkLoadError:'));
  });
}

/** The page mirrors an engine that reached the chain: available, with a block number. */
async function expectLive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      try {
        const network = window.orreryTestHooks.state().NetworkController;
        return network.networkStatus === 'available' && network.latestBlockNumber !== null;
      } catch {
        return false; // the hooks or the first snapshot are not there yet
      }
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** The latest block the page's mirrored state shows. */
const shownBlock = (page: Page) =>
  page.evaluate(() => window.orreryTestHooks.state().NetworkController.latestBlockNumber ?? -1);

/**
 * Switches the theme from this page: with the login screen's toggle while there is no session,
 * else (the wallet's theme lives in its settings) through the page's action API.
 */
async function switchTheme(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /Switch theme/ });
  if (await toggle.count()) return toggle.click();
  await page.evaluate(() => {
    const { actions, state } = window.orreryTestHooks;
    return actions.setTheme(state().PreferencesController.theme === 'dark' ? 'light' : 'dark');
  });
}

/** A wallet page with the test hooks, live on the chain. */
async function openWallet(context: BrowserContext, query = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${wallet}/?test-hooks${query}`);
  await expectLive(page);
  return page;
}

async function openPopup(opener: Page, query = ''): Promise<Page> {
  const [popup] = await Promise.all([
    opener.context().waitForEvent('page'),
    opener.evaluate(
      (url) => void window.open(url, 'orrery-popup', 'popup,width=420,height=640'),
      `${wallet}/?test-hooks${query}`,
    ),
  ]);
  await expectLive(popup);
  return popup;
}

const state = (page: Page) => page.evaluate(() => window.orreryTestHooks.state());

async function lockCounts(target: Page | Frame) {
  const { held = [], pending = [] } = await target.evaluate(() => navigator.locks.query());
  const count = (list: LockInfo[], name: string) =>
    list.filter((lock) => (name.endsWith(':') ? lock.name?.startsWith(name) : lock.name === name))
      .length;
  return {
    engine: count(held, 'orrery-engine'),
    engineQueued: count(pending, 'orrery-engine'),
    leader: count(held, 'orrery-engine-leader'),
    leaderQueued: count(pending, 'orrery-engine-leader'),
    pages: count(held, 'orrery-page:'),
  };
}

async function setUpAccount(page: Page): Promise<void> {
  await within(
    'creating the vault and importing the account',
    page.evaluate(
      async ([password, key]) => {
        const { actions } = window.orreryTestHooks;
        await actions.createNewVault(password!);
        await actions.importAccountWithPrivateKey(key!);
      },
      [PASSWORD, DEV_KEY],
    ),
  );
}

async function openDapp(
  context: BrowserContext,
  dappOrigin: string,
  frameQuery = '',
): Promise<Page> {
  const page = await context.newPage();
  const frame = `${wallet}/provider-frame.html${frameQuery}`;
  await page.goto(`${dappOrigin}/dapp.html?frame=${encodeURIComponent(frame)}`);
  return page;
}

/** The one pending approval, as a wallet page mirrors it. */
async function pendingApproval(page: Page) {
  return until(async () => {
    const pending = Object.values((await state(page)).ApprovalController.pendingApprovals);
    return pending.length === 1 ? pending[0]! : undefined;
  }, 'one pending approval');
}

async function approveConnect(page: Page, id: string): Promise<void> {
  await within(
    'the engine to take the connect approval',
    page.evaluate(
      ([approvalId, address]) =>
        window.orreryTestHooks.actions.approveRequest(approvalId!, {
          accounts: [address!],
          period: 'week',
        }),
      [id, DEV_ADDRESS],
    ),
  );
}

/** What the dapp's named request settled with. */
const dappResult = (dapp: Page, name: string) =>
  within(
    `the dapp's ${name} request to settle`,
    dapp.evaluate((n) => window.dapp.result(n), name),
  );

async function shownTheme(page: Page): Promise<string | null> {
  return page.getAttribute('html', 'data-theme');
}

describe('SharedWorker mode', () => {
  let context: BrowserContext;
  let tabs: Page[];

  beforeAll(async () => {
    context = await launchProfile();
    tabs = [await openWallet(context), await openWallet(context)];
    tabs.push(await openPopup(tabs[0]!));
  });

  it('two tabs and a popup see one engine, and an action in one shows in all', async () => {
    for (const page of tabs) {
      expect(await page.evaluate(() => document.documentElement.dataset.engineMode)).toBe('shared');
    }
    expect(await lockCounts(tabs[0]!)).toEqual({
      engine: 1,
      engineQueued: 0,
      leader: 0,
      leaderQueued: 0,
      pages: 3,
    });

    await switchTheme(tabs[1]!);
    for (const page of tabs) await page.locator('html[data-theme="dark"]').waitFor();
    await switchTheme(tabs[2]!);
    for (const page of tabs) await page.locator('html[data-theme="light"]').waitFor();

    const blocks = await Promise.all(tabs.map(shownBlock));
    await mine(anvil!.rpcUrl, 2);
    const target = Math.max(...blocks) + 2;
    for (const page of tabs) {
      await page.waitForFunction(
        (min) => (window.orreryTestHooks.state().NetworkController.latestBlockNumber ?? -1) >= min,
        target,
      );
    }
    await tabs[2]!.screenshot({ path: path.join(resultsDir, 'topology-popup.png') });
  });

  it('a dapp on another local origin reaches connect(origin) with its own origin through the provider frame', async () => {
    await setUpAccount(tabs[0]!);
    const dapp = await openDapp(context, sameSiteDapp);
    expect(await dapp.evaluate(() => window.dapp.port.request({ method: 'eth_chainId' }))).toBe(
      '0x1691',
    );
    // The frame is one more page of the same engine.
    const frame = dapp.frames()[1]!;
    expect(await lockCounts(frame)).toMatchObject({ engine: 1, pages: 4 });

    await dapp.evaluate(() => window.dapp.start('connect', { method: 'eth_requestAccounts' }));
    const approval = await pendingApproval(tabs[1]!);
    expect(approval).toMatchObject({ type: 'connect', origin: sameSiteDapp });
    await approveConnect(tabs[2]!, approval.id);
    expect(await dappResult(dapp, 'connect')).toEqual({
      result: [DEV_ADDRESS],
    });
    await dapp.waitForFunction(() =>
      window.dapp.events.some(([name]) => name === 'accountsChanged'),
    );
    expect(await dapp.evaluate(() => window.dapp.events)).toEqual(
      expect.arrayContaining([
        ['connect', { chainId: '0x1691' }],
        ['accountsChanged', [DEV_ADDRESS]],
      ]),
    );
    expect(Object.keys((await state(tabs[0]!)).PermissionController.grants)).toEqual([
      sameSiteDapp,
    ]);
    await closePage(dapp);
  });

  it('a hostile window or frame posting to the provider frame gets no answer and asks nothing', async () => {
    const hostile = await context.newPage();
    await hostile.goto(`${crossSiteDapp}/hostile.html`);
    // The hostile page opens the dapp, so it holds a reference to the dapp's window and frames.
    const [dapp] = await Promise.all([
      context.waitForEvent('page'),
      hostile.evaluate(
        (url) => void (window.dappWindow = window.open(url)),
        `${sameSiteDapp}/dapp.html?frame=${encodeURIComponent(`${wallet}/provider-frame.html`)}`,
      ),
    ]);
    // The page event comes with the window, before the dapp's script has run.
    await dapp.waitForFunction(() => window.dapp !== undefined);
    expect(await dapp.evaluate(() => window.dapp.port.request({ method: 'eth_accounts' }))).toEqual(
      [DEV_ADDRESS],
    );
    // And a frame of another origin inside the dapp page.
    await dapp.evaluate(
      (src) =>
        new Promise<void>((resolve) => {
          const frame = document.createElement('iframe');
          frame.src = src;
          frame.onload = () => resolve();
          document.body.append(frame);
        }),
      `${crossSiteDapp}/hostile.html`,
    );
    const hostileFrame = dapp.frames().find((frame) => frame.url().endsWith('/hostile.html'))!;

    await hostile.evaluate(() =>
      window.hostile.attack(window.dappWindow!.frames[0]!, 'from-window'),
    );
    await hostileFrame.evaluate(() =>
      window.hostile.attack(window.parent.frames[0]!, 'from-frame'),
    );
    // Two round trips of the real dapp after the attacks: had they been taken, a connect
    // approval would wait now (the dapp is connected, but a second request still answers).
    for (let i = 0; i < 2; i++) {
      expect(await dapp.evaluate(() => window.dapp.port.request({ method: 'eth_chainId' }))).toBe(
        '0x1691',
      );
    }
    expect((await state(tabs[0]!)).ApprovalController.pendingApprovalCount).toBe(0);
    expect(await hostile.evaluate(() => window.hostile.received)).toEqual([]);
    expect(await hostileFrame.evaluate(() => window.hostile.received)).toEqual([]);
    await closePage(dapp);
    await closePage(hostile);
  });

  it('a page under the base path starts another SharedWorker, which defers to the running engine', async () => {
    // The worker's script URL differs under /v5.0.2/, so the browser gives it its own realm.
    const prefixed = await context.newPage();
    await prefixed.goto(`${wallet}/v5.0.2/?test-hooks`);
    await expectLive(prefixed);
    await until(
      async () => (await lockCounts(prefixed)).engineQueued === 1,
      'the second SharedWorker to queue for the engine lock',
    );
    expect(await lockCounts(prefixed)).toMatchObject({ engine: 1, engineQueued: 1, pages: 4 });
    await switchTheme(prefixed);
    await tabs[0]!.locator('html[data-theme="dark"]').waitFor();
    await switchTheme(tabs[1]!);
    await prefixed.locator('html[data-theme="light"]').waitFor();
    await closePage(prefixed);
  });

  it('a page forced to the fallback is served by the running engine; its own Worker waits off the database', async () => {
    const forced = await openWallet(context, '&engine=dedicated');
    expect(await forced.evaluate(() => document.documentElement.dataset.engineMode)).toBe(
      'dedicated',
    );
    // It won the election and started a Worker, which found the engine lock taken and queued.
    await until(async () => (await lockCounts(forced)).engineQueued === 1, 'its Worker to queue');
    expect(await lockCounts(forced)).toMatchObject({ engine: 1, engineQueued: 1, leader: 1 });
    await switchTheme(forced);
    await tabs[0]!.locator('html[data-theme="dark"]').waitFor();
    await switchTheme(tabs[0]!);
    await forced.locator('html[data-theme="light"]').waitFor();
    await closePage(forced);
  });
});

describe('dedicated Worker mode (Web Locks election)', () => {
  let context: BrowserContext;
  let leader: Page;
  let follower: Page;
  let popup: Page;

  beforeAll(async () => {
    context = await launchProfile();
    leader = await openWallet(context, '&engine=dedicated');
    follower = await openWallet(context, '&engine=dedicated');
    popup = await openPopup(follower, '&engine=dedicated');
  });

  it('two tabs and a popup share the elected page’s engine', async () => {
    for (const page of [leader, follower, popup]) {
      expect(await page.evaluate(() => document.documentElement.dataset.engineMode)).toBe(
        'dedicated',
      );
    }
    expect(await lockCounts(follower)).toEqual({
      engine: 1,
      engineQueued: 0,
      leader: 1,
      leaderQueued: 2,
      pages: 3,
    });
    await switchTheme(popup);
    for (const page of [leader, follower, popup])
      await page.locator('html[data-theme="dark"]').waitFor();
  });

  it('closing the leader hands the engine over without losing a pending approval or a write', async () => {
    await setUpAccount(follower);
    const dapp = await openDapp(context, sameSiteDapp, '?engine=dedicated');
    await dapp.evaluate(() => window.dapp.start('connect', { method: 'eth_requestAccounts' }));
    const before = await pendingApproval(popup);
    expect(before).toMatchObject({ type: 'connect', origin: sameSiteDapp });

    // A write acknowledged just before the leader's tab closes.
    await within(
      'the engine to take the locale',
      leader.evaluate(() => window.orreryTestHooks.actions.setLocale('de')),
    );
    const workers: string[] = [];
    follower.on('worker', (worker) => workers.push(worker.url()));
    await closePage(leader);

    // The follower was next in the election's queue: it starts the engine from storage.
    await until(
      async () => workers.some((url) => url.includes('orrery-engine-leader')),
      'a new engine Worker',
    );
    await until(
      async () =>
        (await lockCounts(follower)).engine === 1 && (await lockCounts(follower)).leader === 1,
      'the new leader',
    );
    for (const page of [follower, popup]) {
      // A new engine starts locked: each page shows the login screen, in German.
      await page.waitForFunction(() => document.title === 'Anmelden | Orrery');
      expect(await shownTheme(page)).toBe('dark');
      const mirrored = await state(page);
      expect(mirrored.PreferencesController).toMatchObject({ locale: 'de', theme: 'dark' });
      // The keys are never stored unencrypted: the new engine starts locked.
      expect(mirrored.KeyringController.isUnlocked).toBe(false);
    }

    // The dapp's request went to the new engine; after the unlock it asks the user again.
    await within(
      'the new engine to unlock',
      popup.evaluate(
        (password) => window.orreryTestHooks.actions.submitPassword(password),
        PASSWORD,
      ),
    );
    const after = await pendingApproval(follower);
    expect(after).toMatchObject({ type: 'connect', origin: sameSiteDapp });
    await approveConnect(popup, after.id);
    expect(await dappResult(dapp, 'connect')).toEqual({
      result: [DEV_ADDRESS],
    });
    await popup.screenshot({ path: path.join(resultsDir, 'topology-after-handover.png') });
    await closePage(dapp);
  });

  it('a frame opening windows while its answers stream in over the broadcast channel loses none', async () => {
    // Chromium drops BroadcastChannel messages that reach a page while it opens a window of its
    // own origin, and every page here reaches the engine over that channel: the link numbers,
    // acknowledges and resends its frames (src/background/contract/ordered-delivery.ts).
    const dapp = await openDapp(context, sameSiteDapp, '?engine=dedicated');
    const frame = dapp.frames().find((f) => f.url().includes('/provider-frame.html'))!;
    const answers = dapp.evaluate(() =>
      Promise.all(
        Array.from({ length: 400 }, () => window.dapp.port.request({ method: 'eth_chainId' })),
      ),
    );
    for (let i = 0; i < 6; i++) {
      await frame.evaluate((url) => {
        const opened = window.open(url, `probe-${performance.now()}`, 'popup,width=320,height=320');
        setTimeout(() => opened?.close(), 1000);
      }, `${wallet}/provider-frame.html`);
    }
    expect(await within('the 400 answers', answers)).toEqual(Array(400).fill('0x1691'));
    await closePage(dapp);
  });
});

describe('a cross-site dapp (127.0.0.1 embedding the wallet at localhost)', () => {
  it('gets a clear 4900 where Chromium blocks third-party storage (its default here)', async () => {
    const context = await launchProfile();
    const tab = await openWallet(context);
    const dapp = await openDapp(context, crossSiteDapp);
    expect(
      await dapp.evaluate(() =>
        window.dapp.port
          .request({ method: 'eth_chainId' })
          .catch((e: { code: number; message: string }) => ({ code: e.code, message: e.message })),
      ),
    ).toEqual({
      code: 4900,
      message: expect.stringContaining('denies the wallet its storage'),
    });
    expect(await lockCounts(tab)).toMatchObject({ engine: 1, pages: 1 });
  });

  it('reaches the same engine, for its own origin, where third-party storage is allowed', async () => {
    // Chromium 156 does not partition the frame's storage once third-party cookies are allowed:
    // the frame joins the wallet's SharedWorker, locks and database like a same-site one.
    const context = await launchProfile({ allowThirdPartyStorage: true });
    const tab = await openWallet(context);
    await setUpAccount(tab);
    const dapp = await openDapp(context, crossSiteDapp);
    expect(await dapp.evaluate(() => window.dapp.port.request({ method: 'eth_chainId' }))).toBe(
      '0x1691',
    );
    const frame = dapp.frames()[1]!;
    expect(await lockCounts(frame)).toMatchObject({ engine: 1, pages: 2 });
    const engineHolder = async (target: Page | Frame) =>
      (await target.evaluate(() => navigator.locks.query())).held?.find(
        (lock) => lock.name === 'orrery-engine',
      )?.clientId;
    expect(await engineHolder(frame)).toBe(await engineHolder(tab));

    await dapp.evaluate(() => window.dapp.start('connect', { method: 'eth_requestAccounts' }));
    const approval = await pendingApproval(tab);
    expect(approval).toMatchObject({ type: 'connect', origin: crossSiteDapp });
    await approveConnect(tab, approval.id);
    expect(await dappResult(dapp, 'connect')).toEqual({
      result: [DEV_ADDRESS],
    });
  });
});

it('logged no page errors, on pages that really ran', async () => {
  // A wallet of its own, so that the check observes a running engine even when run alone.
  const context = await launchProfile();
  const page = await openWallet(context);
  // The collector is live on this page: an uncaught error thrown in it is caught.
  const probe = 'e2e probe: the error collector is listening';
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
  }, probe);
  const deadline = Date.now() + 10_000;
  while (!pageErrors.some((error) => error.includes(probe))) {
    if (Date.now() > deadline) throw new Error('the collector missed an error thrown in the page');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await closePage(page);
  expect(watchedPages).toContain(`${wallet}/?test-hooks`);
  expect(pageErrors.filter((error) => !error.includes(probe) && !abortedLoads.has(error))).toEqual(
    [],
  );
});
