/**
 * Email passwordless in Debian's Chromium (issue #14, spec part 1 §1, views.md §3.1): the built
 * wallet with the backend's identity service, three key nodes (threshold 2) and a local SMTP
 * server. The code and the magic link are read from the mail the SMTP server received, as a
 * user reads them, never from the database. A wrong code and an expired code get their
 * messages; the code signs one fresh profile in, the magic link (opened in another browser)
 * signs a second fresh profile in, and both land on home with the same address.
 */
import type { Page } from 'playwright-core';

import {
  startMailCatcher,
  type CaughtMail,
  type RunningMailCatcher,
} from '../../src/server/mail/catcher';
import { checkA11y, launchBrowser, loginStep, until, type Browser, type Wallet } from './harness';
import { startLoginWallet, type LoginWallet } from './login-wallet';

jest.setTimeout(300_000);

let login: LoginWallet;
let wallet: Wallet;
let mail: RunningMailCatcher;
const browsers: Browser[] = [];
const email = `e2e-mail-${Date.now()}@example.com`;

beforeAll(async () => {
  mail = await startMailCatcher({ webPort: 0 });
  login = await startLoginWallet({
    devIdentityProvider: false,
    env: { ORRERY_SMTP_URL: mail.smtpUrl },
  });
  ({ wallet } = login);
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => undefined);
  await login?.close();
  await mail?.close();
});

async function freshProfile(): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.open(`${wallet.url}/v5.0.2/?test-hooks`);
  expect(await loginStep(page)).toBe('noVault');
  await page.getByRole('heading', { name: 'Sign in with email' }).waitFor();
  return { browser, page };
}

/** Asks for a login mail on the screen; returns the mail the SMTP server received for it. */
async function requestMail(page: Page): Promise<{ mail: CaughtMail; code: string; link: string }> {
  const before = new Set(mail.messages().map((m) => m.id));
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('status').filter({ hasText: `We sent a 6-digit code` }).waitFor();
  const sent = await mail.waitFor((m) => !before.has(m.id) && m.to.includes(email), 30_000);
  const code = /verification code is (\d{6})\./.exec(sent.text)?.[1];
  const link = /(http:\/\/\S+[?&]magic_link=\S+)/.exec(sent.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  expect(link).toBeDefined();
  return { mail: sent, code: code!, link: link! };
}

/** The error text the code field announces (its aria-describedby), once shown. */
async function codeFieldError(page: Page, text: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Verification code' });
  await until(async () => {
    const described = await field.getAttribute('aria-describedby');
    if (!described) return false;
    const shown = await page.evaluate(
      (ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? ''),
      described,
    );
    return shown.some((s) => s.includes(text));
  }, `code field error "${text}"`);
}

async function homeAddress(page: Page): Promise<string> {
  await page.getByTestId('login-page').waitFor({ state: 'detached', timeout: 60_000 });
  await until(async () => new URL(page.url()).pathname === '/v5.0.2/wallet/home', 'home');
  const shown = await page.getByTestId('selected-address').textContent();
  expect(shown).toMatch(/^0x[0-9a-f]{40}$/);
  return shown!;
}

describe('email passwordless through a local SMTP server', () => {
  let codeAddress: string;

  it('refuses an expired code with its message, in the user’s words', async () => {
    const { page } = await freshProfile();
    const sent = await requestMail(page);
    // The code's 10 minutes are over: the backend's clock is not ours to move, so the stored
    // expiry is moved back (the code itself came from the mail).
    await wallet
      .backend!.database.db.updateTable('email_logins')
      .set({ code_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    await page.getByRole('textbox', { name: 'Verification code' }).fill(sent.code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await codeFieldError(page, 'This code has expired. Request a new one.');
    expect(await loginStep(page)).toBe('noVault');
    await page.close();
  });

  it('refuses a wrong code, then signs in with the mailed code and lands on home', async () => {
    const { page } = await freshProfile();
    await checkA11y(page, 'login with the email form');
    const sent = await requestMail(page);
    const wrong = sent.code === '000000' ? '111111' : '000000';
    await page.getByRole('textbox', { name: 'Verification code' }).fill(wrong);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await codeFieldError(page, 'Error, incorrect verification code entered');
    await checkA11y(page, 'email code with its error');
    // A code that is not 6 digits never leaves the page.
    await page.getByRole('textbox', { name: 'Verification code' }).fill('12a');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await codeFieldError(page, 'The code must be 6 digits.');

    await page.getByRole('textbox', { name: 'Verification code' }).fill(sent.code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    codeAddress = await homeAddress(page);
    const state = await page.evaluate(() => window.orreryTestHooks.state());
    expect(state.KeyringController.accounts).toEqual([
      { address: codeAddress, accountType: 'normal' },
    ]);
    expect(state.LoginController.userInfo).toMatchObject({
      verifier: 'email_passwordless',
      email,
      address: codeAddress,
    });
  });

  it('signs a second fresh profile in with the magic link opened in another browser: same address', async () => {
    const { page } = await freshProfile();
    const sent = await requestMail(page);
    // Before the link is opened, the wallet asks for it.
    await page.getByRole('button', { name: 'I opened the link' }).click();
    await codeFieldError(page, 'Please verify your email first');

    // The link opens in another browser (a phone, say): it only marks the email verified.
    const phone = await launchBrowser();
    browsers.push(phone);
    const linkPage = await phone.open(sent.link);
    await linkPage
      .getByRole('status')
      .filter({ hasText: `${email} is verified` })
      .waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'I opened the link' }).click();
    expect(await homeAddress(page)).toBe(codeAddress);

    // The link serves once.
    const again = await phone.open(sent.link);
    await again.getByRole('alert').filter({ hasText: 'This sign-in link is not valid' }).waitFor();
  });
});
