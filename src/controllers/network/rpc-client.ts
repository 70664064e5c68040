/** One network's RPC client: a cached provider over HTTP plus the block tracker that drives the cache. */
import { JsonRpcEngine } from '@metamask/json-rpc-engine';

import { BlockTracker, type BlockTrackerOptions, type Head } from './block-tracker';
import { createBlockCache } from './rpc-cache';
import { createFetchMiddleware, providerFromEngine, type RpcProvider } from './rpc-provider';

export interface RpcClientOptions<H extends Head> {
  rpcUrl: string;
  /** The HTTP transport; tests pass a counting wrapper. */
  fetchFn?: typeof fetch;
  /** The block tracker's settings; its head read gets this client's provider. */
  tracker: Omit<BlockTrackerOptions<H>, 'readHead'> & {
    readHead: (provider: RpcProvider) => Promise<H>;
  };
}

export interface RpcClient<H extends Head = Head> {
  /** Reads go through the per-block cache; `skipCache: true` bypasses it. */
  provider: RpcProvider;
  /** Stopped until started: the network controller runs it only while blocks are needed. */
  blockTracker: BlockTracker<H>;
  /** Forgets cached answers (after an outage the node may serve a different chain). */
  clearCache(): void;
  destroy(): void;
}

export function createRpcClient<H extends Head>({
  rpcUrl,
  fetchFn,
  tracker,
}: RpcClientOptions<H>): RpcClient<H> {
  const engine = new JsonRpcEngine();
  const provider = providerFromEngine(engine);
  const blockTracker = new BlockTracker<H>({
    ...tracker,
    readHead: () => tracker.readHead(provider),
  });
  const cache = createBlockCache(blockTracker);
  engine.push(cache.middleware);
  engine.push(createFetchMiddleware(rpcUrl, fetchFn));
  return {
    provider,
    blockTracker,
    clearCache: cache.clear,
    destroy: () => blockTracker.stop(),
  };
}
