/**
 * Assets on home in Debian's Chromium against the built wallet and anvil (issue #15's browser
 * proof, and the add-asset dialogs of issue #10): an account that received three ERC-20s, two
 * ERC-721s and one ERC-1155 (metadata over ipfs:// through a local IPFS-style gateway, data: and
 * http from a local server) sees all of them on home with their images after one scan, and a
 * token that imitates the native coin folded away, recoverable; hide a token; refresh; every
 * message of the add-token and add-collectible dialogs. axe in both themes, 375×660 and
 * desktop, keyboard only for the dialogs.
 */
import type { Page } from 'playwright-core';
import { getContractAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

import { loadContractArtifacts, type ContractName } from '../chain/compile-contracts';
import { chainClients, deployContract } from '../chain/deploy';
import { startAssetServer, type AssetServer } from './asset-server';
import {
  createWalletThroughUi,
  DEV_ADDRESS,
  expectNoSidewaysScroll,
  focusedElement,
  launchBrowser,
  reviewOverlay,
  reviewScreen,
  startWallet,
  until,
  VIEWPORTS,
  type Browser,
  type Wallet,
} from './harness';

jest.setTimeout(300_000);

/** Anvil's second dev account (default mnemonic): it deploys, mints and sends to the wallet. */
const SENDER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const SENDER = privateKeyToAccount(SENDER_KEY).address;
/** The sender's contracts in deployment order: addresses follow from its nonce. */
const at = (nonce: number) => getContractAddress({ from: SENDER, nonce: BigInt(nonce) });
const ORB = at(0);
const LUN = at(1);
const CMT = at(2);
const FAKE_ETH = at(3);
const ORBITS = at(4);
const PLANETS = at(5);
const MULTI = at(6);
const SPARE = at(7); // an ERC-20 the account holds none of: the add-token dialog adds it

/** Small inline SVGs, one colour each, so every image is real and tellable apart. */
const svg = (fill: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="${fill}"/></svg>`,
  ).toString('base64')}`;

let server: AssetServer;
let wallet: Wallet;
let browser: Browser;
let page: Page;

const HOME = '/v5.0.2/wallet/home';

async function send(name: ContractName, address: Address, fn: string, args: unknown[]) {
  const { walletClient, publicClient } = await chainClients(wallet.anvil.rpcUrl, SENDER_KEY);
  const { abi } = (await loadContractArtifacts())[name];
  const hash = await walletClient.writeContract({ address, abi, functionName: fn, args } as never);
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${fn} on ${address} failed`);
}

/** Rendered images of the grid's cards that really loaded (not the placeholder). */
async function loadedImages(): Promise<number> {
  return page
    .getByRole('list', { name: 'Collectibles' })
    .locator('img')
    .evaluateAll(
      (images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length,
    );
}

beforeAll(async () => {
  server = await startAssetServer();
  wallet = await startWallet({
    config: {
      assets: {
        ipfsGateway: server.url,
        // The three real tokens are on this chain's known list; the look-alike is not.
        knownTokens: {
          '0x1691': [
            {
              address: ORB,
              symbol: 'ORB',
              name: 'Orbit Token',
              decimals: 6,
              logo: 'https://logo.test/orb.svg',
            },
            { address: LUN, symbol: 'LUN', name: 'Lunar Dollar', decimals: 18 },
            { address: CMT, symbol: 'CMT', name: 'Comet Credit', decimals: 8 },
          ],
        },
      },
    },
  });
  expect(wallet.anvil.privateKeys[1]).toBe(SENDER_KEY);
  const { rpcUrl } = wallet.anvil;
  const deploy = async (name: ContractName, args: unknown[], expected: Address) => {
    const address = await deployContract(rpcUrl, name, args, SENDER_KEY);
    expect(address.toLowerCase()).toBe(expected.toLowerCase());
  };
  await deploy('TestERC20', ['Orbit Token', 'ORB', 6, 10n ** 12n], ORB);
  await deploy('TestERC20', ['Lunar Dollar', 'LUN', 18, 10n ** 24n], LUN);
  await deploy('TestERC20', ['Comet Credit', 'CMT', 8, 10n ** 16n], CMT);
  await deploy('TestERC20', ['Ethereum', 'ETH', 18, 10n ** 24n], FAKE_ETH);
  await deploy('TestERC721Uri', ['Orbits', 'ORBS'], ORBITS);
  await deploy('TestERC721Uri', ['Planets', 'PLNT'], PLANETS);
  await deploy('TestERC1155', [`${server.url}/multi/{id}.json`], MULTI);
  await deploy('TestERC20', ['Spare Parts', 'SPR', 4, 10n ** 8n], SPARE);

  await send('TestERC20', ORB, 'transfer', [DEV_ADDRESS, 2_500_000n]); // 2.50 ORB
  await send('TestERC20', LUN, 'transfer', [DEV_ADDRESS, 12n * 10n ** 18n]);
  await send('TestERC20', CMT, 'transfer', [DEV_ADDRESS, 7n * 10n ** 8n]);
  await send('TestERC20', FAKE_ETH, 'transfer', [DEV_ADDRESS, 1000n * 10n ** 18n]);

  // Orbits #1: metadata on "IPFS" through the gateway; Planets #5: a data: URI; Multi #9: http.
  server.set('/ipfs/bafyorbits/1.json', { name: 'Orbit One', image: svg('#d97706') });
  await send('TestERC721Uri', ORBITS, 'mint', [DEV_ADDRESS, 1n, 'ipfs://bafyorbits/1.json']);
  const planet = { name: 'Planet Five', description: 'On-chain art', image: svg('#2563eb') };
  const inline = `data:application/json;base64,${Buffer.from(JSON.stringify(planet)).toString('base64')}`;
  await send('TestERC721Uri', PLANETS, 'mint', [DEV_ADDRESS, 5n, inline]);
  server.set(`/multi/${(9).toString(16).padStart(64, '0')}.json`, {
    name: 'Multi Nine',
    image: svg('#16a34a'),
  });
  await send('TestERC1155', MULTI, 'mint', [DEV_ADDRESS, 9n, 3n]);
  // For the dialogs: Orbits #2 belongs to someone else; Planets #6 to the wallet, added by hand.
  server.set('/ipfs/bafyorbits/2.json', { name: 'Orbit Two', image: svg('#9333ea') });
  await send('TestERC721Uri', ORBITS, 'mint', [SENDER, 2n, 'ipfs://bafyorbits/2.json']);

  browser = await launchBrowser();
  // The known list's https logo, answered inside the browser (the test machine has no internet).
  await browser.context.route('https://logo.test/orb.svg', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4" fill="#f59e0b"/></svg>',
    }),
  );
  const keeper = await browser.open(`${wallet.url}/v5.0.2/confirm`);
  await keeper.getByTestId('confirm-empty').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await wallet?.close();
  await server?.close();
});

describe('assets on home', () => {
  it('after one scan shows the three tokens, the ERC-721s and the ERC-1155 with images; the look-alike is folded away', async () => {
    page = await browser.open(`${wallet.url}${HOME}?test-hooks`);
    await createWalletThroughUi(page);
    await page.getByTestId('wallet-home-page').waitFor();
    const tokens = page.getByRole('list', { name: 'Tokens' });
    for (const address of [ORB, LUN, CMT])
      await tokens.getByTestId(`token-${address.toLowerCase()}`).waitFor({ timeout: 60_000 });
    const balanceOf = (address: Address) =>
      tokens
        .getByTestId(`token-${address.toLowerCase()}`)
        .getByTestId('token-balance')
        .textContent();
    expect(await balanceOf(ORB)).toBe('2.50');
    expect(await balanceOf(LUN)).toBe('12.00');
    expect(await balanceOf(CMT)).toBe('7.00');
    // ORB's logo from the known list loads; a token without one shows its symbol's letters.
    const orbLogo = tokens.getByTestId(`token-${ORB.toLowerCase()}`).locator('img');
    await until(
      async () => (await orbLogo.evaluate((image) => (image as HTMLImageElement).naturalWidth)) > 0,
      "ORB's logo to load",
    );
    expect(await tokens.getByTestId(`token-${LUN.toLowerCase()}`).locator('img').count()).toBe(0);
    // The token calling itself ETH is not in the list but in the folded group, closed.
    expect(await tokens.getByTestId(`token-${FAKE_ETH.toLowerCase()}`).count()).toBe(0);
    const folded = page.getByTestId('folded-tokens');
    await folded.waitFor();
    expect(await folded.locator('summary').textContent()).toBe('Hidden tokens (1)');
    expect(await folded.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    expect(await page.getByRole('button', { name: 'Show ETH' }).isVisible()).toBe(false);
    // Scan finished: the status region is empty again.
    await until(
      async () => (await page.getByTestId('assets-loading').first().textContent()) === '',
      'the scan to finish',
      60_000,
    );
    await reviewScreen(page, 'assets-tokens');

    await page.getByRole('tab', { name: 'Collectibles' }).click();
    const grid = page.getByRole('list', { name: 'Collectibles' });
    // The ERC-1155 contract has no name function: its card takes its asset's metadata name.
    for (const name of ['Orbits', 'Planets', 'Multi Nine'])
      await grid.getByRole('link', { name: new RegExp(name) }).waitFor({ timeout: 60_000 });
    expect(await grid.getByRole('listitem').count()).toBe(3);
    await until(
      async () => (await loadedImages()) === 3,
      'three loaded collectible images',
      60_000,
    );
    expect(server.requests).toEqual(
      expect.arrayContaining([
        '/ipfs/bafyorbits/1.json',
        `/multi/${(9).toString(16).padStart(64, '0')}.json`,
      ]),
    );
    await reviewScreen(page, 'assets-collectibles');
    await page.setViewportSize(VIEWPORTS.popup);
    await expectNoSidewaysScroll(page, 'assets at 375 px');
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('the folded group opens by keyboard and gives a token back; hiding a token folds it again; refresh reads again', async () => {
    await page.getByRole('tab', { name: 'Tokens' }).click();
    const summary = page.getByTestId('folded-tokens').locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    const show = page.getByRole('button', { name: 'Show ETH' });
    await show.waitFor();
    expect(await page.getByTestId(`folded-${FAKE_ETH.toLowerCase()}`).textContent()).toContain(
      'Imitates a known token',
    );
    await reviewScreen(page, 'assets-folded-open');
    await show.click();
    const tokens = page.getByRole('list', { name: 'Tokens' });
    const fake = tokens.getByTestId(`token-${FAKE_ETH.toLowerCase()}`);
    await fake.waitFor();
    await page.getByTestId('folded-tokens').waitFor({ state: 'detached' });

    // Hide it again, with the confirmation; it comes back folded as hidden by the user.
    await fake.getByRole('button', { name: 'Hide ETH' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Hide token' });
    await confirm.waitFor();
    await reviewOverlay(page, 'assets-hide-confirm', '[role="alertdialog"]');
    await confirm.getByRole('button', { name: 'Hide' }).click();
    await fake.waitFor({ state: 'detached' });
    await page.getByTestId('folded-tokens').locator('summary').click();
    expect(await page.getByTestId(`folded-${FAKE_ETH.toLowerCase()}`).textContent()).toContain(
      'Hidden by you',
    );

    // Refresh: a token received now shows without waiting for the next poll.
    await send('TestERC20', LUN, 'transfer', [DEV_ADDRESS, 3n * 10n ** 18n]);
    await page.getByRole('button', { name: 'Refresh assets' }).click();
    await until(
      async () =>
        (await tokens
          .getByTestId(`token-${LUN.toLowerCase()}`)
          .getByTestId('token-balance')
          .textContent()) === '15.00',
      'LUN to read 15.00 after the refresh',
      // Well under the block poll (20 to 30 s while only views need blocks): the refresh itself read it.
      10_000,
    );
  });

  it('add token: the spec messages for an invalid address and a duplicate, then a preview and the add, by keyboard', async () => {
    const open = page.getByRole('button', { name: 'Add token' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add token' });
    await dialog.waitFor();
    const field = dialog.getByRole('textbox', { name: 'Token contract address' });
    expect((await focusedElement(page))?.name).toBe('Token contract address');
    const tryAddress = async (address: string, message: string) => {
      await field.fill(address);
      await page.keyboard.press('Enter');
      await dialog.getByText(message, { exact: true }).waitFor();
    };
    await tryAddress('0x1234', 'This contract address is invalid');
    // A well-formed address without code: the engine's on-chain check says the same.
    await tryAddress(`0x${'de'.repeat(20)}`, 'This contract address is invalid');
    await tryAddress(ORB, 'This token already exists.');
    await reviewOverlay(page, 'add-token-error', '[role="dialog"]');

    await field.fill(SPARE);
    await page.keyboard.press('Enter');
    await dialog.getByText('Would you like to add this token?').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Token symbol' }).inputValue()).toBe('SPR');
    expect(await dialog.getByRole('textbox', { name: 'Decimals of precision' }).inputValue()).toBe(
      '4',
    );
    expect(await dialog.getByTestId('token-preview-balance').textContent()).toBe('0.00 SPR');
    await reviewOverlay(page, 'add-token-preview', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('list', { name: 'Tokens' })
      .getByTestId(`token-${SPARE.toLowerCase()}`)
      .waitFor({ timeout: 60_000 });
    // Esc closes a reopened dialog and focus returns to its button.
    await open.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await focusedElement(page))?.name).toBe('Add token');

    // A token the user added can be removed again; the account holds none, so it is gone.
    const spare = page
      .getByRole('list', { name: 'Tokens' })
      .getByTestId(`token-${SPARE.toLowerCase()}`);
    await spare.getByRole('button', { name: 'Remove SPR' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove token' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await spare.waitFor({ state: 'detached' });
    // Only tokens the user added have the remove control.
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);
  });

  it('add collectible: invalid address, unsupported standard, duplicate, no such id, not owned; then the preview and the add', async () => {
    await page.getByRole('tab', { name: 'Collectibles' }).click();
    await page.getByRole('button', { name: 'Add collectible' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add collectible' });
    await dialog.waitFor();
    const address = dialog.getByRole('textbox', { name: 'NFT contract address' });
    const tokenId = dialog.getByRole('textbox', { name: 'Token ID' });
    const tryNft = async (contract: string, id: string, message: string) => {
      await address.fill(contract);
      await tokenId.fill(id);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText(message, { exact: true }).waitFor();
    };
    await tryNft('not an address', '1', 'This contract address is invalid');
    await tryNft(ORB, '1', 'Unsupported nft contract standard.');
    await tryNft(ORBITS, '1', 'This nft already exists.');
    await tryNft(ORBITS, '999', "This token id doesn't exist.");
    await tryNft(ORBITS, '2', "You don't own this nft.");
    await reviewOverlay(page, 'add-collectible-error', '[role="dialog"]');

    // Minted just now, before the next poll: the dialog finds it first.
    server.set('/planets/6.json', { name: 'Planet Six', image: svg('#db2777') });
    await send('TestERC721Uri', PLANETS, 'mint', [DEV_ADDRESS, 6n, `${server.url}/planets/6.json`]);
    await tryNft(PLANETS, '6', 'Would you like to add this collectible?');
    const preview = dialog.getByTestId('collectible-preview');
    expect(await preview.textContent()).toContain('Planet Six');
    await until(
      async () =>
        (await preview
          .locator('img')
          .evaluate((image) => (image as HTMLImageElement).naturalWidth)) > 0,
      'the preview image to load',
    );
    await reviewOverlay(page, 'add-collectible-preview', '[role="dialog"]');
    await page.setViewportSize(VIEWPORTS.popup);
    await expectNoSidewaysScroll(page, 'add collectible at 375 px');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page
      .getByRole('list', { name: 'Collectibles' })
      .getByRole('link', { name: /Planets/ })
      .waitFor();
    await until(
      async () =>
        (await page.getByRole('link', { name: /Planets/ }).textContent())?.includes('Owned: 2'),
      'Planets to count two',
    );
    expect(browser.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  });
});
