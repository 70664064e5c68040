// A @fastify/rate-limit store whose counters live in the database, so that every API instance
// on one PostgreSQL counts against the same limit (N instances must not allow N times the
// limit). Fixed windows: the first request of a key opens a window of `timeWindow` ms; each
// request adds one in a single atomic upsert, so concurrent instances never lose a count.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type QueryExecutorProvider } from 'kysely';

/** Any database with the counters' `rate_limits` table (the API's, a key node's). */
export type RateLimitDb = QueryExecutorProvider;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

class PostgresRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: RateLimitDb,
    /** Keeps the routes apart: each rate-limited route has its own counters. */
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.increment(`${this.prefix}${key}`, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // At run time the plugin passes its merged options with the route as `routeInfo` (its
    // typings name the route itself; @fastify/rate-limit's RedisStore reads routeInfo too).
    const route =
      (routeOptions as unknown as { routeInfo?: typeof routeOptions }).routeInfo ?? routeOptions;
    const method = [route.method].flat().join(',');
    return new PostgresRateLimitStore(this.db, `${method} ${route.url}|`);
  }

  private async increment(key: string, windowMs: number) {
    // A lapsed window starts again at 1; the database clock decides, the same for every instance.
    const { rows } = await sql<{ count: number; ttl_ms: number }>`
      insert into rate_limits as r (key, count, expires_at)
      values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        count = case when r.expires_at <= now() then 1 else r.count + 1 end,
        expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
      returning count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl_ms
    `.execute(this.db);
    const row = rows[0];
    if (!row) throw new Error('rate limit upsert returned no row');
    return { current: row.count, ttl: row.ttl_ms };
  }
}

/** The store class the plugin instantiates (it passes only its options, so `db` is closed over). */
export function postgresRateLimitStore(db: RateLimitDb): FastifyRateLimitStoreCtor {
  return class extends PostgresRateLimitStore {
    constructor() {
      super(db, '');
    }
  };
}
