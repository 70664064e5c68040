// The server's foundation on both backends: migrations, persistence, health, errors, CORS.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildServer } from '../../src/server/app';
import { openDatabase } from '../../src/server/db';
import { migrateToLatest, migrations } from '../../src/server/db/migrate';
import { BACKENDS, client, createTestDatabase, startServer, type TestDatabase } from './helpers';
import { freePort } from './postgres-server';

describe.each(BACKENDS)('server foundation on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  }, 60_000);
  afterAll(() => database?.dispose());

  it('applies every migration once, then none on the next runs', async () => {
    // A fresh folder: the suite's PGlite copy comes from an already migrated template.
    const open = await openDatabase(
      database.config({ dataDir: join(tmpdir(), `orrery-migrate-${process.pid}`) }),
    );
    try {
      expect(await migrateToLatest(open.db)).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(open.db)).toEqual([]);
      const tables = await sql<{ table_name: string }>`
        select table_name from information_schema.tables where table_schema = 'public'`.execute(
        open.db,
      );
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(['users', 'contacts']),
      );
    } finally {
      await open.close();
      rmSync(join(tmpdir(), `orrery-migrate-${process.pid}`), { recursive: true, force: true });
    }
    // A PGlite cluster made from nothing: about 10 s here, several times that on a busy machine.
  }, 120_000);

  it('keeps data across a server restart on the same database', async () => {
    const first = await startServer(database.config());
    await first.database.db.insertInto('users').values({ public_address: '0xrestart' }).execute();
    await first.close();
    const second = await startServer(database.config());
    try {
      const rows = await second.database.db
        .selectFrom('users')
        .select('public_address')
        .where('public_address', '=', '0xrestart')
        .execute();
      expect(rows).toEqual([{ public_address: '0xrestart' }]);
    } finally {
      await second.close();
    }
    // Two PGlite starts (WASM and recovery): a few seconds here, far more on a loaded machine.
    // Cut short, the second server would keep the folder's lock and fail every test after it.
  }, 120_000);

  if (backend === 'pglite') {
    it('refuses to open a PGlite folder another instance holds', async () => {
      const first = await openDatabase(database.config());
      try {
        await expect(openDatabase(database.config())).rejects.toThrow(/is in use by process \d+/);
      } finally {
        await first.close();
      }
      const again = await openDatabase(database.config()); // the lock went with the close
      await again.close();
    }, 120_000);
  }

  describe('HTTP basics', () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    let request: ReturnType<typeof client>;
    beforeAll(async () => {
      server = await startServer(database.config());
      request = client(server);
    }, 60_000);
    afterAll(() => server?.close());

    it('reports health with the database answering', async () => {
      const res = await request('GET', '/health');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'ok', database: 'ok', backend });
      expect(typeof res.body.uptimeSeconds).toBe('number');
    });

    it('answers unknown routes with a JSON 404', async () => {
      const res = await request('GET', '/no/such/route?x=1');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Route GET /no/such/route not found' });
    });

    it('rejects a malformed JSON body with 400', async () => {
      const res = await request('POST', '/health', { rawBody: '{"public_address": ' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/not valid JSON/);
    });

    it('rejects a body over the size limit with 413', async () => {
      const res = await request('POST', '/health', {
        rawBody: JSON.stringify({ x: 'a'.repeat(200 * 1024) }),
      });
      expect(res.status).toBe(413);
      expect(res.body.error).toMatch(/too large/i);
    });

    it('serves the configured origins and refuses a foreign one', async () => {
      const ok = await request('GET', '/health', { headers: { origin: 'http://localhost:4050' } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:4050');

      const preflight = await request('OPTIONS', '/health', {
        headers: { origin: 'http://127.0.0.1:4050', 'access-control-request-method': 'PATCH' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');

      const foreign = await request('GET', '/health', {
        headers: { origin: 'http://evil.example' },
      });
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      expect(foreign.body).toEqual({ error: 'Origin http://evil.example is not allowed' });
    });
  });
});

describe('health without a database', () => {
  it('answers 503 naming the database failure', async () => {
    const port = await freePort(); // nothing listens there
    const open = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`,
      dataDir: '',
    });
    const { loadConfig } = await import('../../src/server/config');
    const app = await buildServer({
      db: open.db,
      config: loadConfig({}, { jwtSecret: 'x'.repeat(32), logLevel: 'silent' }),
    });
    try {
      // Real HTTP: fastify's inject() loads an ESM-only dependency that jest cannot require.
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await client({ url })('GET', '/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'error', database: 'error' });
      expect(res.body.error).toMatch(/^Database check failed: .*ECONNREFUSED/);
    } finally {
      await app.close();
      await open.close();
    }
  });
});
