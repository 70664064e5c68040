/**
 * Transfer recipients from the address book and from a camera, in Debian's Chromium with the
 * backend on PGlite (views.md §6 V3 check 3, §3.14, §4.3): after a send to a new address the
 * result offers to save it as a contact; saved, it is chosen again from the address book by
 * keyboard and sent to, with the balance read back from anvil. Then the QR scanner reads a real
 * camera stream (Chromium's fake capture device playing a y4m file that shows a QR code of an
 * address, generated here) and fills the recipient. And a send to an e-mail login: the wallet
 * queues the e-mail and the server's outbox worker delivers it over SMTP to a local catcher.
 */
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import encodeQR from 'qr';
import type { Page } from 'playwright-core';

import { callJsonRpc } from '../../scripts/lib/json-rpc';
import { loginConfigFromEnv } from '../../src/server/identity/config';
import { startMailCatcher, type RunningMailCatcher } from '../../src/server/mail/catcher';
import {
  createWalletThroughUi,
  launchBrowser,
  reviewOverlay,
  reviewScreen,
  until,
  waitForToast,
  type Browser,
  type Wallet,
  startWallet,
} from './harness';

jest.setTimeout(300_000);

const CONTACT = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'; // anvil #2
const SCANNED = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'; // anvil #3, checksummed

let wallet: Wallet;
let browser: Browser;
let page: Page;
let videoDir: string;
let mail: RunningMailCatcher;
const EMAIL_RECIPIENT = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65'; // anvil #4

/**
 * A y4m video (YUV 4:2:0, the format Chromium's fake camera plays) of a still QR code of `text`,
 * black modules on white, centred in a 640×480 frame.
 */
async function qrVideo(text: string, file: string): Promise<void> {
  const width = 640;
  const height = 480;
  const modules = encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
  const scale = Math.floor(Math.min(width, height) / modules.length);
  const left = Math.floor((width - modules.length * scale) / 2);
  const top = Math.floor((height - modules.length * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        luma.fill(
          16,
          (top + y * scale + dy) * width + left + x * scale,
          (top + y * scale + dy) * width + left + (x + 1) * scale,
        );
    }),
  );
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, frame, frame]));
}

const balance = async (address: string) =>
  BigInt(await callJsonRpc<string>(wallet.anvil.rpcUrl, 'eth_getBalance', [address, 'latest']));

beforeAll(async () => {
  videoDir = await mkdtemp(path.join(tmpdir(), 'orrery-e2e-camera-'));
  const video = path.join(videoDir, 'qr.y4m');
  await qrVideo(`ethereum:${SCANNED}`, video);
  mail = await startMailCatcher();
  wallet = await startWallet({
    backend: true,
    backendConfig: () => ({
      login: loginConfigFromEnv(
        { ORRERY_SMTP_URL: mail.smtpUrl, ORRERY_MAIL_FROM: 'Orrery <wallet@orrery.test>' },
        { dataDir: '/nonexistent', host: '127.0.0.1', port: 0 },
      ),
      outboxIntervalMs: 200,
    }),
  });
  // bob signed in with Google once: the lookup finds his wallet address.
  await wallet
    .backend!.database.db.insertInto('users')
    .values({
      public_address: EMAIL_RECIPIENT,
      default_public_address: null,
      verifier: 'google',
      verifier_id: 'bob@example.com',
    })
    .execute();
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  page = await browser.open(`${wallet.url}/wallet/transfer?test-hooks`);
  await createWalletThroughUi(page);
  await page.getByTestId('transfer-page').waitFor();
  // A second page keeps the engine (and so the unlocked wallet) alive across page.goto.
  await browser.open(`${wallet.url}/wallet/home`);
  // Contacts live on the backend: sign in there (the dev identity, as the settings test does).
  await page.evaluate(() =>
    window.orreryTestHooks.actions.loginToBackend('google', 'alice@example.com'),
  );
  await page.getByRole('radiogroup', { name: 'Select your transaction speed' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await wallet?.close();
  await mail?.close();
  if (videoDir) await rm(videoDir, { recursive: true, force: true });
});

const recipientField = () => page.getByRole('textbox', { name: 'Recipient address (0x…)' });

async function sendAndConfirm(amount: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Amount (ETH)' }).fill(amount);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm transfer' });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await page.locator('[data-testid="transfer-result"][data-outcome="success"]').waitFor();
}

