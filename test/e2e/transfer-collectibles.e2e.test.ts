/**
 * The rest of Transfer and Activity in Debian's Chromium against the built wallet and anvil
 * (issue #12): an ERC-721 and part of an ERC-1155 balance sent from the transfer screen with
 * ownership read back from the chain; the collectible detail's Transfer link preselects its
 * token; the QR scanner dialog (no camera in headless Chromium: the refusal and fallbacks);
 * the notification offer on Activity; a speed-up with fees raised in the fee editor mined in
 * place of the original. axe in both themes and screenshots at 375×660 and desktop.
 */
import type { Page } from 'playwright-core';

import { callJsonRpc } from '../../scripts/lib/json-rpc';
import { loadContractArtifacts } from '../chain/compile-contracts';
import { chainClients, deployContract } from '../chain/deploy';
import { setAutomine } from '../chain/snapshot';
import {
  createWalletThroughUi,
  DEV_ADDRESS,
  expectNoSidewaysScroll,
  launchBrowser,
  reviewOverlay,
  reviewScreen,
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
let moons: string;
let gems: string;
const RECIPIENT = '0x70997970c51812dc3b479c55d83d34d1a5f6a6e3'; // anvil #1

const word = (value: string | bigint) =>
  (typeof value === 'bigint' ? value.toString(16) : value.slice(2).toLowerCase()).padStart(64, '0');
const call = (to: string, data: string) =>
  callJsonRpc<string>(wallet.anvil.rpcUrl, 'eth_call', [{ to, data }, 'latest']);

beforeAll(async () => {
  wallet = await startWallet();
  moons = await deployContract(wallet.anvil.rpcUrl, 'TestERC721', ['Moons', 'MOON']);
  gems = await deployContract(wallet.anvil.rpcUrl, 'TestERC1155', ['ipfs://gems/{id}']);
  const { walletClient, publicClient } = await chainClients(wallet.anvil.rpcUrl);
  const artifacts = await loadContractArtifacts();
  for (const hash of [
    await walletClient.writeContract({
      address: moons as `0x${string}`,
      abi: artifacts.TestERC721.abi,
      functionName: 'mint',
      args: [DEV_ADDRESS, 7n],
    } as never),
    await walletClient.writeContract({
      address: gems as `0x${string}`,
      abi: artifacts.TestERC1155.abi,
      functionName: 'mint',
      args: [DEV_ADDRESS, 3n, 12n],
    } as never),
  ]) {
    await publicClient.waitForTransactionReceipt({ hash });
  }
  browser = await launchBrowser();
  page = await browser.open(`${wallet.url}/wallet/transfer`);
  await createWalletThroughUi(page);
  await page.getByTestId('transfer-page').waitFor();
  // A second page keeps the engine (and so the unlocked wallet) alive across page.goto.
  await browser.open(`${wallet.url}/wallet/home`);
});

afterAll(async () => {
  await setAutomine(wallet.anvil.rpcUrl, true).catch(() => undefined);
  await browser?.close();
  await wallet?.close();
});

async function openTransfer(query = ''): Promise<void> {
  await page.goto(`${wallet.url}/wallet/transfer${query}`);
  await page.getByRole('radiogroup', { name: 'Select your transaction speed' }).waitFor();
}

async function chooseAsset(name: RegExp): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Asset to send' });
  await until(
    async () => {
      await select.click();
      const found = (await page.getByRole('option', { name }).count()) > 0;
      if (!found) await page.keyboard.press('Escape');
      return found;
    },
    'the collectible in the asset picker',
    90_000,
  );
  await page.getByRole('option', { name }).click();
}

async function sendTo(recipient: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Recipient address (0x…)' }).fill(recipient);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm transfer' });
  await dialog.waitFor();
  await dialog.getByTestId('confirm-fee').filter({ hasText: 'Up to' }).waitFor();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await page.locator('[data-testid="transfer-result"][data-outcome="success"]').waitFor();
}

