/**
 * Social login from the embed (issue #13): torus-embed 5.0.2, unchanged, on a same-site host
 * page with a loginConfig; the wallet at http://localhost:4050 (its development URL, under a port
 * lock) with the backend's identity service, the development identity provider and three key
 * nodes (threshold 2), as login.e2e runs them. The login modal lists the deployment's sign-in
 * ways as the host arranged them; the user signs in with "Google" through the provider's popup
 * opened from the iframe, then answers the connect prompt, and login() resolves with the key's
 * address. axe and the keyboard on the modal with its sign-in buttons.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

import {
  startDevIdentityProvider,
  type RunningDevIdentityProvider,
} from '../../src/server/dev-identity-provider/server';
import { generateSigningKey, loginConfigFromEnv } from '../../src/server/identity/config';
import { startKeyNodes, type KeyNodeSet } from '../server/login/key-node-set';
import { IDENTITY_ISSUER } from '../server/login/login-params';
import { REPO_ROOT, launchBrowser, startWallet, type Browser, type Wallet } from './harness';
import { lockPort } from './port-lock';

jest.setTimeout(300_000);

const WALLET = 'http://localhost:4050';

interface TorusHost {
  init(params: object): Promise<void>;
  login(params?: object): Promise<string[]>;
  isLoggedIn: boolean;
  ethereum: { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
}

declare global {
  interface Window {
    socialHost: { torus: TorusHost };
  }
}

const HOST_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Social embed host</title></head>
<body><h1>Social embed host</h1>
<script src="/torus.js"></script>
<script>
  const Torus = window.Torus.default || window.Torus;
  window.socialHost = { torus: new Torus() };
</script></body></html>`;

let unlock: (() => Promise<void>) | undefined;
let idp: RunningDevIdentityProvider | undefined;
let keyNodes: KeyNodeSet | undefined;
let wallet: Wallet | undefined;
let hostServer: Server | undefined;
let hostUrl = '';
let hostPort = 0;
let browser: Browser | undefined;
const email = `embed-${Date.now()}@example.com`;
let firstAddress = '';

beforeAll(async () => {
  unlock = await lockPort(4050);
  const redirectUris = [`${WALLET}/end`, `${WALLET}/v5.0.2/end`];
  const signingKey = generateSigningKey();
  idp = await startDevIdentityProvider({ redirectUris });
  // The engine (in the iframe's realm: the wallet origin) calls the API and the nodes.
  keyNodes = await startKeyNodes('pglite', 3, signingKey, { corsOrigins: [WALLET] });
  wallet = await startWallet({
    port: 4050,
    backend: true,
    backendConfig: () => ({
      corsOrigins: [WALLET],
      login: loginConfigFromEnv(
        {
          ORRERY_DEV_IDP_URL: idp!.url,
          ORRERY_KEY_NODES: keyNodes!.nodes.map((n, i) => `node-${i + 1}=${n?.url}`).join(','),
          ORRERY_KEY_THRESHOLD: '2',
          ORRERY_LOGIN_REDIRECT_URIS: redirectUris.join(','),
          ORRERY_IDENTITY_ISSUER: IDENTITY_ISSUER,
          ORRERY_IDENTITY_SIGNING_KEY: JSON.stringify(signingKey.privateJwk),
          ORRERY_LOGIN_RATE_LIMIT: '1000',
        },
        { dataDir: '/nonexistent/pglite', host: '127.0.0.1', port: 0 },
      ),
    }),
  });
  const torusJs = await readFile(
    path.join(REPO_ROOT, 'node_modules/@toruslabs/torus-embed/dist/torus.umd.min.js'),
    'utf8',
  );
  hostServer = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://host').pathname;
    if (pathname === '/host.html' || pathname === '/torus.js') {
      const html = pathname === '/host.html';
      response.writeHead(200, {
        'Content-Type': `${html ? 'text/html' : 'text/javascript'}; charset=utf-8`,
      });
      response.end(html ? HOST_HTML : torusJs);
      return;
    }
    response.writeHead(pathname === '/favicon.ico' ? 204 : 404).end();
  });
  await new Promise<void>((resolve) => hostServer!.listen(0, '127.0.0.1', resolve));
  hostPort = (hostServer.address() as AddressInfo).port;
  hostUrl = `http://localhost:${hostPort}`;
  browser = await launchBrowser([], { storagePartitioning: true });
  // torus-embed's import-time version check and prefetch: no network in tests.
  await browser.context.route(/^https:\/\/(api|app)\.tor\.us\//, (route) => route.abort());
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (hostServer) {
    const server = hostServer;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
  await wallet?.close();
  await keyNodes?.close();
  await idp?.close();
  await unlock?.();
});

async function checkEmbedA11y(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).disableRules(['frame-title']).analyze();
  const report = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect({ label, violations: report }).toEqual({ label, violations: [] });
}

describe('social login from the embed (torus-embed 5.0.2 host with a loginConfig)', () => {
  it('the login modal lists the sign-in ways as the host arranged them; Google through the development provider, then the connect prompt, and login() resolves with the key’s address', async () => {
    const host = await browser!.open(`${hostUrl}/host.html`);
    await host.waitForFunction(() => window.socialHost !== undefined);
    await host.evaluate(() =>
      window.socialHost.torus.init({
        buildEnv: 'development',
        network: { host: 'localhost', chainId: 5777, networkName: 'Anvil' },
        showTorusButton: true,
        loginConfig: {
          google: { typeOfLogin: 'google', name: 'Google (host)', mainOption: true },
          discord: { typeOfLogin: 'discord', name: 'Discord', showOnModal: false },
        },
      }),
    );
    const iframe = host.frameLocator('#torusIframe');
    const login = host.evaluate(() =>
      window.socialHost.torus.login().then(
        (accounts) => ({ accounts }),
        (error: { message?: string }) => ({ error: error.message }),
      ),
    );
    // A fresh profile: no vault; the local way in and the host's arrangement of the sign-in ways.
    const modal = iframe.getByRole('dialog', { name: 'Create your wallet to continue' });
    const google = modal.getByRole('button', { name: 'Continue with Google (host)' });
    await google.waitFor();
    await modal.getByRole('button', { name: 'Create wallet' }).waitFor();
    expect(await modal.getByRole('button', { name: /Discord/ }).count()).toBe(0);
    await checkEmbedA11y(host, 'embed login modal with sign-in ways');

    // A popup the user closes is noticed (checked every 250 ms) and said in the modal; the
    // buttons work again.
    const firstPopup = browser!.context.waitForEvent('page');
    await google.click();
    await (await firstPopup).close();
    await modal
      .getByRole('alert')
      .filter({ hasText: 'The sign-in window was closed before you finished' })
      .waitFor({ timeout: 5_000 });
    expect(await google.isEnabled()).toBe(true);

    // Keyboard: focus the host's main option and press Enter; the provider's popup opens.
    await google.focus();
    const popupOpened = browser!.context.waitForEvent('page');
    await host.keyboard.press('Enter');
    await signInAtProvider(await popupOpened);

    // Signed in (the key rebuilt from the nodes): the modal goes, the connect prompt follows.
    await modal.waitFor({ state: 'detached', timeout: 60_000 });
    const connect = iframe.getByRole('dialog', { name: 'Connect to this site?' });
    await connect.getByText(`Requested by ${hostUrl}`).waitFor();
    await connect.getByRole('button', { name: 'Approve' }).click();
    const result = await login;
    expect(result).toEqual({ accounts: [expect.stringMatching(/^0x[0-9a-f]{40}$/)] });
    const { accounts } = result as { accounts: string[] };
    expect(
      await host.evaluate(() =>
        window.socialHost.torus.ethereum.request({ method: 'eth_accounts' }),
      ),
    ).toEqual(accounts);
    expect(await host.evaluate(() => window.socialHost.torus.isLoggedIn)).toBe(true);
    firstAddress = accounts[0]!;
    await host.close();
  });

  it('a cross-site host (127.0.0.1): in the iframe’s storage partition the same identity rebuilds the same key from the nodes', async () => {
    const crossSite = `http://127.0.0.1:${hostPort}`;
    const host = await browser!.open(`${crossSite}/host.html`);
    await host.waitForFunction(() => window.socialHost !== undefined);
    await host.evaluate(() =>
      window.socialHost.torus.init({
        buildEnv: 'development',
        network: { host: 'localhost', chainId: 5777, networkName: 'Anvil' },
        showTorusButton: true,
      }),
    );
    const iframe = host.frameLocator('#torusIframe');
    const login = host.evaluate(() => window.socialHost.torus.login());
    // The partition has no vault of its own: the modal offers creating one, or signing in.
    const modal = iframe.getByRole('dialog', { name: 'Create your wallet to continue' });
    const popupOpened = browser!.context.waitForEvent('page');
    await modal.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAtProvider(await popupOpened);
    await modal.waitFor({ state: 'detached', timeout: 60_000 });
    const connect = iframe.getByRole('dialog', { name: 'Connect to this site?' });
    await connect.getByText(`Requested by ${crossSite}`).waitFor();
    await connect.getByRole('button', { name: 'Approve' }).click();
    expect(await login).toEqual([firstAddress]);
    await host.close();
  });
});

/**
 * At the development provider's pages in the popup: signs in as this test's user and allows
 * access. A provider session from an earlier login in this profile skips both pages, as real
 * providers do: the popup then comes straight back and closes.
 */
async function signInAtProvider(popup: Page): Promise<void> {
  const closed = popup.waitForEvent('close').then(() => 'closed' as const);
  const form = popup
    .getByLabel('Email address')
    .waitFor()
    .then(
      () => 'form' as const,
      () => 'closed' as const,
    );
  if ((await Promise.race([closed, form])) === 'closed') return;
  await popup.getByLabel('Email address').fill(email);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await popup.getByRole('button', { name: 'Allow' }).click();
  if (!popup.isClosed()) await closed;
}
