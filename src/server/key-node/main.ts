// Key node entry: open its own database, migrate, listen; SIGINT/SIGTERM drain and stop.
// Run one with `ORRERY_NODE_ID=node-1 ORRERY_NODE_PORT=4081 npx tsx src/server/key-node/main.ts`,
// or call startKeyNode() in-process (npm start, tests).
import type { App } from '../context';
import { openDatabase, type OpenDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { Lifecycle } from '../lifecycle';
import { buildKeyNode } from './app';
import { loadKeyNodeConfig, type KeyNodeConfig } from './config';
import { keyNodeMigrations, type KeyNodeDatabase } from './schema';

export interface RunningKeyNode {
  nodeId: string;
  url: string;
  app: App;
  database: OpenDatabase<KeyNodeDatabase>;
  close(): Promise<void>;
}

export async function startKeyNode(config: KeyNodeConfig): Promise<RunningKeyNode> {
  const database = await openDatabase<KeyNodeDatabase>(config);
  const lifecycle = new Lifecycle();
  let app: App | undefined;
  try {
    await migrateToLatest(database.db, keyNodeMigrations);
    app = await buildKeyNode({ db: database.db, config, lifecycle });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app?.close().catch(() => undefined);
    await database.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const listening = app;
  let closing: Promise<void> | undefined;
  return {
    nodeId: config.nodeId,
    url: `http://${config.host}:${port}`,
    app: listening,
    database,
    close() {
      closing ??= (async () => {
        lifecycle.startDraining();
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
  const config = loadKeyNodeConfig();
  const node = await startKeyNode(config);
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  process.stdout.write(
    `Orrery key node ${node.nodeId} listening on ${node.url}, database: ${where}\n`,
  );
  const stop = () =>
    node.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Error while closing:', err);
        process.exit(1);
      },
    );
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (typeof require !== 'undefined' && require.main === module) {
  main().catch((err: unknown) => {
    console.error('Orrery key node failed to start:', err);
    process.exit(1);
  });
}
