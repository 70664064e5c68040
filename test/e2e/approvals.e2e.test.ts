/**
 * Approval windows in Debian's Chromium (views.md §6 "V2"): a test dapp on a second origin
 * reaches the engine through the provider frame; every request that needs the user opens
 * /confirm (375×660) from that frame, and only a click on that window's own button approves.
 * Checks what the dapp receives (accounts, 4001s, signatures verified with viem against the
 * account), axe in both themes, a keyboard pass and Escape on every screen, and the time from a
 * closed window to the dapp's 4001.
 */
import type { Page } from 'playwright-core';
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  recoverAddress,
  verifyMessage,
  verifyTypedData,
  type Hex,
} from 'viem';

import { encrypt } from '@metamask/eth-sig-util';

import { startAnvil, type AnvilInstance } from '../../scripts/lib/anvil';
import type { ProviderPort } from '../../src/embed';
import { loadContractArtifacts } from '../chain/compile-contracts';
import { chainClients, deployContract } from '../chain/deploy';
import { startDappServer, type DappServer } from './dapp-server';
import {
  createWalletThroughUi,
  DEV_ADDRESS,
  expectNoSidewaysScroll,
  focusedElement,
  launchBrowser,
  REPO_ROOT,
  reviewOverlay,
  reviewScreen,
  screenshot,
  startWallet,
  tabThrough,
  until,
  VAULT_PASSWORD,
  type Browser,
  type Wallet,
} from './harness';

declare global {
  interface Window {
    dapp: {
      port: ProviderPort;
      events: Array<[string, unknown]>;
      start(name: string, args: { method: string; params?: unknown[] }): void;
      result(
        name: string,
      ): Promise<{ result?: unknown; error?: { code: number; message: string } }>;
    };
    settledAt: Record<string, number>;
  }
}

jest.setTimeout(240_000);

let wallet: Wallet;
let dappServer: DappServer;
let secondDappServer: DappServer;
let browser: Browser;
let walletPage: Page;
let dapp: Page;
/** The same site as the wallet (127.0.0.1), another origin (port). */
let dappOrigin = '';
let secondDappOrigin = '';

beforeAll(async () => {
  wallet = await startWallet();
  dappServer = await startDappServer(REPO_ROOT);
  secondDappServer = await startDappServer(REPO_ROOT);
  dappOrigin = `http://127.0.0.1:${dappServer.port}`;
  secondDappOrigin = `http://127.0.0.1:${secondDappServer.port}`;
  browser = await launchBrowser();
  walletPage = await browser.open(`${wallet.url}/?test-hooks`);
  await createWalletThroughUi(walletPage);
  dapp = await openDapp(dappOrigin);
});

afterAll(async () => {
  await browser?.close();
  await secondDappServer?.close();
  await dappServer?.close();
  await wallet?.close();
});

afterEach(() => {
  // No page may log an error, except the dapp's own failed requests' console lines.
  expect(browser.errors.filter((line) => !/Failed to load resource/.test(line))).toEqual([]);
});

async function openDapp(origin: string): Promise<Page> {
  const frame = `${wallet.url}/provider-frame.html`;
  const page = await browser.open(`${origin}/dapp.html?frame=${encodeURIComponent(frame)}`);
  await page.evaluate(() => {
    window.settledAt = {};
    const start = window.dapp.start.bind(window.dapp);
    // Records when each request settled, to measure the closed-window latency.
    window.dapp.start = (name, args) => {
      start(name, args);
      void window.dapp.result(name).then(() => (window.settledAt[name] = Date.now()));
    };
  });
  await page.evaluate(() =>
    window.dapp.port.request({
      method: 'wallet_sendDomainMetadata',
      params: [{ name: 'Test dapp', icon: null }],
    }),
  );
  return page;
}

/**
 * Starts a request at the dapp and returns the approval window it opens, loaded; fails at once,
 * with what the dapp got, when the request settles without a window.
 */
async function requestWindow(
  page: Page,
  name: string,
  args: { method: string; params?: unknown[] },
): Promise<Page> {
  const opened = browser.context.waitForEvent('page', {
    predicate: (candidate) => candidate.url().includes('/confirm?'),
  });
  await page.evaluate(([n, a]) => window.dapp.start(n, a), [name, args] as const);
  const settledFirst = result(page, name).then((outcome) => {
    throw new Error(`${args.method} settled without a window: ${JSON.stringify(outcome)}`);
  });
  const popup = await Promise.race([opened, settledFirst]);
  settledFirst.catch(() => undefined);
  popup.on('pageerror', (error) => browser.errors.push(`confirm: ${error.message}`));
  await popup.getByRole('heading', { level: 1 }).waitFor();
  return popup;
}

