// Builds the Fastify instance (without listening): validation, CORS, limits, errors, routes.
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import pg from 'pg';
import Fastify, { type FastifyError } from 'fastify';
import { adaptersFromConfig, type Adapters } from './adapters';
import { createAuthenticator } from './auth/authenticate';
import { postgresRateLimitStore } from './auth/rate-limit-store';
import type { ServerConfig } from './config';
import type { App, AppContext } from './context';
import type { Db } from './db';
import { startSweeper } from './db/sweeper';
import { formatValidationError, HttpError } from './errors';
import { DRAINING_HEADER, Lifecycle } from './lifecycle';
import { registerRoutes } from './routes';

export interface BuildServerOptions extends Partial<Adapters> {
  db: Db;
  config: ServerConfig;
  backend?: AppContext['backend'];
  /** Shared with whoever drains the instance (main.ts); a fresh one by default. */
  lifecycle?: Lifecycle;
}

/**
 * Every charset a Content-Type header declares, lowercased (a header may repeat the parameter:
 * each one counts).
 */
function charsetsOf(contentType: string): string[] {
  return [...contentType.matchAll(/;\s*charset\s*=\s*"?([^";\s]*)"?/giu)].map(
    (match) => match[1]?.toLowerCase() ?? '',
  );
}

/** The Fastify app; adapters given in the options replace those chosen from the config. */
export async function buildServer({
  db,
  config,
  backend = 'postgres',
  lifecycle = new Lifecycle(),
  ...adapterOverrides
}: BuildServerOptions): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Draining is answered by the hook below, in the API's own error shape.
    return503OnClosing: false,
    // Reject unknown body fields instead of silently dropping them; keep query coercion.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: true, allErrors: false } },
    schemaErrorFormatter: formatValidationError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // While draining, in-flight requests finish; new ones are refused before any work, marked so
  // that a balancer may safely send them to another instance.
  app.addHook('onRequest', async (request, reply) => {
    if (!lifecycle.draining || request.url === '/health') return;
    return reply
      .code(503)
      .header(DRAINING_HEADER, '1')
      .header('connection', 'close')
      .send({ error: 'This API instance is shutting down: retry' });
  });

  // JSON bodies are UTF-8 (RFC 8259); a body declared in another charset would be misread.
  // Checked inside the JSON parser, so it covers exactly the requests Fastify reads as JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const refused = charsetsOf(request.headers['content-type'] ?? '').find(
      (charset) => charset !== 'utf-8' && charset !== 'utf8',
    );
    if (refused !== undefined) {
      done(new HttpError(415, `Unsupported charset ${refused}: JSON bodies must be UTF-8`));
      return;
    }
    parseJson(request, body as string, done); // a string: parseAs above
  });

  // Refuse requests a browser sends from a foreign origin outright, not only by withholding
  // the CORS headers: a simple cross-origin POST would otherwise still run.
  const allowed = new Set(config.corsOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) {
      return reply.code(403).send({ error: `Origin ${origin} is not allowed` });
    }
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    maxAge: 600,
  });

  // Limits apply only to routes that opt in through their `config.rateLimit` (the auth routes).
  await app.register(rateLimit, {
    global: false,
    // Counters in the database: every instance on it counts against the same limit.
    store: postgresRateLimitStore(db),
    // The plugin throws what this returns; the error handler below turns it into `{ error }`.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests: retry in ${Math.ceil(context.ttl / 1000)} s`),
  });

  app.setErrorHandler((error: FastifyError | HttpError | pg.DatabaseError, request, reply) => {
    if (error instanceof pg.DatabaseError) {
      // Data the database refuses (e.g. a NUL character) is the client's error, not ours.
      if (error.code?.startsWith('22'))
        return reply.code(400).send({ error: `Invalid value: ${error.message}` });
      if (error.code === '23505') return reply.code(409).send({ error: 'Already exists' });
      request.log.error({ err: error }, 'database error');
      return reply.code(500).send({ error: 'Internal server error' });
    }
    // Our own errors carry messages meant for the client, 5xx included (e.g. upstream failures).
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send({ error: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: 'Internal server error' });
    }
    return reply.code(status).send({ error: error.message });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found` }),
  );

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
