// POST /permissions: a dapp permission the user granted (spec: site and validity period).
import { PERMISSION_PERIOD_SECONDS, PermissionInput } from '../../shared/api';
import type { App, AppContext } from '../context';
import { callerUserId, RECORD_COLUMNS } from '../users';

export function registerPermissionRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/permissions',
    { onRequest: ctx.authenticate, schema: { body: PermissionInput } },
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