/** Starts a request and returns the window it opens, without waiting for it to render. */
async function requestWindowRaw(
  page: Page,
  name: string,
  args: { method: string; params?: unknown[] },
): Promise<Page & { openedAt: number }> {
  const [popup] = await Promise.all([
    browser.context.waitForEvent('page', {
      predicate: (candidate) => candidate.url().includes('/confirm?'),
    }),
    page.evaluate(([n, a]) => window.dapp.start(n, a), [name, args] as const),
  ]);
  return Object.assign(popup, { openedAt: Date.now() });
}

const result = (page: Page, name: string) => page.evaluate((n) => window.dapp.result(n), name);

const pendingCount = () =>
  walletPage.evaluate(() => window.orreryTestHooks.state().ApprovalController.pendingApprovalCount);

/** Escape, on the window and on its focused control, neither approves nor rejects. */
async function escapeDoesNothing(popup: Page): Promise<void> {
  const before = await pendingCount();
  await popup.keyboard.press('Escape');
  await popup.getByRole('button', { name: 'Deny' }).focus();
  await popup.keyboard.press('Escape');
  expect(await pendingCount()).toBe(before);
  expect(popup.isClosed()).toBe(false);
}

/** Every control reachable by Tab, each with a visible focus ring, Deny before approve. */
async function keyboardPass(popup: Page, approve: string): Promise<void> {
  const stops = await tabThrough(popup);
  const names = stops.map((stop) => stop.name);
  expect(names).toContain('Deny');
  expect(stops.filter((stop) => !stop.visibleFocus)).toEqual([]);
  const approveStop = names.indexOf(approve);
  if (approveStop >= 0) expect(approveStop).toBeGreaterThan(names.indexOf('Deny'));
}

async function closedBySettling(popup: Page): Promise<void> {
  await until(async () => popup.isClosed(), 'the approval window to close');
}

/**
 * Enter acts on key down, and the wallet may close the settled window before the key comes up:
 * a press that fails only because its window is gone has done its work.
 */
async function pressClosing(window: Page, press: () => Promise<void>): Promise<void> {
  await press().catch((error: unknown) => {
    if (!window.isClosed()) throw error;
  });
}

