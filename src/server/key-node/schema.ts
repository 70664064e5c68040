// A key node's own tables (kysely types) and its migrations. Nothing here is shared with the API
// or another node: each node has a database of its own.
import { sql, type ColumnType, type Kysely, type MigrationProvider } from 'kysely';
import type { RateLimitsTable } from '../db/schema';

/** One share per identity, stored once. */
export interface SharesTable {
  verifier: string;
  verifier_id: string;
  /** 0x-hex share, as deposited. */
  share: string;
  /** Lowercased address of the key the shares rebuild. */
  public_address: string;
  created_at: ColumnType<Date, never, never>;
}

/** An identity token's use for one operation (fetch, deposit): the row is the proof. */
export interface UsedIdentityTokensTable {
  jti: string;
  operation: string;
  expires_at: Date;
}

/** tKey metadata of one key, signed by it; replaced only by a higher version. */
export interface MetadataTable {
  address: string;
  version: number;
  data: string;
  signature: string;
  updated_at: Date;
}

export interface KeyNodeDatabase {
  shares: SharesTable;
  used_identity_tokens: UsedIdentityTokensTable;
  metadata: MetadataTable;
  rate_limits: RateLimitsTable;
}

export type KeyNodeDb = Kysely<KeyNodeDatabase>;

/** The node's expiring tables, for the sweeper. */
export const KEY_NODE_EXPIRING_TABLES = ['used_identity_tokens', 'rate_limits'] as const;

export const keyNodeMigrations: MigrationProvider = {
  getMigrations: async () => ({
    '0001_key_node': {
      async up(db: Kysely<unknown>) {
        await sql`create table shares (
          verifier text not null,
          verifier_id text not null,
          share text not null,
          public_address text not null,
          created_at timestamptz not null default now(),
          primary key (verifier, verifier_id)
        )`.execute(db);
        await sql`create index shares_public_address on shares (public_address)`.execute(db);
        await sql`create table used_identity_tokens (
          jti text not null,
          operation text not null,
          expires_at timestamptz not null,
          primary key (jti, operation)
        )`.execute(db);
        await sql`create index used_identity_tokens_expires_at on used_identity_tokens (expires_at)`.execute(
          db,
        );
        await sql`create table metadata (
          address text primary key,
          version integer not null,
          data text not null,
          signature text not null,
          updated_at timestamptz not null
        )`.execute(db);
        await sql`create table rate_limits (
          key text primary key,
          count integer not null,
          expires_at timestamptz not null
        )`.execute(db);
        await sql`create index rate_limits_expires_at on rate_limits (expires_at)`.execute(db);
      },
      async down(db: Kysely<unknown>) {
        for (const table of ['rate_limits', 'metadata', 'used_identity_tokens', 'shares'])
          await sql`drop table if exists ${sql.table(table)}`.execute(db);
      },
    },
  }),
};
