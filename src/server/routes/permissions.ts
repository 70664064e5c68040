// POST /permissions: a dapp permission the user granted (spec: site and validity period).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { callerUserId, RECORD_COLUMNS } from '../users';
import { httpUrl, objectBody, shortText } from './schemas';

/** The four periods a dapp permission may last (spec part 2 §6). */
export const PERMISSION_PERIOD_SECONDS = {
  '1h': 3600,
  '1w': 7 * 86400,
  '1m': 30 * 86400,
  '1y': 365 * 86400,
};

interface PermissionBody {
  name: string;
  action: string;
  origin?: string;
  period?: keyof typeof PERMISSION_PERIOD_SECONDS;
}

export function registerPermissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Body: PermissionBody }>(
    '/permissions',
    {
      onRequest: ctx.authenticate,
      schema: {
        body: objectBody(
          {
            name: shortText,
            action: shortText,
            origin: httpUrl,
            period: { type: 'string', enum: Object.keys(PERMISSION_PERIOD_SECONDS) },
          },
          ['name', 'action'],
        ),
      },
    },
    async (request, reply) => {
      const userId = await callerUserId(ctx, request);
      const { name, action, origin, period } = request.body;
      const expiresAt = period
        ? new Date(Date.now() + PERMISSION_PERIOD_SECONDS[period] * 1000)
        : null;
      const row = await ctx.db
        .insertInto('permissions')
        .values({ user_id: userId, name, action, origin: origin ?? null, expires_at: expiresAt })
        .returning(RECORD_COLUMNS.permissions)
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ ...row, expires_at: row.expires_at?.toISOString() ?? null });
    },
  );
}
