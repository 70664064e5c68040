/**
 * Many contract reads in few calls: one Multicall3 `aggregate3` eth_call per chunk where the chain
 * has Multicall3, else one eth_call per read. ERC-20 balances can also go through a
 * balance-checker contract (`balances(users, tokens)`), which several chains had before
 * Multicall3. Every read may fail on its own (a revert reads as undefined) without failing the
 * others.
 */
import { decodeFunctionResult, encodeFunctionData, multicall3Abi } from 'viem';

import type { Hex } from '../../shared/primitives';

import {
  BALANCE_CHECKER_ADDRESSES,
  decodeBalancesResult,
  encodeBalancesCall,
} from '../account-tracker/balance-checker';
import { MULTICALL3_ADDRESS } from '../network/multicall3';
import { hasCode, readOne, type ContractRead, type ContractReader } from './contract-reads';

// Multicall3's address, the same on every chain that has it: one constant, the network's.
export { MULTICALL3_ADDRESS };

/** Reads per aggregate3 call: small enough for public nodes' eth_call gas and size caps. */
export const DEFAULT_MULTICALL_CHUNK = 250;
/** Tokens per balance-checker call. */
export const DEFAULT_BALANCE_CHECKER_CHUNK = 500;

export type BatchMode = 'multicall3' | 'individual';

export interface BatchReader {
  readonly mode: BatchMode;
  /** Answers in the order of `reads`; undefined where a read failed. */
  run<T>(reads: readonly ContractRead<T>[]): Promise<(T | undefined)[]>;
}

/**
 * For a refresh with no candidates: reads nothing, so the chain's Multicall3 need not be looked
 * up (an eth_getCode) for an account that holds nothing yet.
 */
export const NOTHING_TO_READ: { batch: BatchReader; balanceChecker: null } = {
  batch: {
    mode: 'individual',
    run(reads) {
      if (reads.length > 0) throw new Error('NOTHING_TO_READ was given reads.');
      return Promise.resolve([]);
    },
  },
  balanceChecker: null,
};

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function aggregate<T>(
  reader: ContractReader,
  multicall: Hex,
  reads: readonly ContractRead<T>[],
): Promise<(T | undefined)[]> {
  const calls = reads.map((read) => ({
    target: read.target,
    allowFailure: true,
    callData: read.data,
  }));
  const answer = await reader.request<Hex>({
    method: 'eth_call',
    params: [
      {
        to: multicall,
        data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
      },
      'latest',
    ],
  });
  const results = decodeFunctionResult({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    data: answer,
  });
  if (results.length !== reads.length) {
    throw new Error(`Multicall3 answered ${results.length} results for ${reads.length} calls.`);
  }
  return results.map((result, i) =>
    result.success && result.returnData !== '0x' ? reads[i]!.decode(result.returnData) : undefined,
  );
}

/** Runs reads one eth_call each, a few at a time. */
async function individually<T>(
  reader: ContractReader,
  reads: readonly ContractRead<T>[],
): Promise<(T | undefined)[]> {
  const results: (T | undefined)[] = new Array(reads.length);
  let next = 0;
  const worker = async () => {
    while (next < reads.length) {
      const index = next++;
      results[index] = await readOne(reader, reads[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, reads.length) }, worker));
  return results;
}

/**
 * A batch reader over Multicall3 at `multicall` (when given), else individual calls. A chunk
 * whose aggregate call fails as a whole (a node's gas or size cap) is read individually.
 */
export function createBatchReader(
  reader: ContractReader,
  multicall: Hex | null,
  chunkSize = DEFAULT_MULTICALL_CHUNK,
): BatchReader {
  if (!multicall) {
    return { mode: 'individual', run: (reads) => individually(reader, reads) };
  }
  return {
    mode: 'multicall3',
    async run(reads) {
      const parts = await Promise.all(
        chunks(reads, chunkSize).map((chunk) =>
          aggregate(reader, multicall, chunk).catch((error: unknown) => {
            console.warn('Multicall3 chunk failed; reading it call by call', error);
            return individually(reader, chunk);
          }),
        ),
      );
      return parts.flat();
    },
  };
}

/** The Multicall3 contract to use on this node: the canonical address if it has code there. */
export async function findMulticall(reader: ContractReader, candidate = MULTICALL3_ADDRESS) {
  return (await hasCode(reader, candidate)) ? candidate : null;
}

/**
 * ERC-20 balances of one owner: through Multicall3 when the reader batches, else through the
 * balance checker when the chain has one, else one call per token.
 */
export async function readTokenBalances(
  reader: ContractReader,
  batch: BatchReader,
  balanceChecker: Hex | null,
  owner: Hex,
  tokens: readonly Hex[],
  read: (token: Hex) => ContractRead<bigint>,
): Promise<(bigint | undefined)[]> {
  if (batch.mode === 'individual' && balanceChecker && tokens.length > 0) {
    const parts = await Promise.all(
      chunks(tokens, DEFAULT_BALANCE_CHECKER_CHUNK).map(async (chunk) => {
        try {
          const answer = await reader.request<Hex>({
            method: 'eth_call',
            params: [{ to: balanceChecker, data: encodeBalancesCall([owner], chunk) }, 'latest'],
          });
          return decodeBalancesResult(answer, chunk.length) as (bigint | undefined)[];
        } catch (error) {
          console.warn('Balance checker failed; reading balances call by call', error);
          return individually(reader, chunk.map(read));
        }
      }),
    );
    return parts.flat();
  }
  return batch.run(tokens.map(read));
}

/**
 * How each chain batches, found once per chain: the configured Multicall3 (null for none), else
 * the canonical one if the node has code there; and the chain's balance checker, if any.
 */
export class ChainBatching {
  readonly #multicall: Readonly<Record<string, Hex | null>>;
  readonly #balanceCheckers: Readonly<Record<string, Hex>>;
  readonly #found = new Map<string, Promise<Hex | null>>();

  constructor({
    multicall = {},
    balanceCheckers = BALANCE_CHECKER_ADDRESSES,
  }: {
    /** Per chain id: a Multicall3 address, or null where the chain has none. */
    multicall?: Readonly<Record<string, Hex | null>>;
    balanceCheckers?: Readonly<Record<string, Hex>>;
  } = {}) {
    this.#multicall = multicall;
    this.#balanceCheckers = balanceCheckers;
  }

  async readerFor(
    chainId: string,
    reader: ContractReader,
  ): Promise<{ batch: BatchReader; balanceChecker: Hex | null }> {
    const key = chainId.toLowerCase();
    let multicall = this.#found.get(key);
    if (!multicall) {
      const configured = this.#multicall[key];
      multicall =
        configured !== undefined
          ? Promise.resolve(configured)
          : findMulticall(reader).catch((error: unknown) => {
              this.#found.delete(key); // a node failure is no answer: ask again next time
              throw error;
            });
      this.#found.set(key, multicall);
    }
    return {
      batch: createBatchReader(reader, await multicall),
      balanceChecker: this.#balanceCheckers[key] ?? null,
    };
  }
}
