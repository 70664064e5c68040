/**
 * Multicall3 (the contract deployed at one address on most EVM chains): several reads in one
 * eth_call, all at the same block. The block tracker reads the head with it, and whatever else
 * wants a fresh value on each block (native balances) rides along at no extra request.
 */
import { decodeAbiParameters, decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem';

import type { Hex } from '../../shared/primitives';

/** The canonical deployment (the same address on every chain that has it). */
export const MULTICALL3_ADDRESS: Hex = '0xca11bde05977b3631167028862be2a173976ca11';

const MULTICALL3_ABI = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function getCurrentBlockTimestamp() view returns (uint256 timestamp)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
]);

/** One read inside an aggregate: a contract and its calldata. */
export type MulticallRead = { target: Hex; callData: Hex };

/** A read of an account's native balance, answered by Multicall3 itself. */
export function ethBalanceRead(address: string): MulticallRead {
  return {
    target: MULTICALL3_ADDRESS,
    callData: encodeFunctionData({
      abi: MULTICALL3_ABI,
      functionName: 'getEthBalance',
      args: [address as Hex],
    }),
  };
}

/** Decodes what an `ethBalanceRead` returned. */
export function decodeEthBalance(returnData: Hex): bigint {
  return decodeFunctionResult({
    abi: MULTICALL3_ABI,
    functionName: 'getEthBalance',
    data: returnData,
  });
}

const headReads: readonly MulticallRead[] = [
  {
    target: MULTICALL3_ADDRESS,
    callData: encodeFunctionData({ abi: MULTICALL3_ABI, functionName: 'getBlockNumber' }),
  },
  {
    target: MULTICALL3_ADDRESS,
    callData: encodeFunctionData({ abi: MULTICALL3_ABI, functionName: 'getCurrentBlockTimestamp' }),
  },
];

/** The eth_call data of one aggregate: the head's number and timestamp, then `reads`. */
export function encodeHeadAggregate(reads: readonly MulticallRead[]): Hex {
  return encodeFunctionData({
    abi: MULTICALL3_ABI,
    functionName: 'aggregate3',
    // The head must answer; any other read may fail alone without failing the rest.
    args: [
      [
        ...headReads.map((read) => ({ ...read, allowFailure: false })),
        ...reads.map((read) => ({ ...read, allowFailure: true })),
      ],
    ],
  });
}

export type HeadAggregate = {
  blockNumber: number;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Each read's return data, or null where it failed; in the order given. */
  results: (Hex | null)[];
};

/** Decodes an `encodeHeadAggregate` answer; throws when it is not one (no Multicall3 there). */
export function decodeHeadAggregate(data: Hex, readCount: number): HeadAggregate {
  const returned = decodeFunctionResult({ abi: MULTICALL3_ABI, functionName: 'aggregate3', data });
  if (returned.length !== headReads.length + readCount) {
    throw new Error(
      `Multicall3 returned ${returned.length} results, expected ${headReads.length + readCount}.`,
    );
  }
  const [number, timestamp, ...rest] = returned;
  const uint = (result: (typeof returned)[number] | undefined, what: string) => {
    if (!result?.success) throw new Error(`Multicall3 did not answer ${what}.`);
    const [value] = decodeAbiParameters([{ type: 'uint256' }], result.returnData);
    return Number(value);
  };
  return {
    blockNumber: uint(number, 'the block number'),
    timestamp: uint(timestamp, 'the block timestamp'),
    results: rest.map((result) => (result.success ? result.returnData : null)),
  };
}
