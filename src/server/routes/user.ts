// The caller's own user record: read, create, and the preference updates.
import type { FastifyInstance } from 'fastify';
import { callerAddress } from '../auth/authenticate';
import type { AppContext } from '../context';
import { conflict } from '../errors';
import { callerUserId, findUserId, readUserRecord } from '../users';
import { address, currencyCode, objectBody, shortText } from './schemas';

const theme = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' } as const;
const locale = { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' } as const;
const accountType = {
  type: 'string',
  enum: ['normal', 'threshold', 'app_scoped', 'imported'],
} as const;

interface CreateBody {
  default_currency?: string;
  theme?: string;
  verifier?: string;
  verifierId?: string;
  account_type?: string;
}

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { onRequest: ctx.authenticate };

  app.get<{ Querystring: { fetchTx?: boolean } }>(
    '/user',
    {
      ...auth,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { fetchTx: { type: 'boolean', default: true } },
        },
      },
    },
    async (request) => {
      const userId = await callerUserId(ctx, request);
      return readUserRecord(ctx.db, userId, request.query.fetchTx !== false);
    },
  );

  app.post<{ Body: CreateBody }>(
    '/user',
    {
      ...auth,
      schema: {
        body: objectBody(
          {
            default_currency: currencyCode,
            theme,
            verifier: shortText,
            verifierId: shortText,
            account_type: accountType,
          },
          [],
        ),
      },
    },
    async (request, reply) => {
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
      return reply.code(201).send(await readUserRecord(ctx.db, created.id, false));
    },
  );

  app.patch<{ Body: { default_currency?: string; default_public_address?: string } }>(
    '/user',
    {
      ...auth,
      schema: {
        body: {
          ...objectBody({ default_currency: currencyCode, default_public_address: address }, []),
          minProperties: 1,
        },
      },
    },
    async (request) => {
      const userId = await callerUserId(ctx, request);
      const { default_currency, default_public_address } = request.body;
      await ctx.db
        .updateTable('users')
        .set({
          ...(default_currency !== undefined
            ? { default_currency: default_currency.toUpperCase() }
            : {}),
          ...(default_public_address !== undefined
            ? { default_public_address: default_public_address.toLowerCase() }
            : {}),
          updated_at: new Date(),
        })
        .where('id', '=', userId)
        .execute();
      return readUserRecord(ctx.db, userId, false);
    },
  );

  // One-field preference updates share a shape: PATCH /user/<name> { <column>: value }.
  const preferences = [
    { path: '/user/theme', field: 'theme', schema: theme },
    { path: '/user/crashreporter', field: 'enable_crash_reporter', schema: { type: 'boolean' } },
    { path: '/user/locale', field: 'locale', schema: locale },
  ] as const;
  for (const { path, field, schema } of preferences) {
    app.patch<{ Body: Record<string, string | boolean> }>(
      path,
      { ...auth, schema: { body: objectBody({ [field]: schema }) } },
      async (request) => {
        const userId = await callerUserId(ctx, request);
        await ctx.db
          .updateTable('users')
          .set({ [field]: request.body[field], updated_at: new Date() })
          .where('id', '=', userId)
          .execute();
        return readUserRecord(ctx.db, userId, false);
      },
    );
  }

  app.patch<{ Body: { verifier: string; verifierId: string } }>(
    '/user/verifier',
    { ...auth, schema: { body: objectBody({ verifier: shortText, verifierId: shortText }) } },
    async (request) => {
      const userId = await callerUserId(ctx, request);
      await ctx.db
        .updateTable('users')
        .set({
          verifier: request.body.verifier,
          verifier_id: request.body.verifierId,
          updated_at: new Date(),
        })
        .where('id', '=', userId)
        .execute();
      return readUserRecord(ctx.db, userId, false);
    },
  );

  app.post<{
    Body: {
      hostname: string;
      verifier: string;
      verifierId: string;
      metadata?: Record<string, unknown>;
    };
  }>(
    '/user/recordLogin',
    {
      ...auth,
      schema: {
        body: objectBody(
          {
            hostname: shortText,
            verifier: shortText,
            verifierId: shortText,
            metadata: { type: 'object' },
          },
          ['hostname', 'verifier', 'verifierId'],
        ),
      },
    },
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
      if (!record)
        return reply.code(404).send({ error: 'User not found: create it with POST /user' });
      return reply.code(201).send({ id: record.id, created_at: record.created_at.toISOString() });
    },
  );
}
