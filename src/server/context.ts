// What every route module receives: the database, the configuration and the adapters.
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Adapters } from './adapters';
import type { ServerConfig } from './config';
import type { Db } from './db';

export interface AppContext extends Adapters {
  db: Db;
  config: ServerConfig;
  /** Which database backend answers, reported by /health. */
  backend: 'pglite' | 'postgres';
  /** onRequest hook (runs before body validation) that sets request.auth or answers 401. */
  authenticate: onRequestAsyncHookHandler;
}
