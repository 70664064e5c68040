// What every route module receives: the database, the configuration and the adapters.
import type { onRequestAsyncHookHandler } from 'fastify';
import type { ServerConfig } from './config';
import type { Db } from './db';
import type { ExplorerSource } from './explorer/etherscan';
import type { NameResolver } from './lookup/ens';
import type { PriceSource } from './prices/price-source';

export interface AppContext {
  db: Db;
  config: ServerConfig;
  /** Which database backend answers, reported by /health. */
  backend: 'pglite' | 'postgres';
  /** onRequest hook (runs before body validation) that sets request.auth or answers 401. */
  authenticate: onRequestAsyncHookHandler;
  /** Conversion rates for GET /currency. */
  prices: PriceSource;
  /** ENS resolution for GET /lookup; undefined when no ENS node is configured. */
  names?: NameResolver;
  /** Block-explorer history for GET /etherscan; undefined when not configured. */
  explorer?: ExplorerSource;
}
