// POST /shares/fetch and POST /shares: a user's share, found or stored by the identity in the
// bearer identity token (never by anything else in the request).
import { ShareDepositBody, ShareFetchBody, type ShareReply } from '../../shared/api';
import type { App } from '../context';
import { conflict, notFound } from '../errors';
import type { IdentityTokenVerifier } from './identity-token';
import type { KeyNodeDb, SharesTable } from './schema';

export interface SharesRoutesDeps {
  db: KeyNodeDb;
  nodeId: string;
  tokens: IdentityTokenVerifier;
  rateLimitPerMinute: number;
}

type ShareRow = Omit<SharesTable, 'created_at'> & { created_at: Date };

function reply(nodeId: string, row: ShareRow): ShareReply {
  return {
    nodeId,
    verifier: row.verifier,
    verifierId: row.verifier_id,
    share: row.share,
    publicAddress: row.public_address,
    createdAt: row.created_at.toISOString(),
  };
}

export function registerShareRoutes(app: App, deps: SharesRoutesDeps): void {
  const { db, nodeId, tokens } = deps;
  const config = { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000 } };

  app.post('/shares/fetch', { config, schema: { body: ShareFetchBody } }, async (request) => {
    const identity = await tokens.use(request.headers.authorization, 'fetch');
    const row = await db
      .selectFrom('shares')
      .selectAll()
      .where('verifier', '=', identity.verifier)
      .where('verifier_id', '=', identity.verifierId)
      .executeTakeFirst();
    if (!row) throw notFound('No share for this identity');
    return reply(nodeId, row);
  });

  app.post('/shares', { config, schema: { body: ShareDepositBody } }, async (request, response) => {
    const identity = await tokens.use(request.headers.authorization, 'deposit');
    const row = await db
      .insertInto('shares')
      .values({
        verifier: identity.verifier,
        verifier_id: identity.verifierId,
        share: request.body.share.toLowerCase(),
        public_address: request.body.publicAddress.toLowerCase(),
      })
      .onConflict((oc) => oc.columns(['verifier', 'verifier_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw conflict('A share is already stored for this identity');
    return response.code(201).send(reply(nodeId, row));
  });
}
