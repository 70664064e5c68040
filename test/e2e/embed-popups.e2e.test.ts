/**
 * Pre-opened popups under the published SDK (@toruslabs/torus-embed 5.0.2, unchanged): for
 * personal_sign and setProvider it opens the wallet's /redirect window inside the call, before
 * sending the request; the wallet iframe points that window at the request's screen, the user
 * answers there and the answer reaches the dapp through the iframe with no relay server. A window
 * the user closes unanswered gets the dapp its 4001 within a second, and the wallet's approval
 * is cleared. The host is same-site (localhost:<port>), where the window shares the iframe's
 * storage; a cross-site host keeps the in-page modal (embed.e2e).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { recoverMessageAddress, type Hex } from 'viem';

import {
  DEV_ADDRESS,
  DEV_KEY,
  DIST_DIR,
  REPO_ROOT,
  VAULT_PASSWORD,
  launchBrowser,
  startWallet,
  type Browser,
  type Wallet,
} from './harness';
import { lockPort } from './port-lock';
import { serveFiles, type FileServer } from './file-server';

jest.setTimeout(240_000);

const WALLET_PORT = 4050;
const WALLET = `http://localhost:${WALLET_PORT}`;

interface TorusLike {
  init(params: object): Promise<void>;
  setProvider(params: object): Promise<void>;
  showWallet(path: string): void;
  ethereum: { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
}

declare global {
  interface Window {
    popupHost: { torus: TorusLike };
    oursHost: { sdk: TorusLike };
  }
}

const HOST_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Popup host</title></head>
<body><h1>Popup host</h1>
<script src="/torus.js"></script>
<script>
  const Torus = window.Torus.default || window.Torus;
  window.popupHost = { torus: new Torus() };
</script></body></html>`;

const OURS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Orrery SDK popup host</title></head>
<body><h1>Orrery SDK popup host</h1>
<script src="/orrery-embed.js"></script>
<script>
  window.oursHost = { sdk: new OrreryEmbed.default() };
</script></body></html>`;

async function startHostServer(): Promise<FileServer> {
  const torusJs = await readFile(
    path.join(REPO_ROOT, 'node_modules/@toruslabs/torus-embed/dist/torus.umd.min.js'),
    'utf8',
  );
  const oursJs = await readFile(path.join(DIST_DIR, 'sdk/orrery-embed.umd.js'), 'utf8');
  return serveFiles({
    '/host.html': { type: 'text/html', text: HOST_HTML },
    '/torus.js': { type: 'text/javascript', text: torusJs },
    '/ours.html': { type: 'text/html', text: OURS_HTML },
    '/orrery-embed.js': { type: 'text/javascript', text: oursJs },
  });
}

let unlock: (() => Promise<void>) | undefined;
let wallet: Wallet | undefined;
let hostServer: FileServer | undefined;
let browser: Browser | undefined;
let walletTab: Page;
let host: Page;

const pendingApprovals = async () =>
  Object.values(
    (await walletTab.evaluate(() => window.orreryTestHooks.state())).ApprovalController
      .pendingApprovals,
  );

/** The next window the host opens on the wallet's /redirect, and the call that opens it. */
async function withPopup<T>(call: () => Promise<T>): Promise<{ popup: Page; result: Promise<T> }> {
  const opened = browser!.context.waitForEvent('page', {
    predicate: (page) => page.url().startsWith(`${WALLET}/redirect`),
    timeout: 30_000,
  });
  const result = call();
  result.catch(() => undefined);
  return { popup: await opened, result };
}

