// GET/POST/PATCH /transaction: the caller's past transactions; POST /transaction/sendemail
// queues a transfer e-mail in the outbox, which src/server/mail/outbox.ts delivers.
import { sql } from 'kysely';
import {
  SendEmailBody,
  TransactionInput,
  TransactionQuery,
  TransactionStatusPatch,
} from '../../shared/api';
import type { App, AppContext } from '../context';
import { HttpError, notFound } from '../errors';
import { callerUserId, toTransactionRecord } from '../users';

/**
 * How many transfer e-mails one user may queue in an hour. The route sends our fixed wording
 * to an address the wallet names, so without a cap any signed-in user could use it to mail
 * strangers in bulk; a person sends far fewer transfers to e-mail recipients than this.
 */
export const TRANSFER_EMAILS_PER_HOUR = 20;

export function registerTransactionRoutes(app: App, ctx: AppContext): void {
  const auth = { onRequest: ctx.authenticate };

  app.get(
    '/transaction',
    { ...auth, schema: { querystring: TransactionQuery } },
    async (request) => {
      const userId = await callerUserId(ctx, request);
      let query = ctx.db.selectFrom('transactions').selectAll().where('user_id', '=', userId);
      if (request.query.network) query = query.where('network', '=', request.query.network);
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(request.query.limit)
        .execute();
      return { transactions: rows.map(toTransactionRecord) };
    },
  );

  app.post(
    '/transaction',
    { ...auth, schema: { body: TransactionInput } },
    async (request, reply) => {
      const userId = await callerUserId(ctx, request);
      const b = request.body;
      const row = await ctx.db
        .insertInto('transactions')
        .values({
          user_id: userId,
          transaction_hash: b.transaction_hash.toLowerCase(),
          network: b.network,
          from_address: b.from.toLowerCase(),
          to_address: b.to.toLowerCase(),
          total_amount: b.total_amount,
          status: b.status,
          currency_amount: b.currency_amount ?? null,
          selected_currency: b.selected_currency ?? null,
          gas: b.gas ?? null,
          gas_price: b.gasPrice ?? null,
          symbol: b.symbol ?? null,
          nonce: b.nonce ?? null,
          type: b.type ?? null,
          type_name: b.type_name ?? null,
          type_image_link: b.type_image_link ?? null,
          transaction_category: b.transaction_category ?? null,
          is_cancel: b.is_cancel ?? false,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.code(201).send(toTransactionRecord(row));
    },
  );

  app.patch(
    '/transaction',
    { ...auth, schema: { body: TransactionStatusPatch } },
    async (request) => {
      const userId = await callerUserId(ctx, request);
      const row = await ctx.db
        .updateTable('transactions')
        .set({ status: request.body.status, updated_at: new Date() })
        .where('id', '=', request.body.id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound(`Transaction ${request.body.id} not found`);
      return toTransactionRecord(row);
    },
  );

  app.post(
    '/transaction/sendemail',
    { ...auth, schema: { body: SendEmailBody } },
    async (request, reply) => {
      const userId = await callerUserId(ctx, request);
      const recent = await ctx.db
        .selectFrom('email_outbox')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
        .executeTakeFirstOrThrow();
      if (Number(recent.count) >= TRANSFER_EMAILS_PER_HOUR)
        throw new HttpError(429, 'Too many transfer e-mails in the last hour; try again later');
      const row = await ctx.db
        .insertInto('email_outbox')
        .values({ user_id: userId, email_object: JSON.stringify(request.body.emailObject) })
        .returning(['id', 'status'])
        .executeTakeFirstOrThrow();
      return reply.code(202).send(row);
    },
  );
}
