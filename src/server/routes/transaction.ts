// GET/POST/PATCH /transaction: the caller's past transactions; POST /transaction/sendemail
// queues a transaction e-mail in the outbox (no mail sender is wired in yet).
import type { FastifyInstance } from 'fastify';
import type { TransactionInput } from '../api-types';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { callerUserId, toTransactionRecord } from '../users';
import { networkName } from './custom-token';
import { address, objectBody, shortText } from './schemas';

const amount = { type: 'string', maxLength: 100 } as const;
const txStatus = { type: 'string', pattern: '^[a-z_]{1,20}$' } as const;

const transactionBody = objectBody(
  {
    transaction_hash: { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' },
    network: networkName,
    from: address,
    to: address,
    total_amount: amount,
    status: txStatus,
    currency_amount: amount,
    selected_currency: { type: 'string', pattern: '^[A-Za-z]{2,10}$' },
    gas: amount,
    gasPrice: amount,
    symbol: { type: 'string', maxLength: 20 },
    nonce: { type: 'string', maxLength: 40 },
    type: { type: 'string', enum: ['eth', 'erc20', 'erc721', 'erc1155'] },
    type_name: { type: 'string', maxLength: 200 },
    type_image_link: { type: 'string', maxLength: 2000 },
    transaction_category: { type: 'string', maxLength: 40 },
    is_cancel: { type: 'boolean' },
  },
  ['transaction_hash', 'network', 'from', 'to', 'total_amount', 'status'],
);

export function registerTransactionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { onRequest: ctx.authenticate };

  app.get<{ Querystring: { network?: string; limit: number } }>(
    '/transaction',
    {
      ...auth,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            network: networkName,
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
          },
        },
      },
    },
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

  app.post<{ Body: TransactionInput }>(
    '/transaction',
    { ...auth, schema: { body: transactionBody } },
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

  app.patch<{ Body: { id: number; status: string } }>(
    '/transaction',
    {
      ...auth,
      schema: {
        body: objectBody({
          id: { type: 'integer', minimum: 1, maximum: 2147483647 },
          status: txStatus,
        }),
      },
    },
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

  app.post<{ Body: { emailObject: Record<string, unknown> } }>(
    '/transaction/sendemail',
    {
      ...auth,
      schema: {
        body: objectBody({
          emailObject: {
            type: 'object',
            required: ['to'],
            properties: { to: { type: 'string', format: 'email' }, subject: shortText },
          },
        }),
      },
    },
    async (request, reply) => {
      const userId = await callerUserId(ctx, request);
      const row = await ctx.db
        .insertInto('email_outbox')
        .values({ user_id: userId, email_object: JSON.stringify(request.body.emailObject) })
        .returning(['id', 'status'])
        .executeTakeFirstOrThrow();
      return reply.code(202).send(row);
    },
  );
}
