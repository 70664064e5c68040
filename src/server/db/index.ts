// Opens the database: a real PostgreSQL when DATABASE_URL is set, else PGlite on the data folder
// served over its socket server. Both go through `pg` + kysely, so the rest of the server has
// one code path.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ServerConfig } from '../config';
import { startPgliteServer } from './pglite';
import { clearPreparedOnConnect } from './pglite-session';
import { PreparingClient } from './prepared';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface OpenDatabase<DB = Database> {
  db: Kysely<DB>;
  backend: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Opens a database; `DB` names its tables (the API's by default, a key node's own). */
export async function openDatabase<DB = Database>(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<ServerConfig, 'databasePoolMax' | 'statementTimeoutMs'>>,
): Promise<OpenDatabase<DB>> {
  // PostgreSQL cancels a statement that runs longer (0: no limit), so one slow query cannot
  // hold a pooled connection for ever. (PGlite runs one statement at a time and has no timer.)
  const statementTimeout = config.statementTimeoutMs
    ? { statement_timeout: config.statementTimeoutMs }
    : {};
  if (config.databaseUrl) {
    // Instances × max must stay under the server's max_connections (100 by default).
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      Client: PreparingClient,
      max: config.databasePoolMax ?? 10,
      connectionTimeoutMillis: 5000,
      ...statementTimeout,
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', (err) => console.error('[db] idle client error:', err.message));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, backend: 'postgres', close: () => db.destroy() };
  }

  const pglite = await startPgliteServer(config.dataDir);
  // PGlite runs one query at a time and its socket server queues by connection; a second
  // connection could interleave with an open transaction, so the pool holds exactly one.
  const pool = new pg.Pool({
    host: pglite.host,
    port: pglite.port,
    user: 'postgres',
    database: 'postgres',
    Client: PreparingClient,
    max: 1,
    // One session behind every connection (see pglite-session.ts): keep the one client.
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: 5000,
  });
  clearPreparedOnConnect(pool);
  pool.on('error', (err) => console.error('[db] idle client error:', err.message));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    backend: 'pglite',
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
