/**
 * `npm run bench:ui` (after a production build): what a first visit to the login screen costs,
 * and how long a wallet tab takes to show home.
 *
 * - login_js_gz_kb: the gzipped size of every script the login page itself runs (main bundle,
 *   the login route's chunk and the chunks it shares), read from dist/ (so the figure does not
 *   depend on the server compressing). The engine's worker scripts are not counted: they run in
 *   the SharedWorker, in parallel with the page, and are the same for every screen.
 * - home_ready_ms: navigation start to the home screen showing the account's balance, in a new
 *   tab while the wallet is open (and unlocked) in another, Debian's Chromium, warm HTTP cache;
 *   median of RUNS. The first (cold) visit to the login screen is reported too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { chromium, type BrowserContext, type Page } from 'playwright-core';

import { startAnvil } from '../lib/anvil';
import { median } from '../lib/median';
import { startStaticServer } from '../lib/static-server';

const DIST = path.resolve(__dirname, '../../dist');
const RUNS = 9;
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** Records, in the page, when a selector first matches (performance.now(), ms since navigation). */
function readyWhen(selector: string): string {
  return `(() => {
    const mark = () => { if (!window.__ready && document.querySelector(${JSON.stringify(selector)})) window.__ready = performance.now(); };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true, attributes: true });
  })();`;
}

async function timeTo(context: BrowserContext, url: string, selector: string): Promise<number> {
  const page = await context.newPage();
  await page.addInitScript(readyWhen(selector));
  await page.goto(url);
  await page.locator(selector).first().waitFor({ timeout: 60_000 });
  const ready = await page.evaluate(() => (window as unknown as { __ready: number }).__ready);
  await page.close();
  return ready;
}

const gzippedKb = (files: Iterable<string>) =>
  [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length,
    0,
  ) / 1024;

async function main(): Promise<void> {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('Run `npm run build` first');
  const anvil = await startAnvil({ chainId: 5777 });
  const server = await startStaticServer({
    distDir: DIST,
    port: 0,
    config: {
      network: { rpcUrl: anvil.rpcUrl, chainId: '0x1691', type: 'localhost', networkName: 'Anvil' },
      apiUrl: null,
    },
  });
  const profile = await mkdtemp(path.join(tmpdir(), 'orrery-bench-ui-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    // A first visit: which scripts the login page runs (the SharedWorker's entry, which the page
    // requests but the worker runs, is left out).
    const pageScripts = new Set<string>();
    const first: Page = await context.newPage();
    first.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      const file = path.basename(new URL(request.url()).pathname);
      if (/^orrery-engine/.test(file) || !existsSync(path.join(DIST, file))) return;
      pageScripts.add(file);
    });
    await first.addInitScript(readyWhen('[data-testid="login-page"]'));
    await first.goto(`${server.url}/?test-hooks`);
    await first.getByTestId('login-page').waitFor({ timeout: 60_000 });
    const loginColdMs = await first.evaluate(
      () => (window as unknown as { __ready: number }).__ready,
    );
    const loginKb = gzippedKb(pageScripts);
    const loginChunks = [...pageScripts].sort();

    // Set up an account; this page stays open, so the engine stays up and unlocked.
    await first.evaluate(
      async ([key]) => {
        const { actions } = (window as unknown as { orreryTestHooks: { actions: never } })
          .orreryTestHooks as {
          actions: {
            createNewVault(p: string): Promise<void>;
            importAccountWithPrivateKey(k: string): Promise<string>;
          };
        };
        await actions.createNewVault('Orbit-Sun-2026');
        await actions.importAccountWithPrivateKey(key!);
      },
      [DEV_KEY],
    );
    await first.getByTestId('balance').waitFor({ timeout: 60_000 });

    const homeRuns: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      homeRuns.push(await timeTo(context, `${server.url}/wallet/home`, '[data-testid="balance"]'));
    }
    const homeMs = median(homeRuns);

    console.log(`Login page scripts (${loginChunks.length}): ${loginChunks.join(', ')}`);
    console.log(`Login page JS, gzipped: ${loginKb.toFixed(1)} KB`);
    console.log(`Login screen shown on a cold first visit: ${loginColdMs.toFixed(0)} ms`);
    console.log(
      `Home ready in a new tab (balance shown), ${RUNS} runs: median ${homeMs.toFixed(0)} ms ` +
        `(${homeRuns.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    console.log(
      JSON.stringify({
        bench: 'ui',
        runs: RUNS,
        login_js_gz_kb: Number(loginKb.toFixed(1)),
        home_ready_ms: Math.round(homeMs),
        login_cold_ms: Math.round(loginColdMs),
      }),
    );
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await server.close();
    await anvil.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
