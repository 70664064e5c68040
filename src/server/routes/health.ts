// GET /health: ready when the instance is not draining and the database answers a query
// within a short time; 503 otherwise, so a balancer stops sending requests here.
import { sql, type QueryExecutorProvider } from 'kysely';
import type { App, AppContext } from '../context';

const DB_CHECK_TIMEOUT_MS = 3000;

/** Why the database does not answer `select 1` in time, or null when it does. */
export async function checkDatabase(db: QueryExecutorProvider): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(
      () => resolve(`no answer within ${DB_CHECK_TIMEOUT_MS} ms`),
      DB_CHECK_TIMEOUT_MS,
    );
  });
  const query = sql`select 1 as ok`
    .execute(db)
    .then(() => null)
    .catch((err: unknown) => (err instanceof Error ? err.message : String(err)) || 'query failed');
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: App, ctx: AppContext): void {
  const startedAt = Date.now();
  app.get('/health', async (_request, reply) => {
    if (ctx.lifecycle.draining) {
      return reply
        .code(503)
        .header('connection', 'close')
        .send({ status: 'draining', backend: ctx.backend, error: 'Shutting down' });
    }
    const dbError = await checkDatabase(ctx.db);
    const body = {
      status: dbError ? 'error' : 'ok',
      database: dbError ? 'error' : 'ok',
      backend: ctx.backend,
      uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
      ...(dbError ? { error: `Database check failed: ${dbError}` } : {}),
    };
    return reply.code(dbError ? 503 : 200).send(body);
  });
}
