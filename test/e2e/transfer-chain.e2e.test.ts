/**
 * Transfer against the chain's own conditions, in Debian's Chromium (views.md §6 V3 checks 7
 * and 8): on a pre-London anvil (`--hardfork berlin`, no base fee) the transfer confirm and the
 * fee editor show a gas price and not the EIP-1559 pair, and the mined transaction is type 0 at
 * the price chosen in the editor; with the node stopped, the transfer screen says the spec's
 * "trouble connecting" message with Transfer disabled, and both recover once a node answers
 * on the same address again.
 */
import type { Page } from 'playwright-core';

import { startAnvil, type AnvilInstance } from '../../scripts/lib/anvil';
import { callJsonRpc } from '../../scripts/lib/json-rpc';
import {
  createWalletThroughUi,
  launchBrowser,
  reviewOverlay,
  reviewScreen,
  until,
  type Browser,
  type Wallet,
  startWallet,
} from './harness';

jest.setTimeout(240_000);

const BERLIN = ['--hardfork', 'berlin'] as const;
const RECIPIENT = '0x70997970c51812dc3b479c55d83d34d1a5f6a6e3'; // anvil #1
/** The spec's message (B§8 'The product is having trouble connecting to the network'). */
const TROUBLE = 'Orrery is having trouble connecting to the network';

let wallet: Wallet;
let restarted: AnvilInstance | null = null;
let browser: Browser;
let page: Page;

interface RpcTransaction {
  hash: string;
  type: string;
  gasPrice: string;
  maxFeePerGas?: string;
  to: string;
  value: string;
}

beforeAll(async () => {
  wallet = await startWallet({ anvilArgs: BERLIN });
  browser = await launchBrowser();
  page = await browser.open(`${wallet.url}/wallet/transfer`);
  await createWalletThroughUi(page);
  await page.getByTestId('transfer-page').waitFor();
  // A second page keeps the engine (and so the unlocked wallet) alive across page.goto.
  await browser.open(`${wallet.url}/wallet/home`);
  await page.getByRole('radiogroup', { name: 'Select your transaction speed' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await wallet?.close();
  await restarted?.stop();
});

const transferButton = () => page.getByRole('button', { name: 'Transfer', exact: true });

describe('transfer on the chain as it is', () => {
  it('a legacy (berlin) chain: gas price in the confirm and the editor; mined as type 0 at that price', async () => {
    const latest = await callJsonRpc<{ baseFeePerGas?: string }>(
      wallet.anvil.rpcUrl,
      'eth_getBlockByNumber',
      ['latest', false],
    );
    expect(latest.baseFeePerGas).toBeUndefined(); // really pre-London

    await page.getByRole('textbox', { name: 'Recipient address (0x…)' }).fill(RECIPIENT);
    await page.getByRole('textbox', { name: 'Amount (ETH)' }).fill('0.5');
    await transferButton().click();
    const confirm = page.getByRole('dialog', { name: 'Confirm transfer' });
    await confirm.waitFor();
    await confirm.getByTestId('confirm-gas-price').filter({ hasText: /GWEI$/ }).waitFor();
    expect(await confirm.getByTestId('confirm-fee-pair').count()).toBe(0);
    await reviewOverlay(page, 'transfer-confirm-legacy', '[role="dialog"]');

    await confirm.getByRole('button', { name: 'Customize gas' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit network fee' });
    await editor.waitFor();
    const gasPrice = editor.getByRole('textbox', { name: 'Gas price (GWEI)' });
    await gasPrice.waitFor();
    expect(await editor.getByRole('textbox', { name: /priority fee/i }).count()).toBe(0);
    expect(await editor.getByRole('textbox', { name: 'Max fee (GWEI)' }).count()).toBe(0);
    expect(await editor.getByText('Base fee').count()).toBe(0);
    await reviewOverlay(page, 'fee-editor-legacy', '[role="dialog"]');

    await gasPrice.fill('7');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await confirm.getByTestId('confirm-gas-price').filter({ hasText: '7 GWEI' }).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('[data-testid="transfer-result"][data-outcome="success"]').waitFor();

    // Read back from the node: a type-0 envelope at exactly 7 gwei, no 1559 fields.
    const block = await callJsonRpc<{ transactions: RpcTransaction[] }>(
      wallet.anvil.rpcUrl,
      'eth_getBlockByNumber',
      ['latest', true],
    );
    const sent = block.transactions.find((tx) => tx.to?.toLowerCase() === RECIPIENT);
    expect(sent).toBeDefined();
    expect(sent!.type).toBe('0x0');
    expect(BigInt(sent!.gasPrice)).toBe(7_000_000_000n);
    expect(sent!.maxFeePerGas).toBeUndefined();
    expect(BigInt(sent!.value)).toBe(500_000_000_000_000_000n);
  });

  it('the node down: the trouble-connecting message, Transfer disabled; back when the node is', async () => {
    await page.goto(`${wallet.url}/wallet/transfer`);
    await page.getByRole('radiogroup', { name: 'Select your transaction speed' }).waitFor();
    expect(await transferButton().isDisabled()).toBe(false);

    const { port } = wallet.anvil;
    await wallet.anvil.stop();
    const alert = page.getByRole('alert').filter({ hasText: TROUBLE });
    await alert.waitFor({ timeout: 60_000 });
    expect(await transferButton().isDisabled()).toBe(true);
    await reviewScreen(page, 'transfer-network-trouble');

    // The same address answers again (a restarted dev node): the screen recovers by itself.
    restarted = await startAnvil({ port, chainId: 5777, extraArgs: BERLIN });
    await alert.waitFor({ state: 'detached', timeout: 60_000 });
    await until(async () => !(await transferButton().isDisabled()), 'Transfer enabled again');
  });
});
