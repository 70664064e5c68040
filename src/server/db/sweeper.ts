// Deletes expired rows of the short-lived security tables in bulk, on a timer: used
// Auth-Challenges, rate-limit windows, sign-in messages and login attempts (a key node sweeps
// its own tables). Every instance may run it; the deletes are idempotent, so instances need not
// agree on who sweeps.
import { sql, type QueryExecutorProvider } from 'kysely';

/** The API's tables whose rows carry an `expires_at` after which they mean nothing. */
export const API_EXPIRING_TABLES = [
  'used_challenges',
  'rate_limits',
  'auth_messages',
  'login_attempts',
  'email_logins',
] as const;

/** One sweep; returns how many rows each table lost. */
export async function sweepExpired(
  db: QueryExecutorProvider,
  now = new Date(),
  tables: readonly string[] = API_EXPIRING_TABLES,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await sql`delete from ${sql.table(table)} where expires_at < ${now}`.execute(db);
    counts[table] = Number(result.numAffectedRows ?? 0);
  }
  return counts;
}

/** Sweeps every `intervalMs` until stopped; a failed sweep is logged and tried again later. */
export function startSweeper(
  db: QueryExecutorProvider,
  intervalMs: number,
  onError: (error: unknown) => void,
  tables: readonly string[] = API_EXPIRING_TABLES,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= sweepExpired(db, new Date(), tables)
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  // The sweep never keeps a process alive on its own.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
