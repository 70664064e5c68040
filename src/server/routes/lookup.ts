// GET /lookup?key=<name>&type=ens → { address }: a name service lookup for the send form.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError, notFound } from '../errors';
import { ENS_NAME_PATTERN } from '../lookup/ens';

export function registerLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { key: string; type: 'ens' } }>(
    '/lookup',
    {
      // Authenticated, so the server is no open proxy to its RPC node.
      onRequest: ctx.authenticate,
      schema: {
        querystring: {
          type: 'object',
          required: ['key', 'type'],
          additionalProperties: false,
          properties: {
            key: { type: 'string', maxLength: 255, pattern: ENS_NAME_PATTERN },
            // Unstoppable Domains and other name services are not supported yet.
            type: { type: 'string', enum: ['ens'] },
          },
        },
      },
    },
    async (request) => {
      if (!ctx.names) throw new HttpError(503, 'ENS lookup is not configured (ORRERY_ENS_RPC_URL)');
      const name = request.query.key.toLowerCase();
      const address = await ctx.names.resolve(name);
      if (!address) throw notFound(`No address for ${name}`);
      return { key: name, type: request.query.type, address };
    },
  );
}
