import type { JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import type { Json, JsonRpcParams } from '@metamask/utils';

/** Stamps the connection's origin on every request; whatever the dapp sent as origin is ignored. */
export function createOriginMiddleware(origin: string): JsonRpcMiddleware<JsonRpcParams, Json> {
  return (req, _res, next) => {
    (req as typeof req & { origin: string }).origin = origin;
    next();
  };
}
