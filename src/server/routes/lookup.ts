// GET /lookup?key=<name>&type=ens|unstoppable|bit → { address }: a name service lookup for
// the send form.
// GET /lookup/orrery?verifier=&verifierId= → { address }: lookup by social identity.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { badRequest, HttpError, notFound } from '../errors';
import { ENS_NAME_PATTERN } from '../lookup/ens';
import { findAddressByIdentity } from '../lookup/identity';
import { shortText } from './schemas';

/** Name services: ENS and Unstoppable Domains on chain, .bit through its account indexer. */
const NAME_TYPES = ['ens', 'unstoppable', 'bit'] as const;
type NameType = (typeof NAME_TYPES)[number];

interface IdentityQuery {
  verifier: string;
  verifierId: string;
  walletVerifier?: string;
  network?: string;
}

export function registerLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { key: string; type: NameType } }>(
    '/lookup',
    {
      // Authenticated, so the server is no open proxy to its RPC node or indexer.
      onRequest: ctx.authenticate,
      schema: {
        querystring: {
          type: 'object',
          required: ['key', 'type'],
          additionalProperties: false,
          properties: {
            key: { type: 'string', maxLength: 255, pattern: ENS_NAME_PATTERN },
            type: { type: 'string', enum: NAME_TYPES },
          },
        },
      },
    },
    async (request) => {
      const { type } = request.query;
      const name = request.query.key.toLowerCase();
      if (type === 'bit') {
        if (!name.endsWith('.bit'))
          throw badRequest('querystring.key must end in .bit for type bit');
        if (!ctx.bit)
          throw new HttpError(503, '.bit lookup is not configured (ORRERY_BIT_INDEXER_URL)');
        const addresses = await ctx.bit.resolve(name);
        if (!addresses) throw notFound(`No .bit account ${name}`);
        const [address] = addresses;
        if (!address) throw notFound(`No ETH address on the .bit account ${name}`);
        // Several records may hold ETH addresses: the wallet lets the user choose.
        return { key: name, type, address, addresses };
      }
      let resolver = ctx.names;
      if (type === 'unstoppable') {
        resolver = ctx.unstoppable;
        if (!resolver)
          throw new HttpError(
            503,
            'Unstoppable Domains lookup is not configured (ORRERY_UD_RPC_URL or ORRERY_ENS_RPC_URL, and ORRERY_UD_PROXY_READER)',
          );
      } else if (!resolver) {
        throw new HttpError(503, 'ENS lookup is not configured (ORRERY_ENS_RPC_URL)');
      }
      const address = await resolver.resolve(name);
      if (!address) throw notFound(`No address for ${name}`);
      return { key: name, type, address };
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
