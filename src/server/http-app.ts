// The HTTP behaviour every Orrery server shares (the API and the key nodes): unknown body fields
// refused with messages that name the field, UTF-8 JSON only, foreign origins refused, CORS,
// rate limits counted in the database on the routes that opt in, draining, and `{ error }`
// answers.
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError } from 'fastify';
import pg from 'pg';
import { postgresRateLimitStore, type RateLimitDb } from './auth/rate-limit-store';
import type { ServerConfig } from './config';
import type { App } from './context';
import { formatValidationError, HttpError } from './errors';
import { DRAINING_HEADER, type Lifecycle } from './lifecycle';

export type HttpAppOptions = Pick<
  ServerConfig,
  'logLevel' | 'bodyLimitBytes' | 'trustProxy' | 'corsOrigins'
> & {
  /** Holds the rate-limit counters (a `rate_limits` table). */
  db: RateLimitDb;
  lifecycle: Lifecycle;
  /** HTTP methods browsers may use across origins. */
  corsMethods?: string[];
};

/**
 * Every charset a Content-Type header declares, lowercased (a header may repeat the parameter:
 * each one counts).
 */
function charsetsOf(contentType: string): string[] {
  return [...contentType.matchAll(/;\s*charset\s*=\s*"?([^";\s]*)"?/giu)].map(
    (match) => match[1]?.toLowerCase() ?? '',
  );
}

/** A Fastify app with the shared hooks and handlers, and no routes yet. */
export async function createHttpApp(options: HttpAppOptions): Promise<App> {
  const { lifecycle } = options;
  const app = Fastify({
    logger: { level: options.logLevel },
    bodyLimit: options.bodyLimitBytes,
    trustProxy: options.trustProxy,
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
  const allowed = new Set(options.corsOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) {
      return reply.code(403).send({ error: `Origin ${origin} is not allowed` });
    }
  });
  await app.register(cors, {
    origin: options.corsOrigins,
    methods: options.corsMethods ?? ['GET', 'POST', 'PATCH', 'DELETE'],
    maxAge: 600,
  });

  // Limits apply only to routes that opt in through their `config.rateLimit`.
  await app.register(rateLimit, {
    global: false,
    // Counters in the database: every instance on it counts against the same limit.
    store: postgresRateLimitStore(options.db),
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
  return app;
}
