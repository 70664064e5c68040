// POST /auth/message: a single-use, expiring sign-in message for an address.
// POST /auth/verify: its personal_sign signature in exchange for a bearer token.
import { randomBytes } from 'node:crypto';
import { AuthMessageBody, AuthVerifyBody } from '../../shared/api';
import { signToken } from '../auth/jwt';
import { nonCanonicalReason, recoverPersonalSignAddress } from '../auth/personal-sign';
import type { App, AppContext } from '../context';
import { badRequest, unauthorized } from '../errors';

export const SIGNIN_PREFIX = 'Orrery Signin';
const NO_MESSAGE = 'No valid sign-in message for this address: request a new one';
/** How many of an address's newest pending messages a signature is checked against. */
const PENDING_MESSAGES_CHECKED = 10;

export function registerAuthRoutes(app: App, ctx: AppContext): void {
  const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 };

  app.post(
    '/auth/message',
    { config: { rateLimit }, schema: { body: AuthMessageBody } },
    async (request) => {
      const address = request.body.public_address.toLowerCase();
      const nonce = randomBytes(16).toString('hex');
      const message = `${SIGNIN_PREFIX} - ${nonce}`;
      const expiresAt = new Date(Date.now() + ctx.config.authMessageTtlSeconds * 1000);
      // Expired messages are deleted in bulk by the sweeper (db/sweeper.ts).
      await ctx.db
        .insertInto('auth_messages')
        .values({ public_address: address, nonce, message, expires_at: expiresAt })
        .execute();
      return { message, expires_at: expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/verify',
    { config: { rateLimit }, schema: { body: AuthVerifyBody } },
    async (request) => {
      const address = request.body.public_address.toLowerCase();
      const now = new Date();
      const signature = request.body.signed_message;
      const nonCanonical = nonCanonicalReason(signature);
      if (nonCanonical) throw badRequest(`body.signed_message is not canonical: ${nonCanonical}`);
      // Any of the address's recent pending messages may have been signed (several tabs).
      // A wrong signature uses nothing up, so nobody can void another user's pending sign-in.
      const pending = await ctx.db
        .selectFrom('auth_messages')
        .select(['id', 'message'])
        .where('public_address', '=', address)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .limit(PENDING_MESSAGES_CHECKED)
        .execute();
      if (pending.length === 0) throw unauthorized(NO_MESSAGE);
      const signed = pending.find(
        (m) => recoverPersonalSignAddress(m.message, signature) === address,
      );
      if (!signed) throw unauthorized('Signature does not match public_address');
      // Claim it atomically: of two concurrent verifications of one message, one wins.
      const claimed = await ctx.db
        .updateTable('auth_messages')
        .set({ used_at: now })
        .where('id', '=', signed.id)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) throw unauthorized(NO_MESSAGE);
      return { token: signToken(address, ctx.config.jwtSecret, ctx.config.jwtTtlSeconds) };
    },
  );
}
