// GET /tokenprices?chainId=&contract_addresses=&vs_currencies= → { [address]: { [currency]: price } }.
import { TokenPricesQuery, type TokenPricesReply } from '../../shared/api';
import type { App, AppContext } from '../context';
import { badRequest } from '../errors';

export function registerTokenPriceRoutes(app: App, ctx: AppContext): void {
  app.get('/tokenprices', { schema: { querystring: TokenPricesQuery } }, async (request, reply) => {
    const { chainId: rawChainId, contract_addresses, vs_currencies } = request.query;
    const chainId = rawChainId.startsWith('0x')
      ? Number.parseInt(rawChainId, 16)
      : Number(rawChainId);
    if (!Number.isSafeInteger(chainId) || chainId <= 0)
      throw badRequest('querystring.chainId must be a chain id');
    const addresses = [...new Set(contract_addresses.toLowerCase().split(','))];
    const currencies = [...new Set(vs_currencies.toLowerCase().split(','))];
    const { prices, source } = await ctx.tokenPrices.getTokenPrices(chainId, addresses, currencies);
    // The header tells the client whether these are market prices or none configured.
    const body: TokenPricesReply = prices;
    return reply.header('x-orrery-price-source', source).send(body);
  });
}
