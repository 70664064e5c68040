// PGlite is a single PostgreSQL session behind its socket server: every socket connection, also
// one that replaces a broken client, continues that session with the statements an earlier
// client prepared. A new pg client does not know them and prepares them again, which fails with
// 'prepared statement … already exists' (a 500 for GET /user). So each new client first clears
// the session's prepared statements, and the pool keeps its one client rather than closing it
// when idle.
import type pg from 'pg';

export function clearPreparedStatements(client: pg.ClientBase): Promise<unknown> {
  return client.query('DEALLOCATE ALL');
}

export function clearPreparedOnConnect(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    // Queued before any query the pool hands the client out for, so it runs first.
    clearPreparedStatements(client).catch((err: Error) => {
      console.error('[db] could not clear prepared statements:', err.message);
    });
  });
}
