// Deleting a row the caller owns: a row of another user is reported as not found, so ids
// reveal nothing about other users' records.
import { IdParams } from '../../shared/api';
import type { App, AppContext } from '../context';
import { notFound } from '../errors';
import { callerUserId } from '../users';

type OwnedTable = 'contacts' | 'custom_tokens' | 'custom_nfts' | 'custom_networks';

export function registerOwnedDelete(
  app: App,
  ctx: AppContext,
  path: string,
  table: OwnedTable,
  label: string,
): void {
  app.delete(
    path,
    { onRequest: ctx.authenticate, schema: { params: IdParams } },
    async (request) => {
      const userId = await callerUserId(ctx, request);
      const deleted = await ctx.db
        .deleteFrom(table)
        .where('id', '=', request.params.id)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      if (!deleted) throw notFound(`${label} ${request.params.id} not found`);
      return { id: deleted.id, deleted: true };
    },
  );
}
