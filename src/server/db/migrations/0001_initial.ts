// First schema: users, sign-in messages, and the per-user records of spec part 1 §3.
import { sql, type Kysely, type Migration } from 'kysely';

// Migrations must not depend on the current Database type: it changes as later migrations land.
type AnyDb = Kysely<unknown>;

const id = 'integer generated always as identity primary key';
const userRef = 'integer not null references users(id) on delete cascade';

async function createTable(db: AnyDb, name: string, columns: string[]): Promise<void> {
  await sql.raw(`create table ${name} (\n  ${columns.join(',\n  ')}\n)`).execute(db);
}

export const migration0001: Migration = {
  async up(db: AnyDb) {
    await createTable(db, 'users', [
      `id ${id}`,
      'public_address text not null unique',
      "default_currency text not null default 'USD'",
      "theme text not null default 'light'",
      'enable_crash_reporter boolean not null default false',
      "locale text not null default 'en'",
      "account_type text not null default 'normal'",
      'default_public_address text',
      'verifier text',
      'verifier_id text',
      'created_at timestamptz not null default now()',
      'updated_at timestamptz not null default now()',
    ]);
    await createTable(db, 'auth_messages', [
      `id ${id}`,
      'public_address text not null',
      'nonce text not null unique',
      'message text not null',
      'expires_at timestamptz not null',
      'used_at timestamptz',
      'created_at timestamptz not null default now()',
    ]);
    await sql`create index auth_messages_expires_at on auth_messages (expires_at)`.execute(db);
    await createTable(db, 'login_records', [
      `id ${id}`,
      `user_id ${userRef}`,
      'hostname text not null',
      'verifier text not null',
      'verifier_id text not null',
      "metadata jsonb not null default '{}'",
      'created_at timestamptz not null default now()',
    ]);
    await createTable(db, 'permissions', [
      `id ${id}`,
      `user_id ${userRef}`,
      'name text not null',
      'action text not null',
      'origin text',
      'expires_at timestamptz',
      'created_at timestamptz not null default now()',
    ]);
    await createTable(db, 'contacts', [
      `id ${id}`,
      `user_id ${userRef}`,
      'name text not null',
      'contact_verifier text not null',
      'contact_verifier_id text not null',
      'created_at timestamptz not null default now()',
    ]);
    await createTable(db, 'custom_tokens', [
      `id ${id}`,
      `user_id ${userRef}`,
      'token_address text not null',
      'network text not null',
      'token_symbol text not null',
      'token_name text not null',
      'decimals integer not null',
      'created_at timestamptz not null default now()',
      'unique (user_id, network, token_address)',
    ]);
    await createTable(db, 'custom_nfts', [
      `id ${id}`,
      `user_id ${userRef}`,
      'nft_address text not null',
      'network text not null',
      'nft_name text not null',
      'nft_id text not null',
      'nft_contract_standard text not null',
      'nft_image_link text',
      'description text',
      'created_at timestamptz not null default now()',
      'unique (user_id, network, nft_address, nft_id)',
    ]);
    await createTable(db, 'custom_networks', [
      `id ${id}`,
      `user_id ${userRef}`,
      'network_type text not null',
      'network_name text not null',
      'rpc_url text not null',
      'chain_id text not null',
      'symbol text not null',
      'block_explorer_url text',
      'created_at timestamptz not null default now()',
      'updated_at timestamptz not null default now()',
    ]);
    await createTable(db, 'transactions', [
      `id ${id}`,
      `user_id ${userRef}`,
      'transaction_hash text not null',
      'network text not null',
      'from_address text not null',
      'to_address text not null',
      'total_amount text not null',
      'currency_amount text',
      'selected_currency text',
      'gas text',
      'gas_price text',
      'symbol text',
      'nonce text',
      'type text',
      'type_name text',
      'type_image_link text',
      'status text not null',
      'transaction_category text',
      'is_cancel boolean not null default false',
      'created_at timestamptz not null default now()',
      'updated_at timestamptz not null default now()',
    ]);
    await sql`create index transactions_user_created on transactions (user_id, created_at desc)`.execute(
      db,
    );
    await createTable(db, 'email_outbox', [
      `id ${id}`,
      `user_id ${userRef}`,
      'email_object jsonb not null',
      "status text not null default 'queued'",
      'created_at timestamptz not null default now()',
    ]);
    await createTable(db, 'dapps', [
      `id ${id}`,
      'name text not null',
      'url text not null',
      'description text',
      'logo text',
      'category text',
      'network text',
      'position integer not null default 0',
    ]);
    await createTable(db, 'billboard', [
      `id ${id}`,
      'call_to_action_link text not null',
      'locale text not null',
      'title text not null',
      'description text',
      'image_url text',
      'call_to_action_text text',
      'active boolean not null default true',
    ]);
    await createTable(db, 'announcements', [
      `id ${id}`,
      'locale text not null',
      'announcement text not null',
      'active boolean not null default true',
      'created_at timestamptz not null default now()',
    ]);
    // Per-user lookups: every per-user table is read by user_id.
    for (const table of [
      'login_records',
      'permissions',
      'contacts',
      'custom_networks',
      'email_outbox',
    ]) {
      await sql.raw(`create index ${table}_user on ${table} (user_id)`).execute(db);
    }
  },

  async down(db: AnyDb) {
    const tables = [
      'announcements',
      'billboard',
      'dapps',
      'email_outbox',
      'transactions',
      'custom_networks',
      'custom_nfts',
      'custom_tokens',
      'contacts',
      'permissions',
      'login_records',
      'auth_messages',
      'users',
    ];
    for (const table of tables) await sql.raw(`drop table if exists ${table}`).execute(db);
  },
};
