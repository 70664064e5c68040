// POST /customnft: 409 when the same contract and token id is already stored on that network.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { conflict } from '../errors';
import { callerUserId, RECORD_COLUMNS } from '../users';
import { networkName } from './custom-token';
import { address, httpUrl, longText, objectBody, shortText } from './schemas';

interface NftBody {
  nft_address: string;
  network: string;
  nft_name: string;
  nft_id: string;
  nft_contract_standard: 'ERC721' | 'ERC1155';
  nft_image_link?: string;
  description?: string;
}

export function registerCustomNftRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Body: NftBody }>(
    '/customnft',
    {
      onRequest: ctx.authenticate,
      schema: {
        body: objectBody(
          {
            nft_address: address,
            network: networkName,
            nft_name: shortText,
            // A uint256 token id in decimal.
            nft_id: { type: 'string', pattern: '^[0-9]{1,78}$' },
            nft_contract_standard: { type: 'string', enum: ['ERC721', 'ERC1155'] },
            nft_image_link: httpUrl,
            description: longText,
          },
          ['nft_address', 'network', 'nft_name', 'nft_id', 'nft_contract_standard'],
        ),
      },
    },
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
