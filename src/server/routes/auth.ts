// POST /auth/message: a single-use, expiring sign-in message for an address.
// POST /auth/verify: its personal_sign signature in exchange for a bearer token.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ADDRESS_PATTERN } from '../auth/authenticate';
import { signToken } from '../auth/jwt';
import { recoverPersonalSignAddress } from '../auth/personal-sign';
import type { AppContext } from '../context';
import { unauthorized } from '../errors';

export const SIGNIN_PREFIX = 'Orrery Signin';
const NO_MESSAGE = 'No valid sign-in message for this address: request a new one';
/** How many of an address's newest pending messages a signature is checked against. */
const PENDING_MESSAGES_CHECKED = 10;

interface MessageBody {
  public_address: string;
}
interface VerifyBody {
  public_address: string;
  signed_message: string;
}

const addressProperty = { type: 'string', pattern: ADDRESS_PATTERN } as const;

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 };

  app.post<{ Body: MessageBody }>(
    '/auth/message',
    {
      config: { rateLimit },
      schema: {
        body: {
          type: 'object',
          required: ['public_address'],
          additionalProperties: false,
          properties: { public_address: addressProperty },
        },
      },
    },
    async (request) => {
      const address = request.body.public_address.toLowerCase();
      const nonce = randomBytes(16).toString('hex');
      const message = `${SIGNIN_PREFIX} - ${nonce}`;
      const expiresAt = new Date(Date.now() + ctx.config.authMessageTtlSeconds * 1000);
      await ctx.db.transaction().execute(async (trx) => {
        // Expired messages are dead weight; drop them as new ones are issued.
        await trx.deleteFrom('auth_messages').where('expires_at', '<', new Date()).execute();
        await trx
          .insertInto('auth_messages')
          .values({ public_address: address, nonce, message, expires_at: expiresAt })
          .execute();
      });
      return { message, expires_at: expiresAt.toISOString() };
    },
  );

  app.post<{ Body: VerifyBody }>(
    '/auth/verify',
    {
      config: { rateLimit },
      schema: {
        body: {
          type: 'object',
          required: ['public_address', 'signed_message'],
          additionalProperties: false,
          properties: {
            public_address: addressProperty,
            signed_message: { type: 'string', pattern: '^0x[0-9a-fA-F]{130}$' },
          },
        },
      },
    },
    async (request) => {
      const address = request.body.public_address.toLowerCase();
      const now = new Date();
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
      const signature = request.body.signed_message;
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
