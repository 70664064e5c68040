// GET /currency?fsym=ETH&tsyms=USD,EUR → { USD: 1234.5, EUR: ..., source }.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

const symbol = '[A-Za-z0-9]{1,10}';

export function registerCurrencyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { fsym: string; tsyms: string } }>(
    '/currency',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['fsym', 'tsyms'],
          additionalProperties: false,
          properties: {
            fsym: { type: 'string', pattern: `^${symbol}$` },
            tsyms: { type: 'string', pattern: `^${symbol}(,${symbol}){0,19}$` },
          },
        },
      },
    },
    async (request, reply) => {
      const fsym = request.query.fsym.toUpperCase();
      const tsyms = [...new Set(request.query.tsyms.toUpperCase().split(','))];
      const { rates, source } = await ctx.prices.getRates(fsym, tsyms);
      // `source` tells the client whether these are market rates or fixed offline ones.
      return reply.header('x-orrery-price-source', source).send({ ...rates, source });
    },
  );
}
