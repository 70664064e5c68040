import type { JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import type { Json, JsonRpcParams } from '@metamask/utils';

import type { RpcContext } from './rpc-context';

/** Reports each request's method, duration and error code (never params or results: they may be secret). */
export function createLoggingMiddleware(ctx: RpcContext): JsonRpcMiddleware<JsonRpcParams, Json> {
  return (req, res, next) => {
    const { log } = ctx;
    if (!log) {
      next();
      return;
    }
    const started = performance.now();
    next((done) => {
      try {
        const code = res.error?.code;
        log({
          origin: ctx.origin,
          method: req.method,
          durationMs: performance.now() - started,
          ...(code !== undefined ? { errorCode: code } : {}),
        });
      } catch {
        // A failing log sink must never fail the dapp's request.
      }
      done();
    });
  };
}
