/**
 * The balance-checker contract: `balances(address[] users, address[] tokens) returns (uint256[])`,
 * token 0x0 meaning the native balance, result i * tokens.length + j for users[i], tokens[j].
 * The same interface as the DeltaBalances contract MetaMask calls on many chains.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export type Hex = `0x${string}`;

export const NATIVE_TOKEN = '0x0000000000000000000000000000000000000000';

/**
 * Deployed balance checkers by chain id, for the seven supported chains that have one
 * (addresses as published in @metamask/assets-controllers' SINGLE_CALL_BALANCES_ADDRESS_BY_CHAINID).
 */
export const BALANCE_CHECKER_ADDRESSES: Readonly<Record<Hex, Hex>> = {
  '0x1': '0xb1f8e55c7f64d203c1400b9d8555d050f94adf39',
  '0x38': '0x2352c63a83f9fd126af8676146721fa00924d7e4',
  '0x89': '0x2352c63a83f9fd126af8676146721fa00924d7e4',
  '0xa86a': '0xd023d153a0dfa485130ecfde2faa7e612ef94818',
  '0xa4b1': '0x151e24a486d7258dd7c33fb67e4bb01919b7b32c',
  '0xa': '0xb1c568e9c3e6bdaf755a60c7418c269eb11524fc',
  '0x64': '0x6aa75276052d96696134252587894ef5ffa520af',
};

const BALANCES_SELECTOR = bytesToHex(
  keccak_256(utf8ToBytes('balances(address[],address[])')).subarray(0, 4),
);

const word = (value: bigint): string => value.toString(16).padStart(64, '0');

function addressWord(address: string): string {
  const hex = address.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new Error(`Not an address: ${address}`);
  return hex.padStart(64, '0');
}

/** Calldata for balances(users, tokens). */
export function encodeBalancesCall(users: readonly string[], tokens: readonly string[]): Hex {
  const usersOffset = 64n;
  const tokensOffset = usersOffset + 32n * BigInt(1 + users.length);
  return `0x${BALANCES_SELECTOR}${word(usersOffset)}${word(tokensOffset)}${word(
    BigInt(users.length),
  )}${users.map(addressWord).join('')}${word(BigInt(tokens.length))}${tokens
    .map(addressWord)
    .join('')}`;
}

/** The uint256[] a balances() call returned, checked against the expected length. */
export function decodeBalancesResult(result: string, expectedLength: number): bigint[] {
  const hex = typeof result === 'string' ? result.replace(/^0x/, '') : '';
  const words = hex.match(/.{64}/g) ?? [];
  if (hex.length % 64 !== 0 || words.length < 2) {
    throw new Error('The balance checker returned no array.');
  }
  const offset = Number(BigInt(`0x${words[0]}`) / 32n);
  const length = Number(BigInt(`0x${words[offset] ?? '0'}`));
  if (length !== expectedLength || words.length < offset + 1 + length) {
    throw new Error(`The balance checker returned ${length} values, expected ${expectedLength}.`);
  }
  return words.slice(offset + 1, offset + 1 + length).map((w) => BigInt(`0x${w}`));
}
