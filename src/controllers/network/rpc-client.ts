/** One network's RPC client: a cached provider over HTTP plus the block tracker that drives the cache. */
import { JsonRpcEngine } from '@metamask/json-rpc-engine';
import { PollingBlockTracker } from 'eth-block-tracker';
import type { PollingBlockTrackerOptions } from 'eth-block-tracker/dist/PollingBlockTracker';

import { createBlockCache } from './rpc-cache';
import { createFetchMiddleware, providerFromEngine, type RpcProvider } from './rpc-provider';

export interface RpcClientOptions {
  rpcUrl: string;
  /** Block polling interval in ms. */
  pollingInterval: number;
  /** Wait before polling again after a failed poll, in ms; defaults to the polling interval. */
  retryTimeout?: number;
  /** The HTTP transport; tests pass a counting wrapper. */
  fetchFn?: typeof fetch;
}

export interface RpcClient {
  /** Reads go through the per-block cache; `skipCache: true` bypasses it. */
  provider: RpcProvider;
  blockTracker: PollingBlockTracker;
  /** Forgets cached answers (after an outage the node may serve a different chain). */
  clearCache(): void;
  destroy(): Promise<void>;
}

export function createRpcClient({
  rpcUrl,
  pollingInterval,
  retryTimeout,
  fetchFn,
}: RpcClientOptions): RpcClient {
  const engine = new JsonRpcEngine();
  const provider = providerFromEngine(engine);
  const blockTracker = new PollingBlockTracker({
    // eth-block-tracker types expect its own provider type; ours speaks the same sendAsync form.
    provider: provider as unknown as PollingBlockTrackerOptions['provider'],
    pollingInterval,
    retryTimeout: retryTimeout ?? pollingInterval,
    setSkipCacheFlag: true,
    // A restarted dev node starts again from a low block; report it instead of waiting to catch up.
    usePastBlocks: true,
    keepEventLoopActive: false,
  });
  const cache = createBlockCache(blockTracker);
  engine.push(cache.middleware);
  engine.push(createFetchMiddleware(rpcUrl, fetchFn));
  return {
    provider,
    blockTracker,
    clearCache: cache.clear,
    async destroy() {
      blockTracker.removeAllListeners();
      await blockTracker.destroy();
    },
  };
}
