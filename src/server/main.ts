// Server entry: open the database, migrate, listen; close everything on SIGINT/SIGTERM.
// Run with `npx tsx src/server/main.ts`, or call startServer() in-process (dev script, tests).
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase, type OpenDatabase } from './db';
import { migrateToLatest } from './db/migrate';

export interface RunningServer {
  /** e.g. http://127.0.0.1:4051 (the real port when config.port is 0). */
  url: string;
  app: FastifyInstance;
  database: OpenDatabase;
  /** Stops listening, then closes the database (and PGlite). Safe to call twice. */
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig = loadConfig()): Promise<RunningServer> {
  const database = await openDatabase(config);
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db);
    app = await buildServer({ db: database.db, config, backend: database.backend });
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
    close() {
      closing ??= (async () => {
        await listening.close();
        await database.close();
      })();
      return closing;
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  server.app.log.info(`Orrery API listening on ${server.url}, database: ${where}`);
  const stop = (signal: string) => {
    server.app.log.info(`${signal} received, closing`);
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
