// Deleting a row the caller owns: a row of another user is reported as not found, so ids
// reveal nothing about other users' records.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { callerUserId } from '../users';
import { idParams } from './schemas';

type OwnedTable = 'contacts' | 'custom_tokens' | 'custom_nfts' | 'custom_networks';

export function registerOwnedDelete(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  table: OwnedTable,
  label: string,
): void {
  app.delete<{ Params: { id: number } }>(
    path,
    { onRequest: ctx.authenticate, schema: { params: idParams } },
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
