/**
 * Transfer and Activity in Debian's Chromium against anvil (views.md §6 V3): a native send by
 * address confirmed inline and read back from the chain, the form's errors and Send all, the
 * fee tiers changing the total, a pending send cancelled after the delay with the replacement
 * mined, the filters, axe in both themes and a keyboard pass on both routes.
 */
import type { Page } from 'playwright-core';

import { callJsonRpc } from '../../scripts/lib/json-rpc';
import { setAutomine } from '../chain/snapshot';
import {
  checkA11y,
  createWalletThroughUi,
  DEV_ADDRESS,
  launchBrowser,
  reviewOverlay,
  reviewScreen,
  tabThrough,
  until,
  type Browser,
  type Wallet,
  startWallet,
} from './harness';

jest.setTimeout(180_000);

let wallet: Wallet;
let browser: Browser;
let page: Page;
const RECIPIENT = '0x70997970c51812dc3b479c55d83d34d1a5f6a6e3'; // anvil #1

const balance = async (address: string) =>
  BigInt(await callJsonRpc<string>(wallet.anvil.rpcUrl, 'eth_getBalance', [address, 'latest']));

beforeAll(async () => {
  wallet = await startWallet();
  browser = await launchBrowser();
  page = await browser.open(`${wallet.url}/wallet/transfer`);
  await createWalletThroughUi(page);
  await page.getByTestId('transfer-page').waitFor();
  // A second page keeps the engine (and so the unlocked wallet) alive across page.goto.
  await browser.open(`${wallet.url}/wallet/home`);
  // The fee tiers come from the gas estimate, polled while a view is open.
  await page.getByRole('radiogroup', { name: 'Select your transaction speed' }).waitFor();
});

afterAll(async () => {
  await setAutomine(wallet.anvil.rpcUrl, true).catch(() => undefined);
  await browser?.close();
  await wallet?.close();
});

const recipientField = () => page.getByRole('textbox', { name: 'Recipient address (0x…)' });
const amountField = () => page.getByRole('textbox', { name: 'Amount (ETH)' });

async function openTransfer(): Promise<void> {
  await page.goto(`${wallet.url}/wallet/transfer`);
  await page.getByRole('radiogroup', { name: 'Select your transaction speed' }).waitFor();
}

async function sendThroughUi(amount: string): Promise<void> {
  await recipientField().fill(RECIPIENT);
  await amountField().fill(amount);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await page.getByRole('dialog', { name: 'Confirm transfer' }).waitFor();
}

