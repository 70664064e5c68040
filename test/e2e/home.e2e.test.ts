/**
 * The wallet home in Debian's Chromium against the built wallet and anvil (views.md §6 V1 check
 * 3 and check 10 for home and the collectible route): anvil #0's balance with 3 decimals in ETH,
 * updated without reload when a transfer to it is mined; no fiat value at rate 0; the ERC-20 and
 * ERC-721 it holds (real contracts deployed here) in the token and collectible lists; the
 * collectible detail route; the receive card's address, copy and QR code; onboarding for an
 * empty account. axe in both themes, 375×660 and desktop, keyboard only.
 */
import type { Page } from 'playwright-core';

import { loadContractArtifacts } from '../chain/compile-contracts';
import { chainClients, deployContract } from '../chain/deploy';
import {
  createWalletThroughUi,
  DEV_ADDRESS,
  expectNoSidewaysScroll,
  launchBrowser,
  reviewScreen,
  tabThrough,
  until,
  VIEWPORTS,
  type Browser,
  type Wallet,
  startWallet,
} from './harness';

jest.setTimeout(300_000);

let wallet: Wallet;
let browser: Browser;
let page: Page;
let token: string;
let nft: string;

const HOME = '/v5.0.2/wallet/home';
/** Each test starts on the home route, whatever the one before left open. */
async function openHome(): Promise<void> {
  if (new URL(page.url()).pathname !== HOME) await page.goto(`${wallet.url}${HOME}?test-hooks`);
  await page.getByTestId('wallet-home-page').waitFor();
  await page.getByTestId('native-balance').waitFor();
}

const balanceText = () => page.getByTestId('native-balance').textContent();
const wei = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

beforeAll(async () => {
  wallet = await startWallet();
  // Real contracts, deployed and minted by anvil #0 before the wallet first reads its assets. The
  // ORB tokens arrive unasked and have no price, so the wallet folds them away as likely spam
  // (spam.ts) until the user adds the token: the second test does that, as a user would.
  token = await deployContract(wallet.anvil.rpcUrl, 'TestERC20', [
    'Orbit Token',
    'ORB',
    6,
    2_500_000n,
  ]);
  nft = await deployContract(wallet.anvil.rpcUrl, 'TestERC721', ['Moons', 'MOON']);
  const { walletClient, publicClient } = await chainClients(wallet.anvil.rpcUrl);
  const artifacts = await loadContractArtifacts();
  const minted = await walletClient.writeContract({
    address: nft as `0x${string}`,
    abi: artifacts.TestERC721.abi,
    functionName: 'mint',
    args: [DEV_ADDRESS, 7n],
  });
  await publicClient.waitForTransactionReceipt({ hash: minted });
  browser = await launchBrowser();
  // Another tab of the wallet keeps the engine (a SharedWorker) alive across reloads.
  const keeper = await browser.open(`${wallet.url}/v5.0.2/confirm`);
  await keeper.getByTestId('confirm-empty').waitFor();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: wallet.url,
  });
});

afterAll(async () => {
  await browser?.close();
  await wallet?.close();
});

