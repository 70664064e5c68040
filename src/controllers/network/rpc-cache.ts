/**
 * A per-block response cache with in-flight de-duplication for the RPC client: repeated reads of
 * the same state within one block are answered once by the node (MetaMask found block and state
 * reads were most of its RPC traffic).
 */
import { createAsyncMiddleware, type JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import type { Json, JsonRpcParams } from '@metamask/utils';

/**
 * - perma: the answer never changes for this endpoint (chain id, network version).
 * - block: the answer is fixed for a given block; `blockTagIndex` is the position of the block
 *   parameter, or null when the method has none and reads the latest block.
 * - never: writes, 'pending' reads, block numbers, filters and subscriptions.
 */
export type CacheStrategy =
  { kind: 'perma' } | { kind: 'block'; blockTagIndex: number | null } | { kind: 'never' };

const PERMA_METHODS = new Set(['eth_chainId', 'net_version', 'web3_clientVersion']);

const BLOCK_METHODS: Readonly<Record<string, number | null>> = {
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getTransactionCount: 1,
  eth_getStorageAt: 2,
  eth_call: 1,
  eth_estimateGas: 1,
  eth_getProof: 2,
  eth_getBlockByNumber: 0,
  eth_getBlockTransactionCountByNumber: 0,
  eth_feeHistory: 1,
  eth_gasPrice: null,
  eth_maxPriorityFeePerGas: null,
  eth_getTransactionReceipt: null,
  eth_getTransactionByHash: null,
  eth_getBlockByHash: null,
};

/** Methods after which cached block reads may be stale: sends and dev-node state changes. */
export function isStateWrite(method: string): boolean {
  return /^(eth_send|evm_|anvil_|hardhat_)/.test(method);
}

export function cacheStrategyFor(method: string): CacheStrategy {
  if (PERMA_METHODS.has(method)) return { kind: 'perma' };
  const blockTagIndex = BLOCK_METHODS[method];
  if (blockTagIndex !== undefined) return { kind: 'block', blockTagIndex };
  return { kind: 'never' };
}

/**
 * Which block a block-cacheable request reads: 'latest' (or a missing tag) resolves to the
 * current block, 'earliest' to 0, a hex number to itself. Returns 'unknown' when the request
 * reads the latest block but no block is known yet, and null when it must not be cached
 * ('pending', 'safe', 'finalized', block-hash objects).
 */
export function resolveRequestBlock(
  blockTagIndex: number | null,
  params: JsonRpcParams | undefined,
  currentBlock: number | null,
): number | 'unknown' | null {
  const tag: unknown =
    blockTagIndex === null || !Array.isArray(params) ? undefined : params[blockTagIndex];
  if (tag === undefined || tag === 'latest') return currentBlock ?? 'unknown';
  if (tag === 'earliest') return 0;
  if (typeof tag === 'string' && /^0x[0-9a-f]+$/i.test(tag)) return Number.parseInt(tag, 16);
  return null;
}

/** JSON with object keys sorted, so that equal parameters give equal keys. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The request's parameters with its 'latest' block tag replaced by the resolved block. */
function paramsKey(
  blockTagIndex: number | null,
  params: JsonRpcParams | undefined,
  block: number,
): string {
  if (blockTagIndex === null || !Array.isArray(params))
    return `${stableStringify(params ?? [])}@${block}`;
  const normalised = [...params];
  while (normalised.length <= blockTagIndex) normalised.push(undefined as unknown as Json);
  normalised[blockTagIndex] = `0x${block.toString(16)}`;
  return stableStringify(normalised);
}

/** Source of the current block number (hex): the block tracker, null while it is stopped. */
export interface CurrentBlockSource {
  getCurrentBlock(): string | null;
}

type Outcome = { result: Json } | { error: unknown };

/** How many distinct blocks keep cached answers; older ones are dropped. */
const MAX_BLOCK_BUCKETS = 4;

export interface BlockCache {
  middleware: JsonRpcMiddleware<JsonRpcParams, Json>;
  /** Forgets every cached answer, e.g. after the node was unreachable (it may be a new chain). */
  clear(): void;
}

/**
 * The cache middleware. Put it before the middleware that talks to the node. A request carrying
 * `skipCache: true` (as the block tracker sends) always goes to the node. Errors and null
 * answers (a receipt not mined yet) are never cached; identical requests in flight share one
 * upstream call, errors included.
 */
export function createBlockCache(blocks: CurrentBlockSource): BlockCache {
  let perma = new Map<string, Json>();
  const byBlock = new Map<number, Map<string, Json>>();
  const inFlight = new Map<string, Promise<Outcome>>();
  let highestSeenBlock = -1;

  const clear = () => {
    perma = new Map();
    byBlock.clear();
    highestSeenBlock = -1;
  };

  const bucketFor = (block: number): Map<string, Json> => {
    let bucket = byBlock.get(block);
    if (!bucket) {
      bucket = new Map();
      byBlock.set(block, bucket);
      // Map keeps insertion order: the first keys are the oldest buckets.
      while (byBlock.size > MAX_BLOCK_BUCKETS)
        byBlock.delete(byBlock.keys().next().value as number);
    }
    return bucket;
  };

  const middleware = createAsyncMiddleware<JsonRpcParams, Json>(async (req, res, next) => {
    if ((req as { skipCache?: boolean }).skipCache) return next();
    const strategy = cacheStrategyFor(req.method);
    if (strategy.kind === 'never') {
      await next();
      // On an automining node a write changes state without the tracker seeing a block yet.
      if (!res.error && isStateWrite(req.method)) byBlock.clear();
      return;
    }

    let key: string;
    let bucket: Map<string, Json> | undefined;
    let bucketBlock = -1;
    if (strategy.kind === 'perma') {
      key = `${req.method}:${stableStringify(req.params ?? [])}`;
      bucket = perma;
    } else {
      const hex = blocks.getCurrentBlock();
      const current = hex === null ? null : Number.parseInt(hex, 16);
      if (current !== null) {
        // The chain went backwards (restart or reorg): nothing cached is trustworthy.
        if (current < highestSeenBlock) clear();
        highestSeenBlock = Math.max(highestSeenBlock, current);
      }
      const block = resolveRequestBlock(strategy.blockTagIndex, req.params, current);
      if (block === null) return next();
      if (block === 'unknown') {
        // No block known yet: share concurrent identical calls but keep nothing.
        key = `${req.method}:${stableStringify(req.params ?? [])}@unknown`;
      } else {
        key = `${req.method}:${paramsKey(strategy.blockTagIndex, req.params, block)}`;
        bucket = bucketFor(block);
        bucketBlock = block;
      }
    }

    if (bucket?.has(key)) {
      res.result = structuredClone(bucket.get(key) as Json);
      return;
    }
    const pending = inFlight.get(key);
    if (pending) {
      const outcome = await pending;
      if ('error' in outcome) throw outcome.error;
      res.result = structuredClone(outcome.result);
      return;
    }

    let settle!: (outcome: Outcome) => void;
    inFlight.set(key, new Promise<Outcome>((resolve) => (settle = resolve)));
    try {
      await next();
      if (res.error) {
        settle({ error: res.error });
        return;
      }
      const result = (res.result ?? null) as Json;
      // A clear() while the call was out dropped this bucket: then keep nothing.
      const live = bucket === perma || (bucket && byBlock.get(bucketBlock) === bucket);
      if (result !== null && bucket && live) bucket.set(key, structuredClone(result));
      settle({ result });
    } catch (error) {
      settle({ error });
      throw error;
    } finally {
      inFlight.delete(key);
    }
  });

  return { middleware, clear };
}
