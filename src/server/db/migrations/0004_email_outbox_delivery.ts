// Delivery state of the queued e-mails (email_outbox, filled by POST /transaction/sendemail):
// how many times a send was tried, when the next try may start, the last failure, when it was
// sent. Status moves queued → sending → sent, or back to queued (a retry) or on to failed.
import { sql, type Kysely, type Migration } from 'kysely';

type AnyDb = Kysely<unknown>;

export const migration0004: Migration = {
  async up(db: AnyDb) {
    await sql`alter table email_outbox
      add column attempts integer not null default 0,
      add column next_attempt_at timestamptz not null default now(),
      add column last_error text,
      add column sent_at timestamptz`.execute(db);
    // The worker's claim reads due queued rows oldest first.
    await sql`create index email_outbox_due on email_outbox (status, next_attempt_at)`.execute(db);
  },

  async down(db: AnyDb) {
    await sql`drop index if exists email_outbox_due`.execute(db);
    await sql`alter table email_outbox
      drop column if exists attempts,
      drop column if exists next_attempt_at,
      drop column if exists last_error,
      drop column if exists sent_at`.execute(db);
  },
};
