// POST /customnetwork/:type, PATCH /customnetwork/:id, DELETE /customnetwork/:id.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { callerUserId, RECORD_COLUMNS } from '../users';
import { registerOwnedDelete } from './owned';
import { chainId, httpUrl, idParams, objectBody, shortText } from './schemas';

interface NetworkBody {
  network_name: string;
  rpc_url: string;
  chain_id: string;
  symbol: string;
  block_explorer_url?: string | null;
}

const networkBody = objectBody(
  {
    network_name: shortText,
    rpc_url: httpUrl,
    chain_id: chainId,
    symbol: { type: 'string', minLength: 1, maxLength: 20 },
    block_explorer_url: { anyOf: [httpUrl, { type: 'null' }] },
  },
  ['network_name', 'rpc_url', 'chain_id', 'symbol'],
);

export function registerCustomNetworkRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Params: { type: string }; Body: NetworkBody }>(
    '/customnetwork/:type',
    {
      onRequest: ctx.authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['type'],
          properties: { type: { type: 'string', pattern: '^[a-z0-9_-]{1,32}$' } },
        },
        body: networkBody,
      },
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

  app.patch<{ Params: { id: number }; Body: NetworkBody }>(
    '/customnetwork/:id',
    { onRequest: ctx.authenticate, schema: { params: idParams, body: networkBody } },
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
