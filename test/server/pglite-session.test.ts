import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startPgliteServer, type PgliteServer } from '../../src/server/db/pglite';
import { clearPreparedStatements } from '../../src/server/db/pglite-session';
import { PreparingClient } from '../../src/server/db/prepared';

describe('PGlite: one session behind every connection', () => {
  let dir: string;
  let server: PgliteServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'orrery-pglite-session-'));
    server = await startPgliteServer(join(dir, 'data'));
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A new connection (as after a broken client) runs the named statement, then closes. */
  async function probeOnNewClient(n: number, clear: boolean) {
    const client = new PreparingClient({
      host: server.host,
      port: server.port,
      user: 'postgres',
      database: 'postgres',
    });
    await client.connect();
    try {
      if (clear) await clearPreparedStatements(client);
      return (await client.query('/* prepared:probe */ select $1::int as n', [n])).rows;
    } finally {
      await client.end();
    }
  }

  it('keeps prepared statements across connections, so a new client must clear them first', async () => {
    expect(await probeOnNewClient(1, false)).toEqual([{ n: 1 }]);
    // What GET /user met on PGlite once its pool had replaced the client.
    await expect(probeOnNewClient(2, false)).rejects.toThrow(
      'prepared statement "probe" already exists',
    );
    expect(await probeOnNewClient(3, true)).toEqual([{ n: 3 }]);
    expect(await probeOnNewClient(4, true)).toEqual([{ n: 4 }]);
  });
});
