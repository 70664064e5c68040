/**
 * `npm run bench:embed` (builds first): what embedding the wallet costs a dapp page.
 *
 * A host page on another local origin loads our SDK (dist/sdk/orrery-embed.umd.js) and calls
 * `init()` against the built wallet, RUNS times in Debian's Chromium, a new page each time.
 * - iframe_js_gz_kb: the gzipped size of every script the /popup iframe itself requests before
 *   init resolves (read from dist/, so it does not depend on the server compressing). The
 *   engine's SharedWorker script is printed apart: the iframe does not wait for it to answer
 *   init, and a returning visitor's browser has it cached.
 * - init_ready_ms: `init()` called → resolved with a provider that knows its chain (the SDK's
 *   init awaits wallet_getProviderState from the engine); median of RUNS, the first (cold) one
 *   printed apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { chromium } from 'playwright-core';

import { startAnvil } from '../lib/anvil';
import { median } from '../lib/median';
import { startStaticServer } from '../lib/static-server';

const DIST = path.resolve(__dirname, '../../dist');
const RUNS = 9;

const HOST_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench host</title></head>
<body><script src="/orrery-embed.js"></script></body></html>`;

const gzippedKb = (files: Iterable<string>) =>
  [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length,
    0,
  ) / 1024;

async function main(): Promise<void> {
  if (!existsSync(path.join(DIST, 'popup.html'))) throw new Error('Run `npm run build` first');
  const sdk = readFileSync(path.join(DIST, 'sdk/orrery-embed.umd.js'), 'utf8');
  const anvil = await startAnvil({ chainId: 5777 });
  const wallet = await startStaticServer({
    distDir: DIST,
    port: 0,
    host: '127.0.0.1',
    config: {
      network: { rpcUrl: anvil.rpcUrl, chainId: '0x1691', type: 'localhost', networkName: 'Anvil' },
      apiUrl: null,
    },
  });
  // The wallet at localhost:<port>, the host at 127.0.0.1... would be cross-site: keep both on
  // localhost (same site, different ports), as a dapp under development is.
  const walletUrl = wallet.url.replace('127.0.0.1', 'localhost');
  const hostServer = createServer((request, response) => {
    const body = request.url === '/orrery-embed.js' ? sdk : request.url === '/' ? HOST_HTML : null;
    if (body === null) return void response.writeHead(404).end();
    response.writeHead(200, {
      'Content-Type': request.url === '/' ? 'text/html' : 'text/javascript',
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  const hostUrl = `http://localhost:${(hostServer.address() as AddressInfo).port}/`;
  const profile = await mkdtemp(path.join(tmpdir(), 'orrery-bench-embed-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const iframeScripts = new Set<string>();
    const workerScripts = new Set<string>();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await context.newPage();
      let initDone = false;
      page.on('request', (request) => {
        if (initDone || !request.url().startsWith(walletUrl)) return;
        const file = path.basename(new URL(request.url()).pathname);
        if (!file.endsWith('.js') || !existsSync(path.join(DIST, file))) return;
        (/^orrery-engine/.test(file) ? workerScripts : iframeScripts).add(file);
      });
      await page.goto(hostUrl);
      const ms = await page.evaluate(async (url) => {
        const Sdk = (window as unknown as { OrreryEmbed: { default: new () => never } }).OrreryEmbed
          .default;
        const sdk = new Sdk() as unknown as {
          init(p: object): Promise<void>;
          ethereum: { chainId: string | null };
        };
        const start = performance.now();
        await sdk.init({ walletUrl: url, network: { host: 'localhost', chainId: 5777 } });
        if (sdk.ethereum.chainId !== '0x1691') throw new Error('provider without a chain');
        return performance.now() - start;
      }, walletUrl);
      initDone = true;
      times.push(ms);
      await page.close();
    }
    const iframeKb = gzippedKb(iframeScripts);
    const workerKb = gzippedKb(workerScripts);
    const [cold, ...warm] = times;
    const initMs = median(warm);
    console.log(`iframe scripts before init: ${[...iframeScripts].sort().join(', ')}`);
    console.log(`iframe JS, gzipped: ${iframeKb.toFixed(1)} KB`);
    console.log(
      `engine worker entry (${[...workerScripts].join(', ')}; its chunks load inside the worker, not awaited by init): ${workerKb.toFixed(1)} KB gzipped`,
    );
    console.log(
      `SDK bundle, gzipped: ${(gzipSync(sdk, { level: 9 }).length / 1024).toFixed(1)} KB`,
    );
    console.log(`init() → provider ready, first (cold engine): ${cold!.toFixed(0)} ms`);
    console.log(
      `init() → provider ready, ${warm.length} runs: median ${initMs.toFixed(0)} ms ` +
        `(${warm.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    console.log(
      JSON.stringify({
        iframe_js_gz_kb: Number(iframeKb.toFixed(1)),
        init_ready_ms: Math.round(initMs),
      }),
    );
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await new Promise<void>((resolve) => hostServer.close(() => resolve()));
    await wallet.close();
    await anvil.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
