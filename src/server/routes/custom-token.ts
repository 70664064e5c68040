// POST /customtoken (409 on a duplicate per network and address), DELETE /customtoken/:id.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { conflict } from '../errors';
import { callerUserId, RECORD_COLUMNS } from '../users';
import { registerOwnedDelete } from './owned';
import { address, objectBody, shortText } from './schemas';

interface TokenBody {
  token_address: string;
  network: string;
  token_symbol: string;
  token_name: string;
  decimals: number;
}

export const networkName = { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,64}$' } as const;

export function registerCustomTokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Body: TokenBody }>(
    '/customtoken',
    {
      onRequest: ctx.authenticate,
      schema: {
        body: objectBody({
          token_address: address,
          network: networkName,
          token_symbol: { type: 'string', minLength: 1, maxLength: 20 },
          token_name: shortText,
          decimals: { type: 'integer', minimum: 0, maximum: 36 },
        }),
      },
    },
    async (request, reply) => {
      const userId = await callerUserId(ctx, request);
      const token = await ctx.db
        .insertInto('custom_tokens')
        .values({
          user_id: userId,
          ...request.body,
          token_address: request.body.token_address.toLowerCase(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'network', 'token_address']).doNothing())
        .returning(RECORD_COLUMNS.custom_tokens)
        .executeTakeFirst();
      if (!token) throw conflict('Custom token already exists on this network');
      return reply.code(201).send(token);
    },
  );
  registerOwnedDelete(app, ctx, '/customtoken/:id', 'custom_tokens', 'Custom token');
}
