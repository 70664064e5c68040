// GET and PUT /metadata/:address: the tKey metadata of a key (encrypted by the wallet; the node
// never reads it). A write is signed by that key over the address, version and data's hash,
// and only for an address this node holds a share of; a stored version is replaced only by a
// higher one, so an old signed write cannot be replayed over a newer one.
import {
  metadataSigningText,
  MetadataParams,
  MetadataWriteBody,
  type MetadataReply,
} from '../../shared/api';
import { recoverPersonalSignAddress } from '../auth/personal-sign';
import type { App } from '../context';
import { conflict, HttpError, notFound, unauthorized } from '../errors';
import type { KeyNodeDb, MetadataTable } from './schema';

function reply(row: MetadataTable): MetadataReply {
  return {
    address: row.address,
    version: row.version,
    data: row.data,
    signature: row.signature,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function registerMetadataRoutes(
  app: App,
  deps: { db: KeyNodeDb; rateLimitPerMinute: number },
): void {
  const { db } = deps;
  const config = { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000 } };

  app.get('/metadata/:address', { config, schema: { params: MetadataParams } }, async (request) => {
    const address = request.params.address.toLowerCase();
    const row = await db
      .selectFrom('metadata')
      .selectAll()
      .where('address', '=', address)
      .executeTakeFirst();
    if (!row) throw notFound(`No metadata for ${address}`);
    return reply(row);
  });

  app.put(
    '/metadata/:address',
    { config, schema: { params: MetadataParams, body: MetadataWriteBody } },
    async (request) => {
      const address = request.params.address.toLowerCase();
      const { version, data, signature } = request.body;
      const signer = recoverPersonalSignAddress(
        metadataSigningText(address, version, data),
        signature,
      );
      if (signer !== address) throw unauthorized('Signature does not match the address');
      const share = await db
        .selectFrom('shares')
        .select('verifier')
        .where('public_address', '=', address)
        .executeTakeFirst();
      if (!share) throw new HttpError(403, `This node holds no share of ${address}`);
      const row = await db
        .insertInto('metadata')
        .values({ address, version, data, signature, updated_at: new Date() })
        .onConflict((oc) =>
          oc
            .column('address')
            .doUpdateSet((eb) => ({
              version: eb.ref('excluded.version'),
              data: eb.ref('excluded.data'),
              signature: eb.ref('excluded.signature'),
              updated_at: eb.ref('excluded.updated_at'),
            }))
            .where('metadata.version', '<', version),
        )
        .returningAll()
        .executeTakeFirst();
      if (!row) throw conflict(`Metadata version ${version} is not newer than the stored one`);
      return reply(row);
    },
  );
}