describe('transfer: collectibles, QR, notifications, speed-up', () => {
  it('sends the ERC-721 from the picker (no amount asked); the chain shows the new owner', async () => {
    await openTransfer();
    await chooseAsset(/Moons #7/);
    // One token, sent whole: no amount field, no Send all.
    expect(await page.getByRole('textbox', { name: /Amount|Quantity/ }).count()).toBe(0);
    await reviewScreen(page, 'transfer-nft');
    await sendTo(RECIPIENT);
    const owner = await call(moons, `0x6352211e${word(7n)}`); // ownerOf(7)
    expect(`0x${owner.slice(-40)}`).toBe(RECIPIENT);
  });

  it('follows a link to an ERC-1155 and sends 5 of 12; both balances read back', async () => {
    await openTransfer(`?contract=${gems}&tokenId=3`);
    const quantity = page.getByRole('textbox', { name: 'Quantity' });
    await quantity.waitFor({ timeout: 90_000 });
    await page.getByText('You hold 12').first().waitFor();
    await quantity.fill('13');
    await page.getByRole('textbox', { name: 'Recipient address (0x…)' }).fill(RECIPIENT);
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByText('Insufficient balance', { exact: false }).first().waitFor();
    await quantity.fill('5');
    await sendTo(RECIPIENT);
    const balanceOf = async (account: string) =>
      BigInt(await call(gems, `0x00fdd58e${word(account)}${word(3n)}`));
    expect(await balanceOf(RECIPIENT)).toBe(5n);
    expect(await balanceOf(DEV_ADDRESS)).toBe(7n);
  });

  it('opens the QR scanner from a click; without a camera it says so and offers the fallbacks', async () => {
    await openTransfer();
    await page.getByRole('button', { name: 'Scan QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan the recipient’s address' });
    await dialog.waitFor();
    await until(
      async () => !/Starting/.test((await dialog.getByTestId('qr-status').textContent()) ?? ''),
      'the camera attempt to settle',
    );
    await dialog.getByLabel('Or read it from a photo').waitFor();
    await reviewOverlay(page, 'transfer-qr', '[role="dialog"]');
    await page.setViewportSize(VIEWPORTS.popup);
    await reviewOverlay(page, 'transfer-qr', '[role="dialog"]');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.keyboard.press('Escape');
    await until(async () => (await dialog.count()) === 0, 'the scanner closed');
    // Focus returns to the button that opened it.
    expect(
      await page.evaluate(() => document.activeElement?.textContent?.includes('Scan QR code')),
    ).toBe(true);
  });

  it('Activity offers desktop notifications; allowed, the offer goes away', async () => {
    await page.goto(`${wallet.url}/wallet/history`);
    const offer = page.getByTestId('notification-prompt');
    await offer.waitFor();
    await reviewScreen(page, 'activity-notifications');
    await page.setViewportSize(VIEWPORTS.popup);
    await expectNoSidewaysScroll(page, 'activity at 375 px');
    await page.setViewportSize(VIEWPORTS.desktop);
    await browser.context.grantPermissions(['notifications'], { origin: wallet.url });
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await until(async () => (await offer.count()) === 0, 'the offer gone once allowed');
  });

  it('speed-up: fees raised in the fee editor are mined in place of the original', async () => {
    await openTransfer();
    await setAutomine(wallet.anvil.rpcUrl, false);
    await page.getByRole('textbox', { name: 'Amount (ETH)' }).fill('0.1');
    await page.getByRole('textbox', { name: 'Recipient address (0x…)' }).fill(RECIPIENT);
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirm transfer' }).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('[data-testid="transfer-result"][data-outcome="processing"]').waitFor();

    await page.getByRole('link', { name: 'View in Activity' }).click();
    const row = page.locator('[data-testid="activity-row"][data-status="pending"]');
    await row.getByRole('button', { expanded: false }).click();
    await row.getByRole('button', { name: 'Speed up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Speed up the transaction' });
    await dialog.waitFor();
    await reviewOverlay(page, 'activity-speed-up', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Customize gas' }).click();
    const editor = page.getByRole('dialog').last();
    const maxFee = editor.getByRole('textbox', { name: 'Max fee (GWEI)' });
    const raised = (Number(await maxFee.inputValue()) * 3).toFixed(4);
    await maxFee.fill(raised);
    await editor.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await until(async () => (await dialog.count()) === 0, 'the speed-up sent');

    await setAutomine(wallet.anvil.rpcUrl, true);
    await callJsonRpc(wallet.anvil.rpcUrl, 'evm_mine', []);
    await until(
      async () =>
        (await page.locator('[data-testid="activity-row"][data-status="pending"]').count()) === 0,
      'the pending send settled',
    );
    // The mined transaction of that nonce (the newest of the account) carries the raised max fee.
    const latest = Number(await callJsonRpc<string>(wallet.anvil.rpcUrl, 'eth_blockNumber', []));
    let mined: { maxFeePerGas: string } | undefined;
    for (let number = latest; number > latest - 5 && !mined; number--) {
      const block = await callJsonRpc<{ transactions: { maxFeePerGas: string; from: string }[] }>(
        wallet.anvil.rpcUrl,
        'eth_getBlockByNumber',
        [`0x${number.toString(16)}`, true],
      );
      mined = block.transactions.find((tx) => tx.from.toLowerCase() === DEV_ADDRESS);
    }
    expect(Number(BigInt(mined!.maxFeePerGas)) / 1e9).toBeCloseTo(Number(raised), 3);
  });

  it('exports the filtered rows as CSV: the same rows, with hashes the chain knows', async () => {
    await page.goto(`${wallet.url}/wallet/history`);
    await page.getByTestId('activity-list').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Successful', exact: true }).click();
    const shown = page.locator('[data-testid="activity-row"]');
    await until(
      async () =>
        (await shown.count()) > 0 &&
        (await page
          .locator('[data-testid="activity-row"]:not([data-status="successful"])')
          .count()) === 0,
      'only successful rows',
    );
    const rowCount = await shown.count();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const text = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        stream.on('end', () => resolve(body));
        stream.on('error', reject);
      }, reject);
    });
    const [header, ...lines] = text.trim().split('\n');
    expect(header).toMatch(/date.*type.*from.*to.*amount.*token.*fee.*status.*hash/i);
    expect(lines).toHaveLength(rowCount);
    for (const line of lines) {
      const cells = line.split(',');
      expect(cells[7]).toBe('successful');
      const receipt = await callJsonRpc<{ status: string } | null>(
        wallet.anvil.rpcUrl,
        'eth_getTransactionReceipt',
        [cells[8]],
      );
      expect(receipt?.status).toBe('0x1');
    }
  });
});
