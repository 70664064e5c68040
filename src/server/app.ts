// Builds the API's Fastify instance (without listening): the shared HTTP behaviour
// (http-app.ts), the adapters, the routes and the sweeper.
import { adaptersFromConfig, type Adapters } from './adapters';
import { createAuthenticator } from './auth/authenticate';
import type { ServerConfig } from './config';
import type { App, AppContext } from './context';
import type { Db } from './db';
import { startSweeper } from './db/sweeper';
import { createHttpApp } from './http-app';
import { Lifecycle } from './lifecycle';
import { registerRoutes } from './routes';

export interface BuildServerOptions extends Partial<Adapters> {
  db: Db;
  config: ServerConfig;
  backend?: AppContext['backend'];
  /** Shared with whoever drains the instance (main.ts); a fresh one by default. */
  lifecycle?: Lifecycle;
}

/** The Fastify app; adapters given in the options replace those chosen from the config. */
export async function buildServer({
  db,
  config,
  backend = 'postgres',
  lifecycle = new Lifecycle(),
  ...adapterOverrides
}: BuildServerOptions): Promise<App> {
  const app = await createHttpApp({
    logLevel: config.logLevel,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    db,
    lifecycle,
  });

  await registerRoutes(app, {
    db,
    config,
    backend,
    ...adaptersFromConfig(config),
    // An override given as `undefined` keeps the configured adapter.
    ...Object.fromEntries(Object.entries(adapterOverrides).filter(([, v]) => v !== undefined)),
    lifecycle,
    authenticate: createAuthenticator(config, db),
  });

  let sweeper: ReturnType<typeof startSweeper> | undefined;
  app.addHook('onReady', async () => {
    sweeper = startSweeper(db, config.sweepIntervalMs, (err) =>
      app.log.warn({ err }, 'sweeping expired rows failed'),
    );
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
  });
  return app;
}
