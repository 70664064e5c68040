// The caller's own user record: read, create, and the preference updates.
import type { FastifyReply } from 'fastify';
import type { Updateable } from 'kysely';
import {
  CrashReporterBody,
  CreateUserBody,
  LocaleBody,
  PatchUserBody,
  RecordLoginBody,
  ThemeBody,
  UserQuery,
  VerifierBody,
} from '../../shared/api';
import { callerAddress } from '../auth/authenticate';
import type { App, AppContext } from '../context';
import type { UsersTable } from '../db/schema';
import { conflict, notFound } from '../errors';
import { findUserId, readUserRecordJson } from '../users';

const NO_USER = 'User not found: create it with POST /user';

export function registerUserRoutes(app: App, ctx: AppContext): void {
  const auth = { onRequest: ctx.authenticate };

  /** Answers the caller's record as the database assembled it (JSON text, not re-encoded). */
  async function sendRecord(
    reply: FastifyReply,
    address: string,
    withTransactions: boolean,
    status = 200,
  ) {
    const record = await readUserRecordJson(ctx.db, address, withTransactions);
    if (record === undefined) throw notFound(NO_USER);
    return reply.code(status).type('application/json; charset=utf-8').send(record);
  }

  /** Changes settings of the caller's record, then answers the record. */
  async function updateUser(
    reply: FastifyReply,
    address: string,
    values: Omit<Updateable<UsersTable>, 'updated_at'>,
  ) {
    const updated = await ctx.db
      .updateTable('users')
      .set({ ...values, updated_at: new Date() })
      .where('public_address', '=', address)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw notFound(NO_USER);
    return sendRecord(reply, address, false);
  }

  app.get('/user', { ...auth, schema: { querystring: UserQuery } }, async (request, reply) =>
    sendRecord(reply, callerAddress(request), request.query.fetchTx !== false),
  );

  app.post('/user', { ...auth, schema: { body: CreateUserBody } }, async (request, reply) => {
    const publicAddress = callerAddress(request);
    const body = request.body;
    const created = await ctx.db
      .insertInto('users')
      .values({
        public_address: publicAddress,
        default_currency: body.default_currency?.toUpperCase(),
        theme: body.theme,
        account_type: body.account_type,
        verifier: body.verifier ?? null,
        verifier_id: body.verifierId ?? null,
        default_public_address: null,
      })
      .onConflict((oc) => oc.column('public_address').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) throw conflict('User already exists');
    return sendRecord(reply, publicAddress, false, 201);
  });

  app.patch('/user', { ...auth, schema: { body: PatchUserBody } }, async (request, reply) => {
    const { default_currency, default_public_address } = request.body;
    return updateUser(reply, callerAddress(request), {
      ...(default_currency !== undefined
        ? { default_currency: default_currency.toUpperCase() }
        : {}),
      ...(default_public_address !== undefined
        ? { default_public_address: default_public_address.toLowerCase() }
        : {}),
    });
  });

  // One-field settings: PATCH /user/<name> { <column>: value }.
  app.patch('/user/theme', { ...auth, schema: { body: ThemeBody } }, async (request, reply) =>
    updateUser(reply, callerAddress(request), { theme: request.body.theme }),
  );
  app.patch(
    '/user/crashreporter',
    { ...auth, schema: { body: CrashReporterBody } },
    async (request, reply) =>
      updateUser(reply, callerAddress(request), {
        enable_crash_reporter: request.body.enable_crash_reporter,
      }),
  );
  app.patch('/user/locale', { ...auth, schema: { body: LocaleBody } }, async (request, reply) =>
    updateUser(reply, callerAddress(request), { locale: request.body.locale }),
  );

  app.patch('/user/verifier', { ...auth, schema: { body: VerifierBody } }, async (request, reply) =>
    updateUser(reply, callerAddress(request), {
      verifier: request.body.verifier,
      verifier_id: request.body.verifierId,
    }),
  );

  app.post(
    '/user/recordLogin',
    { ...auth, schema: { body: RecordLoginBody } },
    async (request, reply) => {
      const publicAddress = callerAddress(request);
      const { hostname, verifier, verifierId, metadata = {} } = request.body;
      // The login's verifier becomes the user's; both rows change together or not at all.
      const record = await ctx.db.transaction().execute(async (trx) => {
        const userId = await findUserId(trx, publicAddress);
        if (userId === undefined) return undefined;
        await trx
          .updateTable('users')
          .set({ verifier, verifier_id: verifierId, updated_at: new Date() })
          .where('id', '=', userId)
          .execute();
        return trx
          .insertInto('login_records')
          .values({
            user_id: userId,
            hostname,
            verifier,
            verifier_id: verifierId,
            metadata: JSON.stringify(metadata),
          })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
      });
      if (!record) return reply.code(404).send({ error: NO_USER });
      return reply.code(201).send({ id: record.id, created_at: record.created_at.toISOString() });
    },
  );
}
