// Server entry: open the database, migrate, listen; on SIGINT/SIGTERM drain (refuse new
// requests, finish in-flight ones within a deadline), then close the pool and exit.
// Run with `npx tsx src/server/main.ts`, or call startServer() in-process (dev script, tests).
import { buildServer } from './app';
import { loadConfig, type ServerConfig } from './config';
import type { App } from './context';
import { openDatabase, type OpenDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { Lifecycle } from './lifecycle';

export interface RunningServer {
  /** e.g. http://127.0.0.1:4051 (the real port when config.port is 0). */
  url: string;
  app: App;
  database: OpenDatabase;
  lifecycle: Lifecycle;
  /**
   * Drains and stops: /health turns not-ready and new requests get 503 at once; after
   * config.shutdownDelayMs the listener closes; in-flight requests finish (connections still
   * open config.shutdownTimeoutMs later are cut); then the database pool (and PGlite) closes.
   * Safe to call twice.
   */
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig = loadConfig()): Promise<RunningServer> {
  const database = await openDatabase(config);
  const lifecycle = new Lifecycle();
  let app: App | undefined;
  try {
    // Several instances may start at once on one PostgreSQL: kysely's Migrator takes an
    // advisory lock, so one migrates and the others wait and find nothing left to do.
    await migrateToLatest(database.db);
    app = await buildServer({ db: database.db, config, backend: database.backend, lifecycle });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app?.close().catch(() => undefined);
    await database.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const listening = app;
  let closing: Promise<void> | undefined;
  return {
    url,
    app: listening,
    database,
    lifecycle,
    close() {
      closing ??= (async () => {
        lifecycle.startDraining();
        if (config.shutdownDelayMs > 0)
          await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
        const deadline = setTimeout(
          () => listening.server.closeAllConnections(),
          config.shutdownTimeoutMs,
        );
        try {
          await listening.close();
        } finally {
          clearTimeout(deadline);
          await database.close();
        }
      })();
      return closing;
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  // The start line is printed whatever LOG_LEVEL says: launchers and tests read the URL from it.
  process.stdout.write(`Orrery API listening on ${server.url}, database: ${where}\n`);
  const stop = (signal: string) => {
    server.app.log.info(
      `${signal} received, draining (in-flight requests get ${config.shutdownTimeoutMs} ms)`,
    );
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Error while closing:', err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

// Run only when executed directly, not when imported by the dev script or tests.
if (typeof require !== 'undefined' && require.main === module) {
  main().catch((err: unknown) => {
    console.error('Orrery API failed to start:', err);
    process.exit(1);
  });
}
