// Cross-request security state in the database (so any number of API instances share it), and
// an index for every lookup the routes make.
import { sql, type Kysely, type Migration } from 'kysely';

type AnyDb = Kysely<unknown>;

export const migration0002: Migration = {
  async up(db: AnyDb) {
    // An Auth-Challenge is accepted once per address: the row is the proof it was used. The
    // primary key makes a second use fail on every instance; rows past expires_at are swept.
    await sql`create table used_challenges (
      public_address text not null,
      challenge text not null,
      expires_at timestamptz not null,
      primary key (public_address, challenge)
    )`.execute(db);
    await sql`create index used_challenges_expires_at on used_challenges (expires_at)`.execute(db);

    // Fixed-window request counters of the rate-limited routes, keyed by route and client.
    await sql`create table rate_limits (
      key text primary key,
      count integer not null,
      expires_at timestamptz not null
    )`.execute(db);
    await sql`create index rate_limits_expires_at on rate_limits (expires_at)`.execute(db);

    // Lookups by social identity (GET /lookup/orrery) and a sign-in's pending messages.
    await sql`create index users_verifier on users (verifier, verifier_id)`.execute(db);
    await sql`create index auth_messages_address on auth_messages (public_address, id)`.execute(db);
    // Per-user lists are read in id order: (user_id, id) serves the filter and the order.
    for (const table of ['contacts', 'permissions', 'custom_networks']) {
      await sql.raw(`drop index ${table}_user`).execute(db);
      await sql.raw(`create index ${table}_user on ${table} (user_id, id)`).execute(db);
    }
    for (const table of ['custom_tokens', 'custom_nfts'])
      await sql.raw(`create index ${table}_user on ${table} (user_id, id)`).execute(db);
  },

  async down(db: AnyDb) {
    for (const table of ['custom_tokens', 'custom_nfts'])
      await sql.raw(`drop index if exists ${table}_user`).execute(db);
    for (const table of ['contacts', 'permissions', 'custom_networks']) {
      await sql.raw(`drop index if exists ${table}_user`).execute(db);
      await sql.raw(`create index ${table}_user on ${table} (user_id)`).execute(db);
    }
    await sql`drop index if exists auth_messages_address`.execute(db);
    await sql`drop index if exists users_verifier`.execute(db);
    await sql`drop table if exists rate_limits`.execute(db);
    await sql`drop table if exists used_challenges`.execute(db);
  },
};
