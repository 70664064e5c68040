/**
 * bench:login: the time from the click on "Continue with Google" to the wallet's home showing
 * the user's address, in Debian's Chromium against the built wallet, the API with its identity
 * service, the development identity provider and three key nodes (threshold 2), all local.
 * Run 1 is a first login (the key is made, split and deposited); the others sign the same user
 * in on a fresh browser profile each (the key is rebuilt from 2 shares). The provider's pages
 * are filled in by the script, so the figure is the wallet's and servers' time, not a person's.
 * Ends with one JSON line.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, type Page } from 'playwright-core';

import { findFreePort, startAnvil } from '../lib/anvil';
import { startLoginServices } from '../lib/login-services';
import { median } from '../lib/median';
import { startStaticServer } from '../lib/static-server';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/main';

const DIST = path.resolve(__dirname, '../../dist');
const RUNS = Number(process.env.BENCH_LOGIN_RUNS ?? 5);

async function signInAtProvider(popup: Page, email: string): Promise<void> {
  await popup.getByLabel('Email address').fill(email);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await popup.getByRole('button', { name: 'Allow' }).click();
}

async function main(): Promise<void> {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('Run `npm run build` first');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'orrery-bench-login-'));
  const walletPort = await findFreePort();
  const apiPort = await findFreePort();
  const walletUrl = `http://127.0.0.1:${walletPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const redirectUris = [`${walletUrl}/v5.0.2/end`, `${walletUrl}/end`];
  const anvil = await startAnvil({ chainId: 5777 });
  const [idpPort, smtpPort, mailPort, n1, n2, n3] = await Promise.all(
    Array.from({ length: 6 }, () => findFreePort()),
  );
  const login = await startLoginServices({
    dataDir,
    apiUrl,
    ports: {
      identityProvider: idpPort!,
      smtp: smtpPort!,
      mailPage: mailPort!,
      keyNodes: [n1!, n2!, n3!],
    },
    redirectUris,
    corsOrigins: [walletUrl],
  });
  const api = await startServer(
    loadConfig(
      {
        ...login.env,
        ORRERY_LOGIN_REDIRECT_URIS: redirectUris.join(','),
        ORRERY_LOGIN_RATE_LIMIT: '1000',
      },
      {
        dataDir: path.join(dataDir, 'pglite'),
        port: apiPort,
        logLevel: 'warn',
        corsOrigins: [walletUrl],
      },
    ),
  );
  const wallet = await startStaticServer({
    distDir: DIST,
    port: walletPort,
    config: {
      network: { rpcUrl: anvil.rpcUrl, chainId: '0x1691', type: 'localhost', networkName: 'Anvil' },
      apiUrl,
    },
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const email = `bench-${Date.now()}@example.com`;
  const times: number[] = [];
  const addresses = new Set<string>();
  try {
    for (let run = 0; run < RUNS; run++) {
      // A fresh profile each run: no vault, no provider session.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${walletUrl}/v5.0.2/`);
      const google = page.getByRole('button', { name: 'Continue with Google' });
      await google.waitFor({ timeout: 60_000 });
      const popupOpened = context.waitForEvent('page');
      const started = performance.now();
      await google.click();
      await signInAtProvider(await popupOpened, email);
      const shown = page.getByTestId('selected-address');
      await shown.waitFor({ timeout: 60_000 });
      times.push(performance.now() - started);
      addresses.add((await shown.textContent()) ?? '');
      await context.close();
    }
  } finally {
    await browser.close();
    await wallet.close();
    await api.close();
    await login.stop();
    await anvil.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (addresses.size !== 1) throw new Error(`Different addresses: ${[...addresses].join(', ')}`);
  const [first, ...returning] = times;
  console.log(`Address: ${[...addresses][0]}`);
  console.log(`First login (key made and deposited): ${first!.toFixed(0)} ms`);
  console.log(
    `Returning login on a fresh profile, ${returning.length} runs: median ` +
      `${median(returning).toFixed(0)} ms (${returning.map((ms) => ms.toFixed(0)).join(', ')})`,
  );
  console.log(
    JSON.stringify({
      bench: 'login',
      runs: RUNS,
      first_login_ms: Math.round(first!),
      login_median_ms: Math.round(median(returning)),
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
