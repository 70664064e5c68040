import {
  decodeBalancesResult,
  encodeBalancesCall,
  NATIVE_TOKEN,
} from '../../../src/controllers/account-tracker/balance-checker';

const word = (value: bigint | number) => BigInt(value).toString(16).padStart(64, '0');
const user = '0x00000000000000000000000000000000000000aa';

describe('balance-checker ABI', () => {
  it('encodes the same calldata as the ABI spec lays out by hand', () => {
    // balances(address[],address[]): selector, two head offsets, then each array's length and items.
    expect(encodeBalancesCall([user, user.replace('aa', 'bb')], [NATIVE_TOKEN])).toBe(
      `0xf0002ea9${word(64)}${word(160)}${word(2)}${word(0xaa)}${word(0xbb)}${word(1)}${word(0)}`,
    );
  });

  it('refuses a string that is not an address instead of padding it into calldata', () => {
    expect(() => encodeBalancesCall(['0x123'], [NATIVE_TOKEN])).toThrow(/0x123/);
    expect(() => encodeBalancesCall([`${user}00`], [NATIVE_TOKEN])).toThrow(/is invalid/);
  });

  it('decodes a uint256[] wherever its offset points, and checks its length', () => {
    // A head offset of 64 with a padding word before the array is valid ABI.
    const padded = `0x${word(64)}${word(0)}${word(2)}${word(5)}${word(2n ** 256n - 1n)}`;
    expect(decodeBalancesResult(padded, 2)).toEqual([5n, 2n ** 256n - 1n]);
    expect(() => decodeBalancesResult(padded, 3)).toThrow(
      'The balance checker returned 2 values, expected 3.',
    );
  });

  it('says "no array" for answers that are not one, whatever their shape', () => {
    for (const malformed of [
      '0x',
      'garbage',
      `0x${word(32)}`, // an offset, then nothing
      `0x${word(4096)}${word(1)}${word(7)}`, // offset past the end
      `0x${word(32)}${word(3)}${word(1)}`, // claims 3 values, holds 1
    ]) {
      expect(() => decodeBalancesResult(malformed, 1)).toThrow(
        /^The balance checker returned no array: /,
      );
    }
  });
});