describe('transfer recipients: contacts and the camera', () => {
  it('saves a new recipient as a contact from the result, then picks it from the address book by keyboard', async () => {
    // No contacts yet: no address book to choose from.
    expect(await page.getByRole('combobox', { name: 'Address book' }).count()).toBe(0);
    await recipientField().fill(CONTACT);
    await sendAndConfirm('0.1');

    const save = page.getByText('Add this recipient to your address book');
    await save.waitFor();
    await reviewScreen(page, 'transfer-result-add-contact');
    await page.getByRole('textbox', { name: 'Contact name' }).fill('Carol');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await waitForToast(page, 'Contact added');
    await save.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Send another' }).click();
    const book = page.getByRole('combobox', { name: 'Address book' });
    await book.waitFor();
    expect(await recipientField().inputValue()).toBe('');
    await book.focus();
    await page.keyboard.press('Enter');
    const option = page.getByRole('option', { name: /Carol/ });
    await option.waitFor();
    await reviewOverlay(page, 'transfer-address-book', '[role="listbox"]');
    await until(
      async () => page.evaluate(() => document.activeElement?.getAttribute('role') === 'option'),
      'focus in the address book list',
    );
    await page.keyboard.press('Enter');
    await until(
      async () => (await recipientField().inputValue()).toLowerCase() === CONTACT,
      'the contact filling the recipient',
    );

    const before = await balance(CONTACT);
    await sendAndConfirm('0.2');
    expect((await balance(CONTACT)) - before).toBe(200_000_000_000_000_000n);
    // A known contact is not offered again.
    expect(await page.getByText('Add this recipient to your address book').count()).toBe(0);
    await page.getByRole('button', { name: 'Send another' }).click();
  });

  it('a send to an e-mail login: the recipient gets the e-mail, sent by the server outbox', async () => {
    await page.getByRole('combobox', { name: 'Recipient type' }).click();
    await page.getByRole('option', { name: 'Google account (email)' }).click();
    await page.getByRole('textbox', { name: 'Recipient email address' }).fill('bob@example.com');
    const before = await balance(EMAIL_RECIPIENT);
    await page.getByRole('textbox', { name: 'Amount (ETH)' }).fill('0.3');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm transfer' });
    await confirm.getByTestId('confirm-to').filter({ hasText: EMAIL_RECIPIENT }).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('[data-testid="transfer-result"][data-outcome="success"]').waitFor();
    expect((await balance(EMAIL_RECIPIENT)) - before).toBe(300_000_000_000_000_000n);
    await page
      .getByTestId('transfer-email')
      .filter({ hasText: 'We e-mailed bob@example.com about this transfer.' })
      .waitFor();
    const block = await callJsonRpc<{ transactions: string[] }>(
      wallet.anvil.rpcUrl,
      'eth_getBlockByNumber',
      ['latest', false],
    );
    const hash = block.transactions[0]!;
    const sent = await mail.waitFor((m) => m.text.includes(hash), 30_000);
    expect(sent.to).toEqual(['bob@example.com']);
    expect(sent.subject).toBe('You have received a transfer');
    expect(sent.text).toContain('You have received 0.3 ETH on Anvil (e2e)');
    await page.getByRole('button', { name: 'Send another' }).click();
    await page.getByRole('combobox', { name: 'Recipient type' }).click();
    await page.getByRole('option', { name: 'ETH address' }).click();
  });

  it('the QR scanner reads an address from the camera stream into the recipient', async () => {
    await recipientField().waitFor();
    await page.getByRole('button', { name: 'Scan QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan the recipient’s address' });
    // The dialog closes itself once a frame holds an address.
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    await until(
      async () => (await recipientField().inputValue()) === SCANNED,
      'the scanned address in the recipient',
    );
    expect(browser.errors.filter((error) => /camera|getUserMedia/i.test(error))).toEqual([]);
  });

  it('a camera showing a QR code without an address: the scanner says so and keeps looking; Escape leaves', async () => {
    const video = path.join(videoDir, 'not-an-address.y4m');
    await qrVideo('hello from the orrery tests', video);
    const other = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const tab = await other.open(`${wallet.url}/wallet/transfer`);
      await createWalletThroughUi(tab);
      await tab.getByTestId('transfer-page').waitFor();
      const trigger = tab.getByRole('button', { name: 'Scan QR code' });
      await trigger.focus();
      await tab.keyboard.press('Enter');
      const dialog = tab.getByRole('dialog', { name: 'Scan the recipient’s address' });
      await dialog.getByRole('alert').filter({ hasText: 'Incorrect QR code' }).waitFor();
      await dialog.getByTestId('qr-status').filter({ hasText: 'Looking for a QR code' }).waitFor();
      // The camera really plays: the video has frames of the file's size.
      expect(
        await dialog
          .getByTestId('qr-video')
          .evaluate((element) => (element as HTMLVideoElement).videoWidth),
      ).toBe(640);
      await reviewOverlay(tab, 'transfer-qr-scanning', '[role="dialog"]');
      await tab.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await until(
        async () =>
          tab.evaluate(() => document.activeElement?.textContent?.includes('Scan QR code')),
        'focus back on the scan button',
      );
      expect(await tab.getByRole('textbox', { name: 'Recipient address (0x…)' }).inputValue()).toBe(
        '',
      );
    } finally {
      await other.close();
    }
  });
});