describe('wallet home', () => {
  it('shows anvil #0 balance in ETH with 3 decimals, no fiat at rate 0, and follows a mined transfer (check 3)', async () => {
    page = await browser.open(`${wallet.url}/v5.0.2/wallet/home?test-hooks`);
    await createWalletThroughUi(page);
    await page.getByTestId('wallet-home-page').waitFor();
    await page.getByRole('heading', { name: 'Account balance' }).waitFor();
    await page.getByTestId('native-balance').waitFor();
    const before = await balanceText();
    expect(before).toMatch(/^[\d,]+\.\d{3} ETH$/);
    // No rate on anvil: no fiat value anywhere, the total says so.
    expect(await page.getByTestId('total-value').textContent()).toBe('No exchange rate yet');
    expect(await page.getByTestId('last-update').textContent()).toBe('N/A');
    expect(await page.getByTestId('token-fiat').count()).toBe(0);

    // A transfer to anvil #0 from anvil #1, sent test-side; the figure follows without reload.
    const [, sender] = wallet.anvil.privateKeys;
    const { walletClient, publicClient } = await chainClients(
      wallet.anvil.rpcUrl,
      sender as `0x${string}`,
    );
    const hash = await walletClient.sendTransaction({
      to: DEV_ADDRESS,
      value: 5n * 10n ** 18n,
    } as never);
    await publicClient.waitForTransactionReceipt({ hash });
    await until(
      async () => wei(await balanceText()) >= wei(before) + 5,
      'the balance to grow by 5 ETH',
    );
    expect(await balanceText()).toMatch(/^[\d,]+\.\d{3} ETH$/);
  });

  it('lists the native coin first and the ERC-20 it holds; the collectible grid shows the ERC-721', async () => {
    await openHome();
    // The user adds the token they were sent (the add-token dialog's engine action).
    await page.evaluate(
      (address) => window.orreryTestHooks.actions.addCustomToken({ token_address: address }),
      token,
    );
    const tokens = page.getByRole('list', { name: 'Tokens' });
    await tokens.getByTestId(`token-${token.toLowerCase()}`).waitFor({ timeout: 60_000 });
    const rows = tokens.getByRole('listitem');
    expect(await rows.first().textContent()).toContain('ETH');
    const orb = tokens.getByTestId(`token-${token.toLowerCase()}`);
    expect(await orb.getByTestId('token-balance').textContent()).toBe('2.50'); // 6 decimals, 2 shown
    expect(await orb.textContent()).toContain('Orbit Token');

    // Keyboard: the tabs are one stop, arrows move between them (WAI-ARIA tabs).
    await page.getByRole('tab', { name: 'Tokens' }).focus();
    await page.keyboard.press('ArrowRight');
    const collectiblesTab = page.getByRole('tab', { name: 'Collectibles' });
    await until(
      async () => (await collectiblesTab.getAttribute('aria-selected')) === 'true',
      'the collectibles tab selected',
    );
    const grid = page.getByRole('list', { name: 'Collectibles' });
    const card = grid.getByRole('link', { name: /Moons/ });
    await card.waitFor({ timeout: 60_000 });
    expect(await card.textContent()).toContain('Owned: 1');
    await reviewScreen(page, 'home-collectibles');
    await page.getByRole('tab', { name: 'Tokens' }).click();
    await reviewScreen(page, 'home-tokens');
    await page.setViewportSize(VIEWPORTS.popup);
    await expectNoSidewaysScroll(page, 'home at 375 px');
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('opens the collectible detail by keyboard; an unknown contract says not found', async () => {
    await openHome();
    await page.getByRole('tab', { name: 'Collectibles' }).click();
    const card = page
      .getByRole('list', { name: 'Collectibles' })
      .getByRole('link', { name: /Moons/ });
    await card.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('collectible-page').waitFor();
    expect(new URL(page.url()).pathname).toBe(
      `/v5.0.2/wallet/home/collectibles/${nft.toLowerCase()}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Moons' }).waitFor();
    await until(async () => (await page.title()) === 'Moons | Orrery', 'the title');
    const asset = page.getByTestId('collectible-7');
    expect(await asset.textContent()).toContain('Token ID: 7');
    await asset.getByTestId('nft-placeholder').waitFor(); // the test contract has no token URI
    // Without metadata the wallet names the token after its contract (CollectiblesController).
    expect(await asset.getByRole('heading', { level: 3 }).textContent()).toBe('Moons #7');
    const transfer = asset.getByRole('link', { name: 'Transfer Moons #7' });
    const href = new URL((await transfer.getAttribute('href'))!, wallet.url);
    expect(href.pathname).toBe('/v5.0.2/wallet/transfer');
    expect(href.searchParams.get('contract')?.toLowerCase()).toBe(nft.toLowerCase());
    expect(href.searchParams.get('tokenId')).toBe('7');
    await reviewScreen(page, 'collectible-detail');

    await page.goto(`${wallet.url}/v5.0.2/wallet/home/collectibles/0x${'ab'.repeat(20)}`);
    await page.getByTestId('collectible-not-found').waitFor({ timeout: 60_000 });
    await reviewScreen(page, 'collectible-not-found');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByTestId('wallet-home-page').waitFor();
  });

  it('receive card: the whole address, copy to the clipboard, a QR code; keyboard reaches every control', async () => {
    await openHome();
    const receive = page.getByRole('region', { name: 'Your public address' });
    expect(await receive.getByTestId('receive-address').textContent()).toBe(DEV_ADDRESS);
    const qr = receive.getByRole('img', { name: 'QR code of your address' });
    await qr.waitFor();
    // A real matrix: a version-3+ code for 42 characters has at least 29 modules a side.
    const side = Number((await qr.getAttribute('viewBox'))!.split(' ')[2]);
    expect(side).toBeGreaterThanOrEqual(29 + 4);
    await receive.getByRole('button', { name: 'Copy address' }).click();
    await receive.getByText('Address copied to the clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DEV_ADDRESS);

    const stops = await tabThrough(page, 80);
    const names = stops.map((stop) => stop.name);
    for (const name of ['Transfer', 'Top up', 'Tokens', 'Copy address'])
      expect(names).toContain(name);
    expect(stops.filter((stop) => !stop.visibleFocus).map((stop) => stop.name)).toEqual([]);
  });

  it('an empty new account gets onboarding that says what to do; dismissing it lasts', async () => {
    await openHome();
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.getByRole('tab', { name: 'New account' }).click();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.waitFor({ state: 'detached' });
    const onboarding = page.getByRole('region', { name: 'Let us get you set up' });
    await onboarding.waitFor();
    expect(await page.getByTestId('native-balance').textContent()).toBe('0.000 ETH');
    await onboarding.getByText('Step 1 of 3').waitFor();
    await onboarding.getByRole('button', { name: 'I do not own digital assets' }).click();
    await onboarding.getByText('Step 2 of 4').waitFor();
    await onboarding.getByRole('link', { name: /top-up/ }).waitFor();
    await onboarding.getByRole('button', { name: 'Next' }).click();
    await onboarding.getByRole('link', { name: /Know your wallet address/ }).waitFor();
    await page.getByRole('tab', { name: 'Collectibles' }).click();
    await page.getByTestId('collectibles-empty').waitFor();
    await reviewScreen(page, 'home-onboarding');

    await onboarding.getByRole('button', { name: 'Dismiss' }).click();
    await onboarding.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('native-balance').waitFor();
    expect(await page.getByTestId('onboarding').count()).toBe(0);
  });
});
