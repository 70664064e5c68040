// GET /twitter?screen_name= (a Twitter contact's id) and POST /revoke/discord {token}.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import { objectBody } from './schemas';

export function registerSocialRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { screen_name: string } }>(
    '/twitter',
    {
      onRequest: ctx.authenticate,
      schema: {
        querystring: {
          type: 'object',
          required: ['screen_name'],
          additionalProperties: false,
          properties: { screen_name: { type: 'string', pattern: '^@?[A-Za-z0-9_]{1,15}$' } },
        },
      },
    },
    async (request) => {
      if (!ctx.twitter)
        throw new HttpError(503, 'Twitter lookup is not configured (ORRERY_TWITTER_BEARER_TOKEN)');
      return ctx.twitter.user(request.query.screen_name.replace(/^@/, ''));
    },
  );

  app.post<{ Body: { token: string } }>(
    '/revoke/discord',
    {
      onRequest: ctx.authenticate,
      schema: {
        body: objectBody({ token: { type: 'string', pattern: '^[A-Za-z0-9._~+/=-]{1,512}$' } }),
      },
    },
    async (request) => {
      if (!ctx.discord)
        throw new HttpError(503, 'Discord revocation is not configured (ORRERY_DISCORD_CLIENT_ID)');
      await ctx.discord.revoke(request.body.token);
      return { revoked: true };
    },
  );
}
