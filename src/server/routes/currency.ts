// GET /currency?fsym=ETH&tsyms=USD,EUR → { USD: 1234.5, EUR: ..., source }.
import { CurrencyQuery } from '../../shared/api';
import type { App, AppContext } from '../context';

export function registerCurrencyRoutes(app: App, ctx: AppContext): void {
  app.get('/currency', { schema: { querystring: CurrencyQuery } }, async (request, reply) => {
    const fsym = request.query.fsym.toUpperCase();
    const tsyms = [...new Set(request.query.tsyms.toUpperCase().split(','))];
    const { rates, source } = await ctx.prices.getRates(fsym, tsyms);
    // `source` tells the client whether these are market rates or fixed offline ones.
    return reply.header('x-orrery-price-source', source).send({ ...rates, source });
  });
}
