// Deletes expired rows of the short-lived security tables in bulk, on a timer: used
// Auth-Challenges, rate-limit windows and sign-in messages. Every instance may run it; the
// deletes are idempotent, so instances need not agree on who sweeps.
import type { Db } from '.';

/** One sweep; returns how many rows each table lost. */
export async function sweepExpired(db: Db, now = new Date()): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['used_challenges', 'rate_limits', 'auth_messages'] as const) {
    const result = await db.deleteFrom(table).where('expires_at', '<', now).executeTakeFirst();
    counts[table] = Number(result.numDeletedRows);
  }
  return counts;
}

/** Sweeps every `intervalMs` until stopped; a failed sweep is logged and tried again later. */
export function startSweeper(
  db: Db,
  intervalMs: number,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= sweepExpired(db)
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
