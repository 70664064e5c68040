// POST /contact, DELETE /contact/:id — the caller's address book.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { callerUserId, RECORD_COLUMNS } from '../users';
import { registerOwnedDelete } from './owned';
import { objectBody, shortText } from './schemas';

interface ContactBody {
  name: string;
  contact_verifier: string;
  contact_verifier_id: string;
}

export function registerContactRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Body: ContactBody }>(
    '/contact',
    {
      onRequest: ctx.authenticate,
      // contact_verifier names the address kind (eth, ens, google, twitter, ...) and
      // contact_verifier_id the address in that kind.
      schema: {
        body: objectBody({
          name: shortText,
          contact_verifier: { type: 'string', pattern: '^[a-z0-9_.-]{1,40}$' },
          contact_verifier_id: shortText,
        }),
      },
    },
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
