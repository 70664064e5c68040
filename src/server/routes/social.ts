// GET /twitter?screen_name= (a Twitter contact's id) and POST /revoke/discord {token}.
import { DiscordRevokeBody, TwitterQuery } from '../../shared/api';
import type { App, AppContext } from '../context';
import { HttpError } from '../errors';

export function registerSocialRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/twitter',
    { onRequest: ctx.authenticate, schema: { querystring: TwitterQuery } },
    async (request) => {
      if (!ctx.twitter)
        throw new HttpError(503, 'Twitter lookup is not configured (ORRERY_TWITTER_BEARER_TOKEN)');
      return ctx.twitter.user(request.query.screen_name.replace(/^@/, ''));
    },
  );

  app.post(
    '/revoke/discord',
    { onRequest: ctx.authenticate, schema: { body: DiscordRevokeBody } },
    async (request) => {
      if (!ctx.discord)
        throw new HttpError(503, 'Discord revocation is not configured (ORRERY_DISCORD_CLIENT_ID)');
      await ctx.discord.revoke(request.body.token);
      return { revoked: true };
    },
  );
}
