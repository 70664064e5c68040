// POST /customnft: 409 when the same contract and token id is already stored on that network.
import { CustomNftInput } from '../../shared/api';
import type { App, AppContext } from '../context';
import { conflict } from '../errors';
import { callerUserId, RECORD_COLUMNS } from '../users';

export function registerCustomNftRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/customnft',
    { onRequest: ctx.authenticate, schema: { body: CustomNftInput } },
    async (request, reply) => {
      const userId = await callerUserId(ctx, request);
      const body = request.body;
      const nft = await ctx.db
        .insertInto('custom_nfts')
        .values({
          user_id: userId,
          nft_address: body.nft_address.toLowerCase(),
          network: body.network,
          nft_name: body.nft_name,
          nft_id: body.nft_id,
          nft_contract_standard: body.nft_contract_standard,
          nft_image_link: body.nft_image_link ?? null,
          description: body.description ?? null,
        })
        .onConflict((oc) => oc.columns(['user_id', 'network', 'nft_address', 'nft_id']).doNothing())
        .returning(RECORD_COLUMNS.custom_nfts)
        .executeTakeFirst();
      if (!nft) throw conflict('Custom NFT already exists on this network');
      return reply.code(201).send(nft);
    },
  );
}
