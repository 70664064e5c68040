// POST /customnetwork/:type, PATCH /customnetwork/:id, DELETE /customnetwork/:id.
import { CustomNetworkInput, CustomNetworkParams, IdParams } from '../../shared/api';
import type { App, AppContext } from '../context';
import { notFound } from '../errors';
import { callerUserId, RECORD_COLUMNS } from '../users';
import { registerOwnedDelete } from './owned';

export function registerCustomNetworkRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/customnetwork/:type',
    {
      onRequest: ctx.authenticate,
      schema: { params: CustomNetworkParams, body: CustomNetworkInput },
    },
    async (request, reply) => {
      const userId = await callerUserId(ctx, request);
      const network = await ctx.db
        .insertInto('custom_networks')
        .values({
          user_id: userId,
          network_type: request.params.type,
          ...request.body,
          block_explorer_url: request.body.block_explorer_url ?? null,
        })
        .returning(RECORD_COLUMNS.custom_networks)
        .executeTakeFirstOrThrow();
      return reply.code(201).send(network);
    },
  );

  app.patch(
    '/customnetwork/:id',
    { onRequest: ctx.authenticate, schema: { params: IdParams, body: CustomNetworkInput } },
    async (request) => {
      const userId = await callerUserId(ctx, request);
      const network = await ctx.db
        .updateTable('custom_networks')
        .set({
          ...request.body,
          block_explorer_url: request.body.block_explorer_url ?? null,
          updated_at: new Date(),
        })
        .where('id', '=', request.params.id)
        .where('user_id', '=', userId)
        .returning(RECORD_COLUMNS.custom_networks)
        .executeTakeFirst();
      if (!network) throw notFound(`Custom network ${request.params.id} not found`);
      return network;
    },
  );

  registerOwnedDelete(app, ctx, '/customnetwork/:id', 'custom_networks', 'Custom network');
}
