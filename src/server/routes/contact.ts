// POST /contact, DELETE /contact/:id — the caller's address book.
import { ContactInput } from '../../shared/api';
import type { App, AppContext } from '../context';
import { callerUserId, RECORD_COLUMNS } from '../users';
import { registerOwnedDelete } from './owned';

export function registerContactRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/contact',
    { onRequest: ctx.authenticate, schema: { body: ContactInput } },
    async (request, reply) => {
      const userId = await callerUserId(ctx, request);
      const contact = await ctx.db
        .insertInto('contacts')
        .values({ user_id: userId, ...request.body })
        .returning(RECORD_COLUMNS.contacts)
        .executeTakeFirstOrThrow();
      return reply.code(201).send(contact);
    },
  );
  registerOwnedDelete(app, ctx, '/contact/:id', 'contacts', 'Contact');
}
