// The pool size and statement timeout settings take effect on a real PostgreSQL 15: a pool
// never opens more connections than ORRERY_DB_POOL_MAX, and a statement running longer than
// ORRERY_DB_STATEMENT_TIMEOUT_MS is cancelled by the server.
import { sql } from 'kysely';
import { openDatabase, type OpenDatabase } from '../../src/server/db';
import { startPostgres, type PostgresServer } from './postgres-server';

describe('database settings on postgres', () => {
  let postgres: PostgresServer;
  let database: OpenDatabase;

  beforeAll(async () => {
    postgres = await startPostgres();
    database = await openDatabase({
      databaseUrl: postgres.databaseUrl,
      dataDir: '',
      databasePoolMax: 2,
      statementTimeoutMs: 300,
    });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await postgres?.stop();
  });

  it('cancels a statement that runs past the timeout, and sets it on every connection', async () => {
    await expect(sql`select pg_sleep(5)`.execute(database.db)).rejects.toThrow(
      'canceling statement due to statement timeout',
    );
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        sql<{ statement_timeout: string }>`show statement_timeout`.execute(database.db),
      ),
    );
    expect(settings.map((s) => s.rows[0]?.statement_timeout)).toEqual(Array(4).fill('300ms'));
  });

  it('holds at most the pool size of connections, however many queries wait', async () => {
    const pids = await Promise.all(
      Array.from({ length: 8 }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(database.db),
      ),
    );
    expect(new Set(pids.map((r) => r.rows[0]?.pid)).size).toBeLessThanOrEqual(2);
    const { rows } = await sql<{ count: string }>`
      select count(*)::text as count from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend'`.execute(database.db);
    expect(Number(rows[0]?.count)).toBeLessThanOrEqual(2);
  });
});
