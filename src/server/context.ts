// What every route module receives: the database, the configuration and the adapters.
import type { ServerConfig } from './config';
import type { Db } from './db';

export interface AppContext {
  db: Db;
  config: ServerConfig;
  /** Which database backend answers, reported by /health. */
  backend: 'pglite' | 'postgres';
}