describe('transfer', () => {
  it('shows the form’s errors, and Send all fills the balance less exactly the max fee', async () => {
    await reviewScreen(page, 'transfer-form');
    await recipientField().fill('0x123');
    await amountField().fill('abc');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByText('Invalid ETH address').waitFor();
    await page.getByText('Invalid Amount').waitFor();
    await amountField().fill('1000000');
    await page.getByText('Insufficient balance for transaction').waitFor();
    await reviewScreen(page, 'transfer-errors');

    await page.getByRole('button', { name: 'Send all' }).click();
    const filled = await amountField().inputValue();
    const total = await page.getByTestId('total-cost').textContent();
    // The total is amount + max fee: the balance itself (to the shown 6 decimals).
    const shownBalance = Number((await balance(DEV_ADDRESS)) / 10n ** 12n) / 1e6;
    expect(Number(total!.replace(/[^0-9.]/g, ''))).toBeCloseTo(shownBalance, 5);
    expect(Number(filled)).toBeLessThan(shownBalance);
    await expect(page.getByText('Insufficient balance for transaction').count()).resolves.toBe(0);

    // Low / high change the total.
    await page.getByRole('radio', { name: 'Slow' }).click();
    const low = await page.getByTestId('total-cost').textContent();
    await page.getByRole('radio', { name: 'Fast' }).click();
    const high = await page.getByTestId('total-cost').textContent();
    expect(low).not.toBe(high);
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await amountField().inputValue()).toBe('');
  });

  it('sends 1.5 ETH by address through the inline confirm; balances and Activity follow', async () => {
    await openTransfer();
    const before = await balance(RECIPIENT);
    await sendThroughUi('1.5');
    expect(await page.getByTestId('confirm-amount').textContent()).toBe('1.5 ETH');
    await page.getByTestId('confirm-fee').filter({ hasText: 'Up to' }).waitFor();
    // A London chain: the confirm names the EIP-1559 pair, not a gas price (see transfer-chain).
    await page.getByTestId('confirm-fee-pair').filter({ hasText: /GWEI$/ }).waitFor();
    expect(await page.getByTestId('confirm-gas-price').count()).toBe(0);
    // The shared fee editor (D8) is one click away in the confirm step.
    await page.getByRole('button', { name: 'Customize gas' }).waitFor();
    await reviewOverlay(page, 'transfer-confirm', '[role="dialog"]');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('[data-testid="transfer-result"][data-outcome="success"]').waitFor();
    expect((await balance(RECIPIENT)) - before).toBe(1_500_000_000_000_000_000n);
    await reviewScreen(page, 'transfer-result');

    await page.getByRole('link', { name: 'View in Activity' }).click();
    await page.getByTestId('activity-page').waitFor();
    const row = page.locator('[data-testid="activity-row"][data-status="successful"]').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('1.5000 ETH');
    await reviewScreen(page, 'activity');
  });

  it('cancel: a pending send can be cancelled after the delay at 11/10 of the fee, and ends Cancelled', async () => {
    await page.clock.install();
    await openTransfer();
    await setAutomine(wallet.anvil.rpcUrl, false);
    const recipientBefore = await balance(RECIPIENT);
    const nonce = async () =>
      Number(
        await callJsonRpc<string>(wallet.anvil.rpcUrl, 'eth_getTransactionCount', [
          DEV_ADDRESS,
          'latest',
        ]),
      );
    const nonceBefore = await nonce();
    await sendThroughUi('0.25');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('[data-testid="transfer-result"][data-outcome="processing"]').waitFor();

    await page.getByRole('link', { name: 'View in Activity' }).click();
    const row = page.locator('[data-testid="activity-row"][data-status="pending"]');
    await row.getByRole('button', { expanded: false }).click();
    const cancel = row.getByRole('button', { name: 'Cancel Transaction' });
    expect(await cancel.isDisabled()).toBe(true);
    await row.getByText(/Transaction can be cancelled only after/).waitFor();
    await reviewScreen(page, 'activity-pending');

    await page.clock.fastForward(61_000);
    await until(async () => !(await cancel.isDisabled()), 'cancel enabled after the delay');
    await cancel.click();
    const dialog = page.getByRole('alertdialog', { name: 'Transaction cancellation' });
    await dialog
      .getByText(/I confirm that this request would incur a transaction fee of/)
      .waitFor();
    await reviewOverlay(page, 'activity-cancel', '[role="alertdialog"]');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('[data-testid="activity-row"][data-status="cancelling"]').waitFor();

    await setAutomine(wallet.anvil.rpcUrl, true);
    await callJsonRpc(wallet.anvil.rpcUrl, 'evm_mine', []);
    await page.locator('[data-testid="activity-row"][data-status="cancelled"]').waitFor();
    // The replacement (to self, nothing sent) took the nonce: the recipient got nothing.
    expect(await balance(RECIPIENT)).toBe(recipientBefore);
    expect(await nonce()).toBe(nonceBefore + 1);
  });

  it('filters by status and type, and says when nothing matches', async () => {
    const choose = async (filter: string, option: string) => {
      await page.getByRole('combobox', { name: filter }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('Status', 'Cancelled');
    await until(async () => (await page.getByTestId('activity-row').count()) === 1, 'one row');
    await choose('Status', 'Successful');
    expect(await page.getByTestId('activity-row').getAttribute('data-status')).toBe('successful');
    await choose('Type', 'Receive');
    await page.getByText('No Transaction Activity').waitFor();
    await checkA11y(page, 'activity empty');
  });

  it('both routes work by keyboard alone', async () => {
    await openTransfer();
    const stops = await tabThrough(page);
    const names = stops.map((stop) => stop.name);
    for (const name of [
      'Asset to send',
      'Recipient type',
      'Recipient address (0x…)',
      'Amount (ETH)',
      'Send all',
      'Transfer',
    ])
      expect(names).toEqual(expect.arrayContaining([expect.stringContaining(name)]));
    await page.goto(`${wallet.url}/wallet/history`);
    await page.getByTestId('activity-list').waitFor();
    const activityStops = (await tabThrough(page)).map((stop) => stop.name);
    expect(activityStops).toEqual(expect.arrayContaining([expect.stringContaining('Export CSV')]));
  });
});
