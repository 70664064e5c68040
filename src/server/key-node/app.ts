// A key node's Fastify app (without listening): the shared HTTP behaviour, its routes and the
// sweeper of its expiring rows.
import type { KeyNodeInfoReply } from '../../shared/api';
import type { App } from '../context';
import { startSweeper } from '../db/sweeper';
import { createHttpApp } from '../http-app';
import { Lifecycle } from '../lifecycle';
import { checkDatabase } from '../routes/health';
import type { KeyNodeConfig } from './config';
import { IdentityTokenVerifier } from './identity-token';
import { registerMetadataRoutes } from './metadata';
import { KEY_NODE_EXPIRING_TABLES, type KeyNodeDb } from './schema';
import { registerShareRoutes } from './shares';

export async function buildKeyNode(options: {
  db: KeyNodeDb;
  config: KeyNodeConfig;
  lifecycle?: Lifecycle;
}): Promise<App> {
  const { db, config, lifecycle = new Lifecycle() } = options;
  const app = await createHttpApp({
    ...config,
    db,
    lifecycle,
    corsMethods: ['GET', 'POST', 'PUT'],
  });
  const tokens = new IdentityTokenVerifier(config, db);

  app.get('/', async (): Promise<KeyNodeInfoReply> => ({
    nodeId: config.nodeId,
    service: 'orrery-key-node',
  }));
  app.get('/health', async (_request, reply) => {
    const dbError = lifecycle.draining ? 'draining' : await checkDatabase(db);
    return reply.code(dbError ? 503 : 200).send({
      status: dbError ? 'error' : 'ok',
      nodeId: config.nodeId,
      ...(dbError ? { error: dbError } : {}),
    });
  });
  registerShareRoutes(app, {
    db,
    nodeId: config.nodeId,
    tokens,
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  registerMetadataRoutes(app, { db, rateLimitPerMinute: config.rateLimitPerMinute });

  let sweeper: ReturnType<typeof startSweeper> | undefined;
  app.addHook('onReady', async () => {
    sweeper = startSweeper(
      db,
      config.sweepIntervalMs,
      (err) => app.log.warn({ err }, 'sweeping expired rows failed'),
      KEY_NODE_EXPIRING_TABLES,
    );
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
  });
  return app;
}
