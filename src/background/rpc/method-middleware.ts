import { createAsyncMiddleware, type JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import type { Json, JsonRpcParams, JsonRpcRequest } from '@metamask/utils';

/** A request as the middleware sees it: the origin middleware stamps `origin` on it. */
export type OriginRequest = JsonRpcRequest<JsonRpcParams> & { origin: string };

export type MethodHandler = (request: OriginRequest) => Promise<Json> | Json;

/**
 * A middleware that answers the methods in `handlers` and passes every other method on. A
 * handler's throw becomes the error response (its code kept when it is a JSON-RPC error).
 */
export function methodMiddleware(
  handlers: Record<string, MethodHandler>,
): JsonRpcMiddleware<JsonRpcParams, Json> {
  return createAsyncMiddleware(async (req, res, next) => {
    const handler = Object.hasOwn(handlers, req.method) ? handlers[req.method] : undefined;
    if (!handler) {
      await next();
      return;
    }
    res.result = await handler(req as OriginRequest);
  });
}
