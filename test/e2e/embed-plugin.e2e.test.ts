/**
 * Plugin mode in Debian's Chromium (spec part 1 §4 isPlugin, embed-wire.md §1
 * loginWithPrivateKey): a dapp on torus-embed 5.0.2 signs a FRESH profile (no vault) in with a
 * private key of its own. Malformed keys get the SDK's refusal, a zero key the engine's
 * 'Cannot import invalid private key.', a userInfo with an unknown field is refused; the good
 * key becomes the wallet's imported account, and the dapp's userInfo is kept, checked.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { privateKeyToAddress } from 'viem/accounts';

import { REPO_ROOT, launchBrowser, startWallet, until, type Browser, type Wallet } from './harness';
import { lockPort } from './port-lock';

jest.setTimeout(240_000);

/** The host page's torus-embed instance (page functions run in the browser: only type casts, no helpers). */
type PluginHost = {
  torus: {
    init(params: object): Promise<void>;
    loginWithPrivateKey(params: object): Promise<void>;
  };
};
type HostWindow = Window & { host: PluginHost };

// torus-embed's development build talks to the wallet at this address.
const WALLET_PORT = 4050;
const WALLET = `http://localhost:${WALLET_PORT}`;
// anvil's third dev key, 64 hex characters without 0x as the SDK wants it.
const DAPP_KEY = '5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';

const HOST_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plugin host</title></head>
<body><h1>Plugin host</h1>
<script src="/torus.js"></script>
<script>
  const Torus = window.Torus.default || window.Torus;
  window.host = { torus: new Torus() };
</script></body></html>`;

let unlock: (() => Promise<void>) | undefined;
let wallet: Wallet | undefined;
let server: Server | undefined;
let browser: Browser | undefined;
let hostUrl = '';

beforeAll(async () => {
  unlock = await lockPort(WALLET_PORT);
  wallet = await startWallet({ port: WALLET_PORT });
  const torusJs = await readFile(
    path.join(REPO_ROOT, 'node_modules/@toruslabs/torus-embed/dist/torus.umd.min.js'),
    'utf8',
  );
  server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://host').pathname;
    if (pathname === '/host.html')
      response.writeHead(200, { 'Content-Type': 'text/html' }).end(HOST_HTML);
    else if (pathname === '/torus.js')
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(torusJs);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  // Same site as the wallet (localhost): the iframe may keep its storage.
  hostUrl = `http://localhost:${(server.address() as AddressInfo).port}/host.html`;
  browser = await launchBrowser();
  // torus-embed's import-time version check and prefetch: no network in tests.
  await browser.context.route(/^https:\/\/(api|app)\.tor\.us\//, (route) => route.abort());
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await wallet?.close();
  await unlock?.();
});

it('signs a fresh profile in with the dapp’s key, refusing bad keys and unknown userInfo fields', async () => {
  const host = await browser!.open(hostUrl);
  await host.waitForFunction(() => 'host' in window);
  await host.evaluate(() =>
    (window as HostWindow).host.torus.init({
      buildEnv: 'development',
      network: { host: 'localhost', chainId: 5777, networkName: 'Anvil' },
      showTorusButton: false,
    }),
  );
  const login = (params: object) =>
    host.evaluate(
      (p) =>
        (window as HostWindow).host.torus.loginWithPrivateKey(p).then(
          () => 'resolved',
          (error: Error) => error.message,
        ),
      params,
    );

  // Not 64 hex characters: the SDK refuses before anything is sent.
  expect(await login({ privateKey: DAPP_KEY.slice(2), userInfo: {} })).toBe(
    'Invalid private key, Please provide a 32 byte valid secp25k1 private key',
  );
  // 64 hex characters but not a key: the wallet's engine refuses with the spec's message.
  expect(await login({ privateKey: '0'.repeat(64), userInfo: {} })).toBe(
    'Cannot import invalid private key.',
  );
  // A field the wallet does not know: refused, nothing stored.
  expect(await login({ privateKey: DAPP_KEY, userInfo: { name: 'Dana', privKey: DAPP_KEY } })).toBe(
    'Invalid userInfo: privKey is not allowed',
  );

  expect(
    await login({
      privateKey: DAPP_KEY,
      userInfo: { name: 'Dana', email: 'dana@example.com', verifier: 'dapp', verifierId: 'dana' },
    }),
  ).toBe('resolved');

  // The wallet (same profile, same engine) now holds the key as its imported account.
  const walletTab = await browser!.open(`${WALLET}/?test-hooks`);
  await walletTab.waitForFunction(() => window.orreryTestHooks !== undefined);
  const address = privateKeyToAddress(`0x${DAPP_KEY}`).toLowerCase();
  const state = await until(async () => {
    const s = await walletTab.evaluate(() => window.orreryTestHooks.state());
    return s.KeyringController.isUnlocked ? s : undefined;
  }, 'the unlocked wallet');
  expect(state.KeyringController.accounts).toEqual([{ address, accountType: 'imported' }]);
  expect(state.PreferencesController.selectedAddress).toBe(address);
  expect(state.LoginController.plugin).toEqual({
    userInfo: { name: 'Dana', email: 'dana@example.com', verifier: 'dapp', verifierId: 'dana' },
  });
  expect(JSON.stringify(state)).not.toContain(DAPP_KEY);
});
