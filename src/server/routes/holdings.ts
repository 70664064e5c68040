// GET /tokenbalances and GET /nfts: what an address holds on one network, read through the
// configured Covalent-style aggregator and normalised to the wallet's shapes. Callers read only
// their own address: the answers are public chain data, but each call spends the server's API
// quota, so the server does not look up arbitrary addresses for anyone holding a token.
import type { FastifyRequest } from 'fastify';
import { NftsQuery, TokenBalancesQuery } from '../../shared/api';
import { callerAddress } from '../auth/authenticate';
import type { App, AppContext } from '../context';
import { badRequest, HttpError } from '../errors';
import { AggregatorHoldings, type Collectible } from '../providers/aggregator-holdings';
import { findUserId } from '../users';
import { chainIdOf } from './etherscan';

/** The chain id of a built-in network key, decimal or 0x chain id; 400 otherwise. */
function chainIdOrThrow(name: string): number {
  const chainId = chainIdOf(name);
  if (!chainId) throw badRequest(`querystring.network: unknown network ${name}`);
  return chainId;
}

/** The address to read: the caller's own unless another is named, which answers 403. */
function ownAddress(request: FastifyRequest, field: string, requested?: string): string {
  const caller = callerAddress(request);
  if (requested !== undefined && requested.toLowerCase() !== caller)
    throw new HttpError(403, `querystring.${field} must be the signed-in address`);
  return caller;
}

export function registerHoldingsRoutes(app: App, ctx: AppContext): void {
  const holdings = ctx.covalent
    ? new AggregatorHoldings(ctx.covalent, ctx.config.dataProviders.covalentApiUrl)
    : undefined;
  const configured = (): AggregatorHoldings => {
    if (!holdings)
      throw new HttpError(
        503,
        'Token and NFT balances are not configured (ORRERY_COVALENT_API_KEY)',
      );
    return holdings;
  };

  app.get(
    '/tokenbalances',
    { onRequest: ctx.authenticate, schema: { querystring: TokenBalancesQuery } },
    async (request) => {
      const owner = ownAddress(request, 'address', request.query.address);
      const chainId = chainIdOrThrow(request.query.network);
      const source = configured();
      return { items: await source.tokenBalances(chainId, owner, request.query.network) };
    },
  );

  app.get(
    '/nfts',
    { onRequest: ctx.authenticate, schema: { querystring: NftsQuery } },
    async (request) => {
      const owner = ownAddress(request, 'userAddress', request.query.userAddress);
      const name = request.query.network;
      const chainId = chainIdOrThrow(name);
      const source = configured();
      const listed = await source.nfts(chainId, owner, name);
      const seen = new Set(listed.map((c) => c.collectibleIndex));
      // The caller's own additions (POST /customnft) on this network that the aggregator missed.
      const userId = await findUserId(ctx.db, owner);
      const custom: Collectible[] = [];
      if (userId !== undefined) {
        const rows = await ctx.db
          .selectFrom('custom_nfts')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute();
        for (const row of rows) {
          if (row.network !== name && chainIdOf(row.network) !== chainId) continue;
          const index = `${row.nft_address}_${row.nft_id}`;
          if (seen.has(index)) continue;
          seen.add(index);
          custom.push({
            address: row.nft_address,
            tokenId: row.nft_id,
            name: row.nft_name,
            image: row.nft_image_link,
            description: row.description,
            standard: row.nft_contract_standard === 'ERC1155' ? 'ERC1155' : 'ERC721',
            tokenBalance: null,
            collectibleIndex: index,
            video: null,
            network: name,
            customNftId: row.id,
          });
        }
      }
      return { items: [...listed, ...custom] };
    },
  );
}
