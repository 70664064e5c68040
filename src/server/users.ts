// The server user record of spec part 1 §3, read as one object, and the caller's user id.
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { callerAddress } from './auth/authenticate';
import type { AppContext } from './context';
import type { Db } from './db';
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

export async function readUserRecord(db: Db, userId: number, withTransactions: boolean) {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const [contacts, permissions, customTokens, customNfts, customNetworks, transactions] =
    await Promise.all([
      db
        .selectFrom('contacts')
        .select(RECORD_COLUMNS.contacts)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('permissions')
        .select(RECORD_COLUMNS.permissions)
        .where('user_id', '=', userId)
        // A lapsed grant is no grant: leave it out.
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
        .orderBy('id')
        .execute(),
      db
        .selectFrom('custom_tokens')
        .select(RECORD_COLUMNS.custom_tokens)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('custom_nfts')
        .select(RECORD_COLUMNS.custom_nfts)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('custom_networks')
        .select(RECORD_COLUMNS.custom_networks)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      withTransactions
        ? db
            .selectFrom('transactions')
            .selectAll()
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .execute()
        : Promise.resolve(null),
    ]);
  return {
    public_address: user.public_address,
    default_currency: user.default_currency,
    theme: user.theme,
    enable_crash_reporter: user.enable_crash_reporter,
    locale: user.locale,
    account_type: user.account_type,
    default_public_address: user.default_public_address,
    verifier: user.verifier,
    verifier_id: user.verifier_id,
    contacts,
    permissions: permissions.map((p) => ({
      ...p,
      expires_at: p.expires_at?.toISOString() ?? null,
    })),
    customTokens,
    customNfts,
    customNetworks,
    ...(transactions ? { transactions: transactions.map(toTransactionRecord) } : {}),
  };
}
