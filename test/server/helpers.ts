// Test harness: the two database backends, an in-process server on a free port, and a small
// JSON client for it.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { migrateToLatest, migrations } from '../../src/server/db/migrate';
import { startServer, type RunningServer } from '../../src/server/main';
import { startPostgres, type PostgresServer } from './postgres-server';

export type BackendName = 'pglite' | 'postgres';
export const BACKENDS: BackendName[] = ['pglite', 'postgres'];

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * A migrated PGlite data folder, created once (about 10 s) and copied for each suite (well
 * under a second). Keyed by a hash of the migration sources, so any migration change makes a
 * new template.
 */
export async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  const dir = resolve(__dirname, '../../src/server/db/migrations');
  for (const file of readdirSync(dir).sort())
    hash.update(file).update(readFileSync(join(dir, file)));
  hash.update(Object.keys(migrations).join(','));
  const template = join(tmpdir(), `orrery-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  const staging = mkdtempSync(join(tmpdir(), 'orrery-pglite-staging-'));
  const open = await openDatabase({ dataDir: staging });
  try {
    await migrateToLatest(open.db);
  } finally {
    await open.close();
  }
  try {
    renameSync(staging, template); // atomic; a parallel worker may have won the race
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
  return template;
}

/** A database for one test suite: a fresh PGlite folder or a private PostgreSQL 15 cluster. */
export interface TestDatabase {
  name: BackendName;
  config(overrides?: Partial<ServerConfig>): ServerConfig;
  dispose(): Promise<void>;
}

export async function createTestDatabase(name: BackendName): Promise<TestDatabase> {
  const root = mkdtempSync(join(tmpdir(), 'orrery-server-test-'));
  let postgres: PostgresServer | undefined;
  if (name === 'postgres') postgres = await startPostgres();
  else cpSync(await pgliteTemplate(), join(root, 'pglite'), { recursive: true });
  return {
    name,
    config: (overrides = {}) =>
      loadConfig(
        {},
        {
          port: 0,
          logLevel: 'silent',
          jwtSecret: TEST_JWT_SECRET,
          // Nothing balances the test servers: close at once.
          shutdownDelayMs: 0,
          dataDir: join(root, 'pglite'),
          databaseUrl: postgres?.databaseUrl,
          ...overrides,
        },
      ),
    async dispose() {
      await postgres?.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent raw, without JSON encoding (for malformed-body tests). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

// Response bodies are whatever the server sent; tests assert their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJson = any;

export function client(server: Pick<RunningServer, 'url'>) {
  return async function request<T = AnyJson>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${server.url}${path}`, { method, headers, body: payload });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : undefined) as T,
    };
  };
}

export { startServer };

export interface TestServer {
  /** Set in the suite's beforeAll: read inside tests and hooks, not at describe time. */
  readonly database: TestDatabase;
  readonly server: RunningServer;
  /** A client of the suite's server; may be kept from describe time. */
  readonly request: ReturnType<typeof client>;
  /**
   * Runs `fn` against a second app on the suite's database, configured with the test defaults
   * plus `overrides` (not the suite's own settings), and closes it after.
   */
  withApp(
    overrides: Partial<ServerConfig>,
    fn: (request: ReturnType<typeof client>) => Promise<void>,
  ): Promise<void>;
}

/**
 * Registers the usual suite hooks: a fresh `backend` database and a server on it before the
 * tests, both closed after. `config` is read inside beforeAll, so it may use fakes started by
 * hooks registered earlier.
 */
export function useTestServer(
  backend: BackendName,
  config: () => Partial<ServerConfig> = () => ({}),
): TestServer {
  let database: TestDatabase | undefined;
  let server: RunningServer | undefined;
  let request: ReturnType<typeof client> | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useTestServer: the suite has not started yet');
    return value;
  };
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    server = await startServer(database.config(config()));
    request = client(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.dispose();
  });
  return {
    get database() {
      return started(database);
    },
    get server() {
      return started(server);
    },
    request: (method, path, options) => started(request)(method, path, options),
    async withApp(overrides, fn) {
      const app = await buildServer({
        db: started(server).database.db,
        config: started(database).config(overrides),
      });
      try {
        await fn(client({ url: await app.listen({ port: 0, host: '127.0.0.1' }) }));
      } finally {
        await app.close();
      }
    },
  };
}