describe('approval windows', () => {
  it('connect: origin, dapp name, period choice; Allow gives the dapp the account for a week', async () => {
    const popup = await requestWindow(dapp, 'connect', { method: 'eth_requestAccounts' });
    expect(await popup.title()).toBe('Confirm | Orrery');
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([375, 660]);
    await expect(popup.getByTestId('confirm-origin').textContent()).resolves.toBe(dappOrigin);
    await popup.getByText('Test dapp').waitFor();
    const allow = popup.getByRole('button', { name: 'Connect', exact: true });
    expect(await allow.isDisabled()).toBe(true);
    await popup.getByText('Choose how long the site may stay connected.').waitFor();

    // By keyboard: an arrow key moves to the period, Space chooses it.
    await popup.getByRole('radio', { name: '1 hour' }).focus();
    await popup.keyboard.press('ArrowRight');
    // Radix moves focus on a timer after the key: Space goes to the radio that has focus then.
    await until(
      async () => (await focusedElement(popup))?.name === '1 week',
      'focus on the next period',
    );
    await popup.keyboard.press('Space');
    expect(await popup.getByRole('radio', { name: '1 week' }).isChecked()).toBe(true);
    expect(await allow.isEnabled()).toBe(true);
    await reviewScreen(popup, 'confirm-connect');
    await expectNoSidewaysScroll(popup, 'connect');
    await keyboardPass(popup, 'Connect');
    await escapeDoesNothing(popup);

    await allow.focus();
    await pressClosing(popup, () => popup.keyboard.press('Enter'));
    expect(await result(dapp, 'connect')).toEqual({ result: [DEV_ADDRESS] });
    await closedBySettling(popup);
    const grant = await walletPage.evaluate(
      (origin) => window.orreryTestHooks.state().PermissionController.grants[origin],
      dappOrigin,
    );
    expect(grant).toMatchObject({ accounts: [DEV_ADDRESS], period: 'week' });
    // Seven days out (the settings screen lists it with this expiry).
    expect(grant!.expiresAt - grant!.grantedAt).toBe(7 * 24 * 3600 * 1000);
  });

  it('a second origin: Deny gives 4001, and closing the window gives 4001 within 1 s', async () => {
    const second = await openDapp(secondDappOrigin);
    const denied = await requestWindow(second, 'deny', { method: 'eth_requestAccounts' });
    await denied.getByRole('button', { name: 'Deny' }).click();
    expect(await result(second, 'deny')).toEqual({
      error: { code: 4001, message: 'User rejected permissions request' },
    });
    await closedBySettling(denied);

    const closing = await requestWindow(second, 'close', { method: 'eth_requestAccounts' });
    const closedAt = Date.now();
    await closing.close();
    expect(await result(second, 'close')).toEqual({
      error: { code: 4001, message: 'User rejected permissions request' },
    });
    const latency = (await second.evaluate(() => window.settledAt.close!)) - closedAt;
    console.log(`closed window → dapp 4001: ${latency} ms`);
    expect(latency).toBeLessThan(1000);

    // A window that fails to load its screen reports it; the dapp hears 4001 at once.
    await browser.context.route(/route-confirm\.[0-9a-f]+\.js$/, (route) => route.abort());
    try {
      const broken = await requestWindowRaw(second, 'broken', { method: 'eth_requestAccounts' });
      await broken
        .getByTestId('chunk-load-error')
        .waitFor({ state: 'attached' })
        .catch(() => undefined);
      const outcome = await result(second, 'broken');
      expect(outcome).toEqual({
        error: { code: 4001, message: 'User rejected permissions request' },
      });
      const failedLatency =
        (await second.evaluate(() => window.settledAt.broken!)) - broken.openedAt;
      console.log(`window that failed to load (opened → dapp 4001): ${failedLatency} ms`);
      expect(failedLatency).toBeLessThan(3000);
    } finally {
      await browser.context.unroute(/route-confirm\.[0-9a-f]+\.js$/);
      browser.errors.splice(0); // the aborted chunk's own console errors
    }
    await second.close();
  });

  it('personal_sign shows the text; the signature verifies against the account', async () => {
    const popup = await requestWindow(dapp, 'personal', {
      method: 'personal_sign',
      params: ['0x68656c6c6f', DEV_ADDRESS],
    });
    expect(await popup.getByTestId('sign-message').textContent()).toBe('hello');
    await reviewScreen(popup, 'confirm-personal-sign');
    await keyboardPass(popup, 'Sign');
    await escapeDoesNothing(popup);
    await popup.getByRole('button', { name: 'Sign', exact: true }).click();
    const { result: signature } = await result(dapp, 'personal');
    expect(
      await verifyMessage({ address: DEV_ADDRESS, message: 'hello', signature: signature as Hex }),
    ).toBe(true);
    await closedBySettling(popup);
  });

  it('typed data v4 (EIP-712 Mail) shows domain and message; the signature verifies', async () => {
    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: {
        name: 'Ether Mail',
        version: '1',
        chainId: 5777,
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      },
      message: {
        from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
        contents: 'Hello, Bob!',
      },
    } as const;
    const popup = await requestWindow(dapp, 'typed', {
      method: 'eth_signTypedData_v4',
      params: [DEV_ADDRESS, JSON.stringify(typedData)],
    });
    await popup.getByText('Ether Mail').waitFor();
    await popup.getByText('Hello, Bob!').waitFor();
    await popup.getByText('Message (Mail)').waitFor();
    expect(await popup.getByText('0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC').count()).toBe(1);
    expect(await popup.getByRole('alert').count()).toBe(0); // same chain: no mismatch flag
    await reviewScreen(popup, 'confirm-typed-data');
    await keyboardPass(popup, 'Sign');
    await escapeDoesNothing(popup);
    await popup.getByRole('button', { name: 'Sign', exact: true }).click();
    const { result: signature } = await result(dapp, 'typed');
    const { EIP712Domain: _domain, ...types } = typedData.types;
    expect(
      await verifyTypedData({
        address: DEV_ADDRESS,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: typedData.message,
        signature: signature as Hex,
      }),
    ).toBe(true);
    await closedBySettling(popup);
  });

  it('eth_sign of a raw hash: danger notice, Sign only after the acknowledgement', async () => {
    const hash = `0x${'ab'.repeat(32)}` as Hex;
    const popup = await requestWindow(dapp, 'ethSign', {
      method: 'eth_sign',
      params: [DEV_ADDRESS, hash],
    });
    await popup.getByText('Danger: this cannot be read').waitFor();
    const sign = popup.getByRole('button', { name: 'Sign', exact: true });
    expect(await sign.isDisabled()).toBe(true);
    await reviewScreen(popup, 'confirm-eth-sign');
    await keyboardPass(popup, 'Sign');
    await escapeDoesNothing(popup);
    // By keyboard: the acknowledgement is a checkbox Space ticks.
    await popup.getByRole('checkbox').focus();
    await popup.keyboard.press('Space');
    expect(await sign.isEnabled()).toBe(true);
    await sign.click();
    const { result: signature } = await result(dapp, 'ethSign');
    expect((await recoverAddress({ hash, signature: signature as Hex })).toLowerCase()).toBe(
      DEV_ADDRESS,
    );
    await closedBySettling(popup);
  });

  it('an unknown id shows "No new transactions." and another origin’s id is refused', async () => {
    const unknown = await browser.open(`${wallet.url}/confirm?id=nothing-here`);
    await unknown.getByRole('heading', { name: 'No new transactions.' }).waitFor();
    await reviewScreen(unknown, 'confirm-none');

    // A request of the dapp, opened in a window that claims another origin.
    const popup = await requestWindow(dapp, 'mismatch', {
      method: 'personal_sign',
      params: ['0x6869', DEV_ADDRESS],
    });
    const id = new URL(popup.url()).searchParams.get('id')!;
    const forged = await browser.open(
      `${wallet.url}/confirm?id=${id}&origin=${encodeURIComponent(secondDappOrigin)}`,
    );
    await forged.getByRole('heading', { name: 'Request refused' }).waitFor();
    expect(await forged.getByRole('button', { name: 'Sign' }).count()).toBe(0);
    await popup.getByRole('button', { name: 'Deny' }).click();
    expect((await result(dapp, 'mismatch')).error?.code).toBe(4001);
    await unknown.close();
    await forged.close();
  });

  it('transaction: fee tiers and total, the editor’s errors, and the mined fee equals the edit', async () => {
    const recipient = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const popup = await requestWindow(dapp, 'send', {
      method: 'eth_sendTransaction',
      params: [{ from: DEV_ADDRESS, to: recipient, value: '0xde0b6b3a7640000' }],
    });
    await popup.getByRole('heading', { name: 'Send ETH' }).waitFor();
    expect(await popup.getByTestId('tx-value').textContent()).toMatch(/^1 ETH/);
    await popup.getByLabel(recipient).waitFor();
    for (const speed of ['Slow', 'Average', 'Fast']) {
      await popup.getByRole('button', { name: speed, exact: true }).waitFor();
    }
    await popup.getByText('Estimated total').waitFor();
    const confirm = popup.getByRole('button', { name: 'Confirm', exact: true });
    expect(await confirm.isEnabled()).toBe(true);
    await reviewScreen(popup, 'confirm-transaction');
    await expectNoSidewaysScroll(popup, 'transaction');
    await keyboardPass(popup, 'Confirm');
    await escapeDoesNothing(popup);

    // The editor: the spec's messages, Save refused while they stand.
    await popup.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = popup.getByRole('dialog', { name: 'Edit network fee' });
    await editor.waitFor();
    const priority = editor.getByLabel('Max priority fee (GWEI)');
    const maxFee = editor.getByLabel('Max fee (GWEI)');
    const save = editor.getByRole('button', { name: 'Save' });
    await priority.fill('0');
    await editor.getByText('Max priority fee must be greater than 0 GWEI.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await priority.fill('3');
    await maxFee.fill('2');
    await editor.getByText('Max fee cannot be below the priority fee.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await maxFee.fill('50');
    await editor.getByRole('button', { name: 'Show advanced options' }).click();
    await editor.getByLabel('Gas limit').fill('30000');
    await popup.setViewportSize({ width: 375, height: 660 });
    await reviewOverlay(popup, 'confirm-fee-editor', '[role="dialog"]');
    // Escape closes the editor only: the transaction still waits.
    await popup.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(await pendingCount()).toBe(1);
    // Again, and saved with Enter this time.
    await popup.getByRole('button', { name: 'Edit', exact: true }).click();
    await priority.fill('3');
    await maxFee.fill('50');
    await editor.getByRole('button', { name: 'Show advanced options' }).click();
    await editor.getByLabel('Gas limit').fill('30000');
    await editor.getByLabel('Gas limit').press('Enter');
    await editor.waitFor({ state: 'detached' });
    await popup.getByText('Up to 0.0015 ETH').waitFor(); // 30000 × 50 gwei
    await confirm.click();

    const { result: hash } = await result(dapp, 'send');
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await closedBySettling(popup);
    const chain = createPublicClient({ transport: http(wallet.anvil.rpcUrl) });
    const receipt = await chain.waitForTransactionReceipt({ hash: hash as Hex });
    expect(receipt.status).toBe('success');
    const mined = await chain.getTransaction({ hash: hash as Hex });
    expect(mined.maxPriorityFeePerGas).toBe(3_000_000_000n);
    expect(mined.maxFeePerGas).toBe(50_000_000_000n);
    expect(mined.gas).toBe(30_000n);
    expect(mined.value).toBe(10n ** 18n);
    expect(mined.to).toBe(recipient);
  });

  it('transaction: Deny gives the spec’s 4001; more than the balance shows insufficient funds', async () => {
    const denied = await requestWindow(dapp, 'denied', {
      method: 'eth_sendTransaction',
      params: [{ from: DEV_ADDRESS, to: DEV_ADDRESS, value: '0x1' }],
    });
    await denied.getByRole('button', { name: 'Deny' }).click();
    expect(await result(dapp, 'denied')).toEqual({
      error: { code: 4001, message: 'Orrery Tx Signature: User denied transaction signature.' },
    });
    await closedBySettling(denied);

    const tooMuch = await requestWindow(dapp, 'tooMuch', {
      method: 'eth_sendTransaction',
      // 1,000,000 ETH: far above the dev account's 10,000.
      params: [{ from: DEV_ADDRESS, to: DEV_ADDRESS, value: '0xd3c21bcecceda1000000' }],
    });
    await tooMuch.getByTestId('insufficient-funds').waitFor();
    expect(await tooMuch.getByRole('button', { name: 'Confirm', exact: true }).isDisabled()).toBe(
      true,
    );
    const topUp = tooMuch.getByRole('link', { name: 'Please top up your wallet' });
    expect(new URL(await topUp.evaluate((a) => (a as HTMLAnchorElement).href)).pathname).toBe(
      '/wallet/topup',
    );
    await reviewScreen(tooMuch, 'confirm-insufficient');
    await tooMuch.getByRole('button', { name: 'Deny' }).click();
    expect((await result(dapp, 'tooMuch')).error?.code).toBe(4001);
  });

  it('encryption key and decrypt: the plaintext shows before Allow, Allow returns it, Deny refuses', async () => {
    const keyWindow = await requestWindow(dapp, 'key', {
      method: 'eth_getEncryptionPublicKey',
      params: [DEV_ADDRESS],
    });
    await keyWindow.getByRole('heading', { name: 'Share your encryption key?' }).waitFor();
    await reviewScreen(keyWindow, 'confirm-encryption-key');
    await keyboardPass(keyWindow, 'Share key');
    await escapeDoesNothing(keyWindow);
    await keyWindow.getByRole('button', { name: 'Share key' }).click();
    const { result: publicKey } = await result(dapp, 'key');
    expect(publicKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);

    const sealed = (data: string) =>
      `0x${Buffer.from(
        JSON.stringify(
          encrypt({ publicKey: publicKey as string, data, version: 'x25519-xsalsa20-poly1305' }),
        ),
      ).toString('hex')}`;
    const popup = await requestWindow(dapp, 'decrypt', {
      method: 'eth_decrypt',
      params: [sealed('meet at the observatory'), DEV_ADDRESS],
    });
    const message = popup.getByTestId('decrypt-message');
    expect(await message.textContent()).toMatch(/^0x7b/); // the sealed JSON, hex
    await reviewScreen(popup, 'confirm-decrypt');
    await keyboardPass(popup, 'Allow');
    await escapeDoesNothing(popup);
    await popup.getByRole('button', { name: 'Decrypt message' }).click();
    await popup.getByText('meet at the observatory').waitFor();
    expect(await pendingCount()).toBe(1); // the preview approved nothing
    await screenshotSizesOf(popup, 'confirm-decrypt-revealed');
    await popup.getByRole('button', { name: 'Allow' }).click();
    expect(await result(dapp, 'decrypt')).toEqual({ result: 'meet at the observatory' });
    await closedBySettling(popup);

    const denied = await requestWindow(dapp, 'decryptDenied', {
      method: 'eth_decrypt',
      params: [sealed('not for you'), DEV_ADDRESS],
    });
    await denied.getByRole('button', { name: 'Deny' }).click();
    expect(await result(dapp, 'decryptDenied')).toEqual({
      error: { code: 4001, message: 'User denied message Ddecryption.' },
    });
  });

  it('watch asset: an ERC-20 from anvil with its symbol and decimals is added; an ERC-721 shows the placeholder', async () => {
    const token = await deployContract(wallet.anvil.rpcUrl, 'TestERC20', [
      'Orbit Token',
      'ORB',
      6,
      2_500_000n,
    ]);
    const popup = await requestWindow(dapp, 'watch', {
      method: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address: token } } as never,
    });
    await popup.getByRole('heading', { name: 'Would you like to add this token?' }).waitFor();
    const details = popup.getByTestId('asset-details');
    await details.getByText('ORB', { exact: true }).waitFor();
    await details.getByText('2.5000 ORB').waitFor(); // 2,500,000 base units, 6 decimals
    expect(await details.textContent()).toContain('Decimals6');
    await reviewScreen(popup, 'confirm-watch-token');
    await keyboardPass(popup, 'Add');
    await escapeDoesNothing(popup);
    await popup.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await result(dapp, 'watch')).toEqual({ result: true });
    const tokens = await walletPage.evaluate(() =>
      JSON.stringify(window.orreryTestHooks.state().TokensController.localCustomTokens),
    );
    expect(tokens).toContain(token.toLowerCase());

    // A spend approval on that token: the call decoded (spender, allowance), titled as such.
    const spender = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
    const approveWindow = await requestWindow(dapp, 'approve', {
      method: 'eth_sendTransaction',
      params: [
        {
          from: DEV_ADDRESS,
          to: token,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'approve',
            args: [spender, 1_500_000n],
          }),
        },
      ],
    });
    await approveWindow.getByRole('heading', { name: 'Allow spending your tokens' }).waitFor();
    const tx = approveWindow.getByTestId('tx-details');
    await tx.getByLabel(spender).waitFor();
    expect(await approveWindow.getByTestId('tx-token-amount').textContent()).toMatch(
      /^(1\.500000 ORB|1500000 \(token base units\))$/,
    );
    await reviewScreen(approveWindow, 'confirm-token-approve');
    await approveWindow.getByRole('button', { name: 'Deny' }).click();
    expect((await result(dapp, 'approve')).error?.code).toBe(4001);

    const nft = await deployContract(wallet.anvil.rpcUrl, 'TestERC721', ['Moons', 'MOON']);
    const { walletClient, publicClient } = await chainClients(wallet.anvil.rpcUrl);
    const artifacts = await loadContractArtifacts();
    const minted = await walletClient.writeContract({
      address: nft,
      abi: artifacts.TestERC721.abi,
      functionName: 'mint',
      args: [DEV_ADDRESS, 7n],
    });
    await publicClient.waitForTransactionReceipt({ hash: minted });
    const collectible = await requestWindow(dapp, 'watchNft', {
      method: 'wallet_watchAsset',
      params: { type: 'ERC721', options: { address: nft, tokenId: '7' } } as never,
    });
    await collectible
      .getByRole('heading', { name: 'Would you like to add this collectible?' })
      .waitFor();
    await collectible.getByTestId('nft-placeholder').waitFor();
    await reviewScreen(collectible, 'confirm-watch-nft');
    await collectible.getByRole('button', { name: 'Deny' }).click();
    expect(await result(dapp, 'watchNft')).toEqual({
      error: { code: 4001, message: 'User denied watch asset request.' },
    });
  });

  it('watch asset: an ERC-1155 the account holds shows its name, id, balance and the placeholder; Add adds it', async () => {
    // The contract's URI is a data: document (no network): a name and description, no image.
    const metadata = JSON.stringify({
      name: 'Star Map',
      description: 'A map of the outer planets.',
    });
    const multi = await deployContract(wallet.anvil.rpcUrl, 'TestERC1155', [
      `data:application/json,${encodeURIComponent(metadata)}`,
    ]);
    const { walletClient, publicClient } = await chainClients(wallet.anvil.rpcUrl);
    const artifacts = await loadContractArtifacts();
    const minted = await walletClient.writeContract({
      address: multi,
      abi: artifacts.TestERC1155.abi,
      functionName: 'mint',
      args: [DEV_ADDRESS, 3n, 5n],
    });
    await publicClient.waitForTransactionReceipt({ hash: minted });

    const popup = await requestWindow(dapp, 'watch1155', {
      method: 'wallet_watchAsset',
      params: { type: 'ERC1155', options: { address: multi, tokenId: '3' } } as never,
    });
    await popup.getByRole('heading', { name: 'Would you like to add this collectible?' }).waitFor();
    await popup.getByText('ERC-1155', { exact: true }).waitFor();
    await popup.getByText('Star Map', { exact: true }).waitFor();
    await popup.getByTestId('nft-placeholder').waitFor();
    const details = popup.getByTestId('asset-details');
    const text = await details.textContent();
    expect(text).toContain('Token ID3');
    expect(text).toContain('Your balance5');
    expect(text).toContain('A map of the outer planets.');
    expect(text?.toLowerCase()).toContain(multi.toLowerCase());
    await reviewScreen(popup, 'confirm-watch-erc1155');
    await keyboardPass(popup, 'Add');
    await escapeDoesNothing(popup);
    await popup.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await result(dapp, 'watch1155')).toEqual({ result: true });
    await closedBySettling(popup);
    const collectibles = await walletPage.evaluate(() =>
      JSON.stringify(window.orreryTestHooks.state().CollectiblesController.localCustomNfts),
    );
    expect(collectibles.toLowerCase()).toContain(multi.toLowerCase());

    // Sending 2 of that id: a collectible transfer, decoded (id, count, recipient), not base units.
    const recipient = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
    const send = await requestWindow(dapp, 'send1155', {
      method: 'eth_sendTransaction',
      params: [
        {
          from: DEV_ADDRESS,
          to: multi,
          data: encodeFunctionData({
            abi: artifacts.TestERC1155.abi,
            functionName: 'safeTransferFrom',
            args: [DEV_ADDRESS, recipient, 3n, 2n, '0x'],
          }),
        },
      ],
    });
    await send.getByRole('heading', { name: 'Collectible transfer' }).waitFor();
    const tx = send.getByTestId('tx-details');
    await tx.getByLabel(recipient).waitFor();
    expect(await tx.textContent()).toContain('Token ID3');
    expect(await send.getByTestId('tx-token-amount').textContent()).toBe('2');
    await reviewScreen(send, 'confirm-erc1155-transfer');
    await send.getByRole('button', { name: 'Deny' }).click();
    expect((await result(dapp, 'send1155')).error?.code).toBe(4001);
  });

  it('two origins queue: one window at a time, "1 of 2", nothing settles without a click', async () => {
    const second = await openDapp(secondDappOrigin);
    const first = await requestWindow(dapp, 'queued1', {
      method: 'personal_sign',
      params: ['0x6f6e65', DEV_ADDRESS],
    });
    await second.evaluate(() => window.dapp.start('queued2', { method: 'eth_requestAccounts' }));
    await until(async () => (await pendingCount()) === 2, 'both requests pending');
    await first.getByTestId('confirm-queue').filter({ hasText: '1 of 2' }).waitFor();
    const confirmWindows = () =>
      browser.context.pages().filter((page) => page.url().includes('/confirm?'));
    expect(confirmWindows()).toHaveLength(1);
    await screenshotSizesOf(first, 'confirm-queue');

    const [next] = await Promise.all([
      browser.context.waitForEvent('page', {
        predicate: (page) => page.url().includes('/confirm?'),
      }),
      first.getByRole('button', { name: 'Deny' }).click(),
    ]);
    expect((await result(dapp, 'queued1')).error?.code).toBe(4001);
    await next.getByRole('heading', { name: 'Connect to this site?' }).waitFor();
    await expect(next.getByTestId('confirm-origin').textContent()).resolves.toBe(secondDappOrigin);
    expect(await pendingCount()).toBe(1);
    await next.getByRole('button', { name: 'Deny' }).click();
    expect((await result(second, 'queued2')).error?.code).toBe(4001);
    await second.close();
  });

  it('a request on a locked wallet opens the unlock window first; it closes once unlocked', async () => {
    await walletPage.evaluate(() => window.orreryTestHooks.actions.setLocked());
    const popup = await requestWindow(dapp, 'locked', { method: 'eth_requestAccounts' });
    expect(new URL(popup.url()).searchParams.get('unlock')).toBe('1');
    await popup.getByRole('heading', { name: 'Unlock to continue' }).waitFor();
    await reviewScreen(popup, 'confirm-unlock');
    await popup.keyboard.press('Escape');
    expect(popup.isClosed()).toBe(false);
    await popup.getByLabel('Password', { exact: true }).fill(VAULT_PASSWORD);
    await pressClosing(popup, () => popup.getByLabel('Password', { exact: true }).press('Enter'));
    // Already connected: unlocking is all it took.
    expect(await result(dapp, 'locked')).toEqual({ result: [DEV_ADDRESS] });
    await closedBySettling(popup);
  });

  it('add chain then switch: C8 then C9, the dapp hears chainChanged; a mismatching RPC opens nothing', async () => {
    const other: AnvilInstance = await startAnvil({ chainId: 31_338 });
    try {
      const popup = await requestWindow(dapp, 'addChain', {
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x7a6a',
            chainName: 'Second anvil',
            rpcUrls: [other.rpcUrl],
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
      });
      const details = popup.getByTestId('chain-details');
      await details.getByText('Second anvil').waitFor();
      await details.getByText(other.rpcUrl).waitFor();
      await details.getByText('31338').waitFor();
      await reviewScreen(popup, 'confirm-add-chain');
      await keyboardPass(popup, 'Add network');
      await escapeDoesNothing(popup);
      const [switchWindow] = await Promise.all([
        browser.context.waitForEvent('page', {
          predicate: (page) => page.url().includes('/confirm?'),
        }),
        popup.getByRole('button', { name: 'Add network' }).click(),
      ]);
      await switchWindow.getByRole('heading', { name: 'Switch network?' }).waitFor();
      await switchWindow.getByTestId('switch-chain').getByText('Second anvil').waitFor();
      await reviewScreen(switchWindow, 'confirm-switch-chain');
      await keyboardPass(switchWindow, 'Switch network');
      await escapeDoesNothing(switchWindow);
      await switchWindow.getByRole('button', { name: 'Switch network' }).click();
      expect(await result(dapp, 'addChain')).toEqual({ result: null });
      await dapp.waitForFunction(() =>
        window.dapp.events.some(([name, id]) => name === 'chainChanged' && id === '0x7a6a'),
      );
      expect(
        await walletPage.evaluate(
          () => window.orreryTestHooks.state().NetworkController.providerConfig.chainId,
        ),
      ).toBe('0x7a6a');

      // An RPC that answers another chain id than the one asked for: refused before any window.
      const pagesBefore = browser.context.pages().length;
      await dapp.evaluate(
        (rpcUrl) =>
          window.dapp.start('mismatch', {
            method: 'wallet_addEthereumChain',
            params: [
              {
                chainId: '0x7a6b',
                chainName: 'Wrong',
                rpcUrls: [rpcUrl],
                nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
              },
            ],
          }),
        wallet.anvil.rpcUrl,
      );
      const refused = await result(dapp, 'mismatch');
      expect(refused.error?.message).toBe(
        "Provided rpc url's chainId version is not matching with provided chainId, expected: 0x7a6b, received: 0x1691",
      );
      expect(browser.context.pages().length).toBe(pagesBefore);
      expect(await pendingCount()).toBe(0);

      // The network-change window (/providerchange, views.md §3.8) on the same kind of request,
      // a switch back to the first anvil: shown as current → requested, approved only there.
      const confirmWindow = await requestWindow(dapp, 'switchBack', {
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x1691' }],
      });
      const id = new URL(confirmWindow.url()).searchParams.get('id')!;
      // Opened by a wallet page as a window, as the embed would open it.
      const [change] = await Promise.all([
        browser.context.waitForEvent('page', {
          predicate: (page) => page.url().includes('/providerchange?'),
        }),
        walletPage.evaluate(
          (path) => void window.open(path, 'orrery-providerchange', 'popup,width=375,height=660'),
          `${wallet.url}/providerchange?${new URLSearchParams({ id, origin: dappOrigin })}`,
        ),
      ]);
      change.on('pageerror', (error) => browser.errors.push(`providerchange: ${error.message}`));
      await change.getByRole('heading', { level: 1, name: 'Change the network?' }).waitFor();
      expect(await change.title()).toBe('Network change | Orrery');
      const current = change.getByRole('region', { name: 'Current network' });
      await current.getByText('Second anvil').waitFor();
      await current.getByText('31338').waitFor();
      const requested = change.getByRole('region', { name: 'Requested network' });
      await requested.getByText('5777').waitFor();
      await change
        .getByText(/^http:\/\/127\.0\.0\.1:\d+ asks to change your network to /)
        .waitFor();
      await reviewScreen(change, 'providerchange');
      await expectNoSidewaysScroll(change, '/providerchange');
      await keyboardPass(change, 'Change network');
      await escapeDoesNothing(change);
      await change.getByRole('button', { name: 'Change network' }).click();
      expect(await result(dapp, 'switchBack')).toEqual({ result: null });
      await dapp.waitForFunction(() =>
        window.dapp.events.some(([name, id]) => name === 'chainChanged' && id === '0x1691'),
      );
      await closedBySettling(change);
      await closedBySettling(confirmWindow);
    } finally {
      await other.stop();
    }
  });
});

async function screenshotSizesOf(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-popup`);
}
