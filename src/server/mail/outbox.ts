// Delivers the e-mails queued in email_outbox (POST /transaction/sendemail) over SMTP. Every
// instance may run a worker: rows are claimed in a short transaction (FOR UPDATE SKIP LOCKED,
// so two workers never take the same row) and marked 'sending' before any mail leaves, then
// 'sent', or 'queued' again with a growing wait, or 'failed' after the last try. A row found
// still 'sending' after its claim lapsed (a worker died mid-send) may or may not have gone out:
// it is marked failed and never tried again, so no row is ever sent twice.
import { sql } from 'kysely';
import type { Db } from '../db';
import type { Mailer } from './mailer';
import { transferMail, transferMailFields } from './transfer-mail';

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface OutboxOptions {
  /** Sends tried per row before it is failed for good; default 5. */
  maxAttempts?: number;
  /** The wait after the first failure, doubled after each next one; default 30 s. */
  backoffMs?: number;
  /** The longest wait between tries; default 1 hour. */
  maxBackoffMs?: number;
  /** Rows claimed per round; default 10. */
  batchSize?: number;
  /** How long a claim holds before the row counts as interrupted; default 5 minutes. */
  claimMs?: number;
}

const DEFAULTS: Required<OutboxOptions> = {
  maxAttempts: 5,
  backoffMs: 30_000,
  maxBackoffMs: 3_600_000,
  batchSize: 10,
  claimMs: 300_000,
};

/** The wait before try `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number, options: OutboxOptions = {}): number {
  const { backoffMs: first, maxBackoffMs } = { ...DEFAULTS, ...options };
  return Math.min(maxBackoffMs, first * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryRound {
  sent: number;
  retried: number;
  failed: number;
  interrupted: number;
}

const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** One round: fail lapsed claims, claim due rows, send each, record the outcome. */
export async function deliverOutbox(
  db: Db,
  mailer: Mailer,
  options: OutboxOptions = {},
): Promise<DeliveryRound> {
  const settings = { ...DEFAULTS, ...options };
  const round: DeliveryRound = { sent: 0, retried: 0, failed: 0, interrupted: 0 };

  const interrupted = await db
    .updateTable('email_outbox')
    .set({
      status: 'failed',
      last_error: 'interrupted while sending: not sent again, it may have been delivered',
    })
    .where('status', '=', 'sending')
    .where('next_attempt_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  round.interrupted = Number(interrupted.numUpdatedRows);

  // The claim: locked rows (another worker's claim in progress) are skipped, not waited for.
  const claimed = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('email_outbox')
      .select(['id'])
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(settings.batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('email_outbox')
      .set({
        status: 'sending',
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: sql<Date>`now() + ${`${settings.claimMs} milliseconds`}::interval`,
      })
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .returning(['id', 'email_object', 'attempts'])
      .execute();
  });

  for (const row of claimed) {
    const fields = transferMailFields(row.email_object);
    if ('refused' in fields) {
      await finish(db, row.id, { status: 'failed', last_error: `refused: ${fields.refused}` });
      round.failed += 1;
      continue;
    }
    try {
      await mailer.send(transferMail(fields));
    } catch (error) {
      const last = row.attempts >= settings.maxAttempts;
      await finish(db, row.id, {
        status: last ? 'failed' : 'queued',
        last_error: errorText(error),
        next_attempt_at: last
          ? undefined
          : sql<Date>`now() + ${`${backoffMs(row.attempts, settings)} milliseconds`}::interval`,
      });
      if (last) round.failed += 1;
      else round.retried += 1;
      continue;
    }
    await finish(db, row.id, { status: 'sent', last_error: null, sent_at: sql<Date>`now()` });
    round.sent += 1;
  }
  return round;
}

async function finish(
  db: Db,
  id: number,
  change: {
    status: OutboxStatus;
    last_error: string | null;
    next_attempt_at?: ReturnType<typeof sql<Date>>;
    sent_at?: ReturnType<typeof sql<Date>>;
  },
): Promise<void> {
  const { next_attempt_at, sent_at, ...rest } = change;
  await db
    .updateTable('email_outbox')
    .set({
      ...rest,
      ...(next_attempt_at ? { next_attempt_at } : {}),
      ...(sent_at ? { sent_at } : {}),
    })
    .where('id', '=', id)
    // Only our own claim: a row failed as interrupted meanwhile stays failed.
    .where('status', '=', 'sending')
    .execute();
}

/**
 * Runs a round every `intervalMs` until stopped (one at a time; a failed round is reported and
 * the next one tries again). stop() waits for the round in progress, so no claim is left open.
 */
export function startOutboxWorker(
  db: Db,
  mailer: Mailer,
  intervalMs: number,
  onError: (error: unknown) => void,
  options: OutboxOptions = {},
): { stop(): Promise<void>; runNow(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= deliverOutbox(db, mailer, options)
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void run(), intervalMs);
  // The worker never keeps a process alive on its own.
  timer.unref();
  return {
    runNow: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
