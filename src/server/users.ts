// The server user record of spec part 1 §3, read as one object, and the caller's user id.
import type { FastifyRequest } from 'fastify';
import { CompiledQuery, type Selectable } from 'kysely';
import { callerAddress } from './auth/authenticate';
import type { AppContext } from './context';
import type { Db } from './db';
import { namedStatement } from './db/prepared';
import type { TransactionsTable } from './db/schema';
import { notFound } from './errors';

/**
 * The columns of each record list the client sees: in GET /user and in the answers of the
 * routes that add or change a record, so both always show the same fields.
 */
export const RECORD_COLUMNS = {
  contacts: ['id', 'name', 'contact_verifier', 'contact_verifier_id'],
  permissions: ['id', 'name', 'action', 'origin', 'expires_at'],
  custom_tokens: ['id', 'token_address', 'network', 'token_symbol', 'token_name', 'decimals'],
  custom_nfts: [
    'id',
    'nft_address',
    'network',
    'nft_name',
    'nft_id',
    'nft_contract_standard',
    'nft_image_link',
    'description',
  ],
  custom_networks: [
    'id',
    'network_type',
    'network_name',
    'rpc_url',
    'chain_id',
    'symbol',
    'block_explorer_url',
  ],
} as const;

export async function findUserId(db: Db, address: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('public_address', '=', address)
    .executeTakeFirst();
  return row?.id;
}

/** The authenticated caller's user id; 404 until POST /user has created the record. */
export async function callerUserId(ctx: AppContext, request: FastifyRequest): Promise<number> {
  const id = await findUserId(ctx.db, callerAddress(request));
  if (id === undefined) throw notFound('User not found: create it with POST /user');
  return id;
}

export function toTransactionRecord(row: Selectable<TransactionsTable>) {
  // The spec's history item names: from, to, gasPrice. user_id stays on the server.
  const {
    from_address,
    to_address,
    gas_price,
    created_at,
    updated_at: _updated,
    user_id: _user,
    ...rest
  } = row;
  return {
    ...rest,
    from: from_address,
    to: to_address,
    gasPrice: gas_price,
    created_at: created_at.toISOString(),
  };
}

/** A timestamptz as JavaScript's toISOString() writes it (UTC, milliseconds, Z). */
const isoTime = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `json_agg` of one per-user list, in id order, as an SQL expression ([] when empty). */
function listJson(table: string, fields: Record<string, string>, where = ''): string {
  const pairs = Object.entries(fields)
    .map(([key, expression]) => `'${key}', ${expression}`)
    .join(', ');
  return `coalesce((select json_agg(json_build_object(${pairs}) order by r.id)
    from ${table} r where r.user_id = u.id${where}), '[]'::json)`;
}

const columns = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, `r.${name}`]));

const TRANSACTION_FIELDS = {
  ...columns(['id', 'transaction_hash', 'network']),
  from: 'r.from_address',
  to: 'r.to_address',
  ...columns(['total_amount', 'currency_amount', 'selected_currency', 'gas']),
  gasPrice: 'r.gas_price',
  ...columns(['symbol', 'nonce', 'type', 'type_name', 'type_image_link', 'status']),
  ...columns(['transaction_category', 'is_cancel']),
  created_at: isoTime('r.created_at'),
};

const USER_FIELDS = `'public_address', u.public_address,
  'default_currency', u.default_currency,
  'theme', u.theme,
  'enable_crash_reporter', u.enable_crash_reporter,
  'locale', u.locale,
  'account_type', u.account_type,
  'default_public_address', u.default_public_address,
  'verifier', u.verifier,
  'verifier_id', u.verifier_id,
  'contacts', ${listJson('contacts', columns(RECORD_COLUMNS.contacts))},
  'permissions', ${listJson(
    'permissions',
    {
      ...columns(RECORD_COLUMNS.permissions.filter((c) => c !== 'expires_at')),
      expires_at: isoTime('r.expires_at'),
    },
    // A lapsed grant is no grant: leave it out.
    ' and (r.expires_at is null or r.expires_at > now())',
  )},
  'customTokens', ${listJson('custom_tokens', columns(RECORD_COLUMNS.custom_tokens))},
  'customNfts', ${listJson('custom_nfts', columns(RECORD_COLUMNS.custom_nfts))},
  'customNetworks', ${listJson('custom_networks', columns(RECORD_COLUMNS.custom_networks))}`;

// Transactions newest first; ids break ties of one instant.
const TRANSACTIONS_JSON = `coalesce((select json_agg(json_build_object(${Object.entries(
  TRANSACTION_FIELDS,
)
  .map(([key, expression]) => `'${key}', ${expression}`)
  .join(', ')}) order by r.created_at desc, r.id desc)
  from transactions r where r.user_id = u.id), '[]'::json)`;

/** The statement text of each record read, written once: GET /user runs it as it is. */
const recordStatement = (name: string, fields: string) =>
  namedStatement(
    name,
    `select json_build_object(${fields})::text as record from users u where u.public_address = $1`,
  );
const RECORD_SQL = recordStatement('user_record', USER_FIELDS);
const RECORD_WITH_TRANSACTIONS_SQL = recordStatement(
  'user_record_with_transactions',
  `${USER_FIELDS}, 'transactions', ${TRANSACTIONS_JSON}`,
);

/**
 * The user record of `address` (the contract's UserRecord) as JSON text, assembled by one SQL
 * statement, one round trip, every list read through a (user_id, ...) index; undefined when
 * the address has no record. The text goes to the client as it is, never parsed here.
 * The statement is a named one (PostgreSQL plans it once per connection, db/prepared.ts) and
 * goes to kysely already compiled: the hottest read builds no query tree per request.
 */
export async function readUserRecordJson(
  db: Db,
  address: string,
  withTransactions: boolean,
): Promise<string | undefined> {
  const { rows } = await db.executeQuery<{ record: string }>(
    CompiledQuery.raw(withTransactions ? RECORD_WITH_TRANSACTIONS_SQL : RECORD_SQL, [address]),
  );
  return rows[0]?.record;
}
