import {
  assetFailure,
  contractAddressError,
  decimalsError,
  foldedTokenRows,
  previewBalance,
  tokenIdError,
} from '../../src/ui/view-models/add-asset';

const ME = '0x00000000000000000000000000000000000000aa';

/** A refusal as it crosses from the engine: message and `data.code`. */
const refusal = (code: string, message: string) =>
  Object.assign(new Error(message), { code: -32000, data: { code } });

describe('the add-asset view model', () => {
  it('words each spec refusal with its homeAssets key, and shows any other as the engine said', () => {
    const cases: [string, string][] = [
      ['asset.invalidContractAddress', 'homeAssets.errors.invalidContractAddress'],
      ['asset.duplicateToken', 'homeAssets.errors.duplicateToken'],
      ['asset.duplicateNft', 'homeAssets.errors.duplicateNft'],
      ['asset.nonExistentTokenId', 'homeAssets.errors.nonExistentTokenId'],
      ['asset.notOwned', 'homeAssets.errors.noOwnership'],
      ['asset.unsupportedStandard', 'homeAssets.errors.unSupportedStandard'],
    ];
    for (const [code, key] of cases) expect(assetFailure(refusal(code, 'x')).key).toBe(key);
    expect(assetFailure(refusal('asset.invalidInput', 'Decimals must be 0 to 36.'))).toEqual({
      key: null,
      text: 'Decimals must be 0 to 36.',
    });
    expect(assetFailure(new Error('network down'))).toEqual({ key: null, text: 'network down' });
  });

  it('checks fields before asking the chain: empty, not an address, token id and decimals form', () => {
    expect(contractAddressError('')).toBe('homeAssets.errors.addressRequired');
    expect(contractAddressError('0x1234')).toBe('homeAssets.errors.invalidContractAddress');
    expect(contractAddressError(` ${ME} `)).toBeNull();
    expect(tokenIdError(' ')).toBe('homeAssets.errors.tokenIdRequired');
    expect(tokenIdError('0')).toBeNull(); // token id 0 is allowed (spec)
    expect(tokenIdError('0x07')).toBe('homeAssets.errors.tokenIdFormat');
    expect(tokenIdError('-1')).toBe('homeAssets.errors.tokenIdFormat');
    expect(decimalsError('18')).toBeNull();
    expect(decimalsError('37')).toBe('homeAssets.errors.decimalsRange');
    expect(decimalsError('1.5')).toBe('homeAssets.errors.decimalsRange');
  });

  it('formats the preview balance in the spec decimals', () => {
    expect(previewBalance('0x2625a0', 6, 'ORB', 'ETH')).toBe('2.50');
    expect(previewBalance('0x0', 18, 'ETH', 'ETH')).toBe('0.000');
  });

  it("lists the account's folded tokens with why each is folded", () => {
    const state = {
      PreferencesController: { selectedAddress: ME },
      NetworkController: { providerConfig: { ticker: 'ETH' } },
      TokensController: {
        spamTokens: {
          [ME]: [
            {
              tokenAddress: '0x00000000000000000000000000000000000000B1',
              symbol: 'ETH',
              name: 'Ethereum',
              decimals: 18,
              balance: '0xde0b6b3a7640000',
              spamReason: 'imitation',
            },
          ],
        },
      },
    } as unknown as Parameters<typeof foldedTokenRows>[0];
    expect(foldedTokenRows(state)).toEqual([
      {
        key: '0x00000000000000000000000000000000000000b1',
        address: '0x00000000000000000000000000000000000000B1',
        symbol: 'ETH',
        name: 'Ethereum',
        displayBalance: '1.000',
        reason: 'imitation',
      },
    ]);
    const nobody = { ...state, PreferencesController: { selectedAddress: null } } as typeof state;
    expect(foldedTokenRows(nobody)).toEqual([]);
  });
});