beforeAll(async () => {
  unlock = await lockPort(WALLET_PORT);
  wallet = await startWallet({ port: WALLET_PORT });
  hostServer = await startHostServer();
  browser = await launchBrowser([], { storagePartitioning: true });
  // torus-embed's import-time version check and prefetch: no network in tests.
  await browser.context.route(/^https:\/\/(api|app)\.tor\.us\//, (route) => route.abort());
  walletTab = await browser.open(`${WALLET}/?test-hooks`);
  await walletTab.waitForFunction(() => window.orreryTestHooks !== undefined);
  const hostOrigin = `http://localhost:${hostServer.port}`;
  await walletTab.evaluate(
    async ([password, key, origin, address]) => {
      const { actions } = window.orreryTestHooks;
      await actions.createNewVault(password!);
      await actions.importAccountWithPrivateKey(key!);
      // The host is already connected: these tests are about the windows of later requests.
      await actions.grantPermissions(origin!, [address!], 'hour');
    },
    [VAULT_PASSWORD, DEV_KEY, hostOrigin, DEV_ADDRESS],
  );
  host = await browser.open(`${hostOrigin}/host.html`);
  await host.waitForFunction(() => window.popupHost !== undefined);
  await host.evaluate(() =>
    window.popupHost.torus.init({
      buildEnv: 'development',
      network: { host: 'localhost', chainId: 5777, networkName: 'Anvil' },
      showTorusButton: false,
    }),
  );
});

afterAll(async () => {
  await browser?.close();
  await hostServer?.close();
  await wallet?.close();
  await unlock?.();
});

describe('pre-opened popups under torus-embed 5.0.2', () => {
  const message = 'Signed in the pre-opened window';
  const messageHex = `0x${Buffer.from(message).toString('hex')}` as const;
  const personalSign = () =>
    host.evaluate(
      ([data, address]) =>
        window.popupHost.torus.ethereum.request({
          method: 'personal_sign',
          params: [data, address],
        }),
      [messageHex, DEV_ADDRESS],
    );

  it('personal_sign: the window opened in the call shows the request; Sign there answers the dapp', async () => {
    const { popup, result } = await withPopup(personalSign);
    const sign = popup.getByRole('button', { name: 'Sign', exact: true });
    await sign.waitFor({ timeout: 30_000 });
    expect(new URL(popup.url()).pathname).toBe('/confirm');
    await popup.getByRole('heading', { name: 'Signature request' }).waitFor();
    const axe = await new AxeBuilder({ page: popup }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    const closed = popup.waitForEvent('close', { timeout: 15_000 });
    // The window may close itself between the key's press and its release: the signature
    // below is what proves the press answered the request.
    await sign.press('Enter').catch(() => undefined);
    const signature = (await result) as Hex;
    expect((await recoverMessageAddress({ message, signature })).toLowerCase()).toBe(DEV_ADDRESS);
    await closed; // the window closes itself once its request is answered
    expect(await pendingApprovals()).toEqual([]);
  });

  it('a window closed unanswered: the dapp hears 4001 within a second, the approval is cleared', async () => {
    // The outcome is read in the host page, so the answer is caught however it is shaped.
    const { popup, result } = await withPopup(() =>
      host.evaluate(
        ([data, address]) =>
          window.popupHost.torus.ethereum
            .request({ method: 'personal_sign', params: [data, address] })
            .then(
              () => ({ code: null as number | null }),
              (error: { code?: number }) => ({ code: error.code ?? null }),
            ),
        [messageHex, DEV_ADDRESS],
      ),
    );
    await popup.getByRole('button', { name: 'Sign', exact: true }).waitFor({ timeout: 30_000 });
    expect(await pendingApprovals()).toHaveLength(1);
    const closedAt = Date.now();
    await popup.close();
    const outcome = await Promise.race([
      result,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
    ]);
    const answeredIn = Date.now() - closedAt;
    expect(outcome).toEqual({ code: 4001 });
    expect(answeredIn).toBeLessThan(1_000);
    expect(await pendingApprovals()).toEqual([]);
  });

  it('setProvider: the switch asks in the pre-opened window; Deny there rejects setProvider', async () => {
    const { popup, result } = await withPopup(() =>
      host.evaluate(() =>
        window.popupHost.torus.setProvider({ host: 'mainnet', chainId: 1, networkName: 'Main' }),
      ),
    );
    await popup.getByRole('heading', { name: 'Switch network?' }).waitFor({ timeout: 30_000 });
    const axe = await new AxeBuilder({ page: popup }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await popup.getByRole('button', { name: 'Deny' }).click();
    await expect(result).rejects.toThrow(/denied|rejected/i);
    expect(await pendingApprovals()).toEqual([]);
    expect(
      await host.evaluate(() => window.popupHost.torus.ethereum.request({ method: 'eth_chainId' })),
    ).toBe('0x1691');
  });

  it('the waiting window says what it waits for, and passes axe', async () => {
    const page = await browser!.open(`${WALLET}/redirect?preopenInstanceId=waiting-window`);
    await page.getByRole('heading', { name: 'Opening your wallet' }).waitFor();
    expect(
      await page.getByRole('status').filter({ hasText: "Waiting for the site's request…" }).count(),
    ).toBe(1);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await page.close();
  });
});

describe('windows our SDK opens inside the dapp’s call', () => {
  let ours: Page;
  beforeAll(async () => {
    ours = await browser!.open(`http://localhost:${hostServer!.port}/ours.html`);
    await ours.waitForFunction(() => window.oursHost !== undefined);
    await ours.evaluate(() =>
      window.oursHost.sdk.init({
        buildEnv: 'development',
        network: { host: 'localhost', chainId: 5777, networkName: 'Anvil' },
        showTorusButton: false,
      }),
    );
  });
  afterAll(() => ours.close());

  it('showWallet: the window opens inside the call, on the waiting page, then goes to the wallet the iframe names', async () => {
    const opened = browser!.context.waitForEvent('page', { timeout: 30_000 });
    // What window.open was given, and whether it ran inside the dapp's call (synchronously).
    const opens = await ours.evaluate(() => {
      const calls: Array<{ url: string; inCall: boolean }> = [];
      let inCall = true;
      const open = window.open.bind(window);
      window.open = (url, ...rest) => {
        calls.push({ url: String(url), inCall });
        return open(url, ...rest);
      };
      window.oursHost.sdk.showWallet('home');
      inCall = false;
      return calls;
    });
    expect(opens).toEqual([
      {
        url: expect.stringMatching(/^http:\/\/localhost:4050\/redirect\?preopenInstanceId=/),
        inCall: true,
      },
    ]);
    const popup = await opened;
    await popup.waitForURL(`${WALLET}/wallet/home?**`);
    expect(new URL(popup.url()).searchParams.get('instanceId')).toMatch(/^[0-9a-f-]{36}$/);
    await popup.close();
  });

  it('setProvider: the switch asks in the window opened in the call; closing it unanswered rejects setProvider within a second', async () => {
    const { popup, result } = await withPopup(() =>
      ours.evaluate(() =>
        window.oursHost.sdk.setProvider({ host: 'mainnet', chainId: 1, networkName: 'Main' }).then(
          () => 'resolved',
          (error: Error) => `rejected: ${error.message}`,
        ),
      ),
    );
    await popup.getByRole('heading', { name: 'Switch network?' }).waitFor({ timeout: 30_000 });
    expect(await pendingApprovals()).toHaveLength(1);
    const closedAt = Date.now();
    await popup.close();
    const outcome = await Promise.race([
      result,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
    ]);
    expect(Date.now() - closedAt).toBeLessThan(1_000);
    expect(outcome).toMatch(/^rejected: /);
    expect(await pendingApprovals()).toEqual([]);
  });
});
