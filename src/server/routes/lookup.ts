// GET /lookup?key=<name>&type=ens|unstoppable|bit → { address }: a name service lookup for
// the send form.
// GET /lookup/orrery?verifier=&verifierId= → { address }: lookup by social identity.
import { IdentityQuery, LookupQuery } from '../../shared/api';
import type { App, AppContext } from '../context';
import { badRequest, HttpError, notFound } from '../errors';
import { normalizeName } from '../lookup/ens';
import { findAddressByIdentity } from '../lookup/identity';

export function registerLookupRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/lookup',
    {
      // Authenticated, so the server is no open proxy to its RPC node or indexer.
      onRequest: ctx.authenticate,
      schema: { querystring: LookupQuery },
    },
    async (request) => {
      const { type } = request.query;
      if (type === 'bit') {
        // .bit accounts are the indexer's business: it refuses malformed ones (400 below).
        const name = request.query.key.toLowerCase();
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
      // ENS and UNS hash the ENSIP-15 normalised name: 'Orrery.ETH' and 'orrery.eth' are one.
      const name = normalizeName(request.query.key);
      const address = await resolver.resolve(name);
      if (!address) throw notFound(`No address for ${name}`);
      return { key: name, type, address };
    },
  );

  app.get(
    '/lookup/orrery',
    {
      // Authenticated like every wallet call: an open endpoint would let anyone map social
      // identities to addresses in bulk.
      onRequest: ctx.authenticate,
      schema: { querystring: IdentityQuery },
    },
    async (request) => {
      const { verifier, verifierId } = request.query;
      const match = await findAddressByIdentity(ctx.db, verifier, verifierId);
      if (!match) throw notFound(`No user for ${verifier} ${verifierId}`);
      return { verifier, verifierId, ...match };
    },
  );
}
