// GET /lookup?key=<name>&type=ens → { address }: a name service lookup for the send form.
// GET /lookup/orrery?verifier=&verifierId= → { address }: lookup by social identity.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError, notFound } from '../errors';
import { ENS_NAME_PATTERN } from '../lookup/ens';
import { findAddressByIdentity } from '../lookup/identity';
import { shortText } from './schemas';

interface IdentityQuery {
  verifier: string;
  verifierId: string;
  walletVerifier?: string;
  network?: string;
}

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

  app.get<{ Querystring: IdentityQuery }>(
    '/lookup/orrery',
    {
      // Authenticated like every wallet call: an open endpoint would let anyone map social
      // identities to addresses in bulk.
      onRequest: ctx.authenticate,
      schema: {
        querystring: {
          type: 'object',
          required: ['verifier', 'verifierId'],
          additionalProperties: false,
          properties: {
            verifier: shortText,
            verifierId: shortText,
            // Sent by the wallet (spec part 2 §7). This server keeps one user base and stores
            // only the login's verifier, so they are checked for shape and do not narrow the
            // match.
            walletVerifier: shortText,
            network: shortText,
          },
        },
      },
    },
    async (request) => {
      const { verifier, verifierId } = request.query;
      const match = await findAddressByIdentity(ctx.db, verifier, verifierId);
      if (!match) throw notFound(`No user for ${verifier} ${verifierId}`);
      return { verifier, verifierId, ...match };
    },
  );
}
