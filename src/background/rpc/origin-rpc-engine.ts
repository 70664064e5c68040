import { JsonRpcEngine } from '@metamask/json-rpc-engine';

import { createAccountMiddleware } from './account-methods';
import { createChainMiddleware } from './chain-methods';
import type { FiltersAndSubscriptions } from './filters-and-subscriptions';
import { createLoggingMiddleware } from './logging-middleware';
import { createOriginMiddleware } from './origin-middleware';
import { createPassThroughMiddleware } from './pass-through';
import { createPermissionMiddleware } from './permission-methods';
import { createRequestLimitsMiddleware } from './request-limits';
import type { RpcContext } from './rpc-context';
import { createTransactionReadsMiddleware } from './transaction-reads';
import { createWalletMethodsMiddleware } from './wallet-methods';
import { createWatchAssetMiddleware } from './watch-asset';

/**
 * One JSON-RPC engine per connection, middleware in this order: origin, logging, request limits
 * (before anything reads params), wallet methods, filters and subscriptions, permissions, account
 * and signing methods, chain management (chains, assets), the wallet's own transaction reads, then
 * the allowlisted pass-through to the network client.
 */
export function createOriginRpcEngine(
  ctx: RpcContext,
  filters: FiltersAndSubscriptions,
): JsonRpcEngine {
  const engine = new JsonRpcEngine();
  engine.push(createOriginMiddleware(ctx.origin));
  engine.push(createLoggingMiddleware(ctx));
  engine.push(createRequestLimitsMiddleware());
  engine.push(createWalletMethodsMiddleware(ctx));
  engine.push(filters.middleware());
  engine.push(createPermissionMiddleware(ctx));
  engine.push(createAccountMiddleware(ctx));
  engine.push(createChainMiddleware(ctx));
  engine.push(createWatchAssetMiddleware(ctx));
  engine.push(createTransactionReadsMiddleware(ctx));
  engine.push(createPassThroughMiddleware(ctx));
  return engine;
}
