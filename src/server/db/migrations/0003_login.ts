// Login state: social logins between their start and finish, and email passwordless logins
// (the code and the magic link are kept as hashes only). Rows past expires_at are swept.
import { sql, type Kysely, type Migration } from 'kysely';

type AnyDb = Kysely<unknown>;

export const migration0003: Migration = {
  async up(db: AnyDb) {
    // A started social login, keyed by its OAuth state. It is finished once (used_at).
    await sql`create table login_attempts (
      state text primary key,
      verifier text not null,
      nonce text not null,
      code_challenge text not null,
      redirect_uri text not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
    await sql`create index login_attempts_expires_at on login_attempts (expires_at)`.execute(db);

    // An email login: the code's HMAC and lifetime, the link token's SHA-256 and the row's
    // lifetime (the link's), wrong-code attempts, when the link was opened, when it finished.
    await sql`create table email_logins (
      id text primary key,
      email text not null,
      code_hash text not null,
      code_expires_at timestamptz not null,
      link_hash text not null unique,
      code_challenge text not null,
      attempts integer not null default 0,
      verified_at timestamptz,
      used_at timestamptz,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
    await sql`create index email_logins_email on email_logins (email, created_at)`.execute(db);
    await sql`create index email_logins_expires_at on email_logins (expires_at)`.execute(db);
  },

  async down(db: AnyDb) {
    await sql`drop table if exists email_logins`.execute(db);
    await sql`drop table if exists login_attempts`.execute(db);
  },
};
