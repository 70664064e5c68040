import {
  initialAssetKey,
  needsAmount,
  sendRequest,
  transferAssets,
  type TransferAssetState,
} from '../../src/ui/view-models/transfer-assets';

const ME = '0x1111111111111111111111111111111111111111';
const TO = '0x2222222222222222222222222222222222222222';
const MOONS = '0x00000000000000000000000000000000000000aA';
const GEMS = '0x00000000000000000000000000000000000000bB';

function state(ethTransferOnly = false): TransferAssetState {
  const nft = (address: string, tokenId: string, standard: 'ERC721' | 'ERC1155', held: string) => ({
    address,
    tokenId,
    name: `${standard} #${tokenId}`,
    image: '/images/nft-placeholder.svg',
    description: null,
    standard,
    tokenBalance: held,
    collectibleIndex: `${address}_${tokenId}`,
    video: null,
    customNftId: null,
  });
  return {
    PreferencesController: { selectedAddress: ME },
    AccountTrackerController: { accounts: { [ME]: { balance: '0xde0b6b3a7640000' } } },
    NetworkController: { providerConfig: { ticker: 'ETH' } },
    WhiteLabelController: { whiteLabel: { ethTransferOnly } },
    TokensController: {
      tokens: {
        [ME]: [{ tokenAddress: '0xCcCc', symbol: 'ORB', decimals: 6, balance: '0x2710' }],
      },
    },
    CollectiblesController: {
      collectibles: {
        [ME]: [
          {
            address: MOONS,
            name: 'Moons',
            symbol: 'MOON',
            standard: 'ERC721',
            assets: [nft(MOONS, '7', 'ERC721', '1'), nft(MOONS, '8', 'ERC721', '0')],
          },
          {
            address: GEMS,
            name: 'Gems',
            symbol: '',
            standard: 'ERC1155',
            assets: [nft(GEMS, '3', 'ERC1155', '12')],
          },
        ],
      },
    },
  } as unknown as TransferAssetState;
}

describe('transfer asset picker', () => {
  it('offers the native coin, tokens, and the collectibles the account holds', () => {
    const { native, tokens, collectibles } = transferAssets(state());
    expect(native).toMatchObject({ key: 'native', balance: 10n ** 18n, decimals: 18 });
    expect(tokens.map((token) => [token.key, token.balance])).toEqual([['0xcccc', 10_000n]]);
    // Token 8 is no longer held (balance 0): not offered.
    expect(collectibles.map((c) => [c.key, c.kind, c.balance, c.symbol])).toEqual([
      [`nft:${MOONS.toLowerCase()}:7`, 'erc721', 1n, 'MOON'],
      [`nft:${GEMS.toLowerCase()}:3`, 'erc1155', 12n, 'Gems'],
    ]);
  });

  it('keeps only the native coin when the white label says ETH transfers only', () => {
    expect(transferAssets(state(true))).toMatchObject({ tokens: [], collectibles: [] });
  });

  it('prefills from contract + tokenId, or from token; else the native coin', () => {
    const { native, tokens, collectibles } = transferAssets(state());
    const all = [native, ...tokens, ...collectibles];
    expect(initialAssetKey(all, { token: null, contract: MOONS, tokenId: '7' })).toBe(
      `nft:${MOONS.toLowerCase()}:7`,
    );
    // A token the account does not hold, or a collectible link without its id, is not guessed.
    expect(initialAssetKey(all, { token: null, contract: MOONS, tokenId: '8' })).toBe('native');
    expect(initialAssetKey(all, { token: null, contract: MOONS, tokenId: null })).toBe('native');
    expect(initialAssetKey(all, { token: 'orb', contract: null, tokenId: null })).toBe('0xcccc');
    expect(initialAssetKey(all, { token: 'MOON', contract: null, tokenId: null })).toBe('native');
  });

  it('asks an amount except for an ERC-721, and builds the engine request per standard', () => {
    const { native, tokens, collectibles } = transferAssets(state());
    const [moon, gem] = collectibles;
    expect([native, tokens[0]!, moon!, gem!].map(needsAmount)).toEqual([true, true, false, true]);
    expect(sendRequest(native, TO, 5n)).toEqual({ kind: 'native', to: TO, amount: '5' });
    expect(sendRequest(tokens[0]!, TO, 5n)).toEqual({
      kind: 'erc20',
      contract: '0xCcCc',
      to: TO,
      amount: '5',
    });
    expect(sendRequest(moon!, TO, 1n)).toEqual({
      kind: 'erc721',
      contract: MOONS,
      to: TO,
      tokenId: '7',
    });
    expect(sendRequest(gem!, TO, 4n)).toEqual({
      kind: 'erc1155',
      contract: GEMS,
      to: TO,
      tokenId: '3',
      amount: '4',
    });
  });
});
