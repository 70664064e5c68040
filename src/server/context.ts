// What every route module receives: the app (typed by the API contract's schemas), the
// database, the configuration and the adapters.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  onRequestAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Adapters } from './adapters';
import type { ServerConfig } from './config';
import type { Db } from './db';
import type { Lifecycle } from './lifecycle';

/** The Fastify app whose route schemas (TypeBox) type each handler's request. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface AppContext extends Adapters {
  db: Db;
  config: ServerConfig;
  /** Which database backend answers, reported by /health. */
  backend: 'pglite' | 'postgres';
  /** Draining after SIGTERM: /health answers not-ready. */
  lifecycle: Lifecycle;
  /** onRequest hook (runs before body validation) that sets request.auth or answers 401. */
  authenticate: onRequestAsyncHookHandler;
}
