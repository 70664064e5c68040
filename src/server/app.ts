// Builds the API's Fastify instance (without listening): the shared HTTP behaviour
// (http-app.ts), the adapters, the routes, the sweeper and the outbox worker.
import { adaptersFromConfig, type Adapters } from './adapters';
import { createAuthenticator } from './auth/authenticate';
import type { ServerConfig } from './config';
import type { App, AppContext } from './context';
import type { Db } from './db';
import { startSweeper } from './db/sweeper';
import { createHttpApp } from './http-app';
import { Lifecycle } from './lifecycle';
import { smtpMailer } from './mail/mailer';
import { startOutboxWorker } from './mail/outbox';
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
  // Queued e-mails go out over the login mail's SMTP relay; without one they stay queued.
  const { smtpUrl, from } = config.login.email;
  const outboxMailer = smtpUrl ? smtpMailer({ url: smtpUrl, from }) : undefined;
  let outbox: ReturnType<typeof startOutboxWorker> | undefined;
  app.addHook('onReady', async () => {
    sweeper = startSweeper(db, config.sweepIntervalMs, (err) =>
      app.log.warn({ err }, 'sweeping expired rows failed'),
    );
    if (outboxMailer)
      outbox = startOutboxWorker(db, outboxMailer, config.outboxIntervalMs, (err) =>
        app.log.warn({ err }, 'sending queued e-mails failed'),
      );
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
    // The round in progress finishes (its rows are marked) before the database closes.
    await outbox?.stop();
    outboxMailer?.close();
  });
  return app;
}
