// Builds the Fastify instance (without listening): validation, CORS, limits, errors, routes.
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import pg from 'pg';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { adaptersFromConfig, type Adapters } from './adapters';
import { createAuthenticator } from './auth/authenticate';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import type { Db } from './db';
import { formatValidationError, HttpError } from './errors';
import { registerRoutes } from './routes';

export interface BuildServerOptions extends Partial<Adapters> {
  db: Db;
  config: ServerConfig;
  backend?: AppContext['backend'];
}

/** The Fastify app; adapters given in the options replace those chosen from the config. */
export async function buildServer({
  db,
  config,
  backend = 'postgres',
  ...adapterOverrides
}: BuildServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    // Reject unknown body fields instead of silently dropping them; keep query coercion.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: true, allErrors: false } },
    schemaErrorFormatter: formatValidationError,
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
    authenticate: createAuthenticator(config),
  });
  return app;
}
