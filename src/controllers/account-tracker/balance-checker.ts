/**
 * The balance-checker contract: `balances(address[] users, address[] tokens) returns (uint256[])`,
 * token 0x0 meaning the native balance, result i * tokens.length + j for users[i], tokens[j].
 * The same interface as the DeltaBalances contract MetaMask calls on many chains.
 */
import type { Hex } from '../../shared/primitives';
import { decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem';

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

const BALANCE_CHECKER_ABI = parseAbi([
  'function balances(address[] users, address[] tokens) view returns (uint256[])',
]);

/** Calldata for balances(users, tokens); throws on a string that is not an address. */
export function encodeBalancesCall(users: readonly string[], tokens: readonly string[]): Hex {
  return encodeFunctionData({
    abi: BALANCE_CHECKER_ABI,
    functionName: 'balances',
    args: [users as readonly Hex[], tokens as readonly Hex[]],
  });
}

/** The uint256[] a balances() call returned, checked against the expected length. */
export function decodeBalancesResult(result: string, expectedLength: number): bigint[] {
  let balances: readonly bigint[];
  try {
    balances = decodeFunctionResult({
      abi: BALANCE_CHECKER_ABI,
      functionName: 'balances',
      data: result as Hex,
    });
  } catch (error) {
    // viem's errors carry a one-line shortMessage next to their long, multi-line message.
    const { shortMessage, message } = error as { shortMessage?: string; message: string };
    throw new Error(`The balance checker returned no array: ${shortMessage ?? message}`, {
      cause: error,
    });
  }
  if (balances.length !== expectedLength) {
    throw new Error(
      `The balance checker returned ${balances.length} values, expected ${expectedLength}.`,
    );
  }
  return [...balances];
}
