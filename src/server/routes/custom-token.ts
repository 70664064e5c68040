// POST /customtoken (409 on a duplicate per network and address), DELETE /customtoken/:id.
import { CustomTokenInput } from '../../shared/api';
import type { App, AppContext } from '../context';
import { conflict } from '../errors';
import { callerUserId, RECORD_COLUMNS } from '../users';
import { registerOwnedDelete } from './owned';

export function registerCustomTokenRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/customtoken',
    { onRequest: ctx.authenticate, schema: { body: CustomTokenInput } },
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
