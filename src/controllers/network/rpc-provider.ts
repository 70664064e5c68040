import { JsonRpcEngine, createAsyncMiddleware } from '@metamask/json-rpc-engine';
import { JsonRpcError, rpcErrors } from '@metamask/rpc-errors';
import type { Json, JsonRpcParams, JsonRpcRequest, JsonRpcResponse } from '@metamask/utils';

export interface RequestArguments {
  method: string;
  params?: readonly unknown[] | Record<string, unknown>;
  /** Bypass the per-block cache and ask the node (see rpc-cache.ts). */
  skipCache?: boolean;
}

/**
 * An EIP-1193 provider over a JSON-RPC engine that also speaks the callback `sendAsync` form
 * eth-query expects.
 */
export interface RpcProvider {
  request<Result = unknown>(args: RequestArguments): Promise<Result>;
  sendAsync(
    request: JsonRpcRequest,
    callback: (error: unknown, response?: JsonRpcResponse<Json>) => void,
  ): void;
}

let nextRequestId = 1;

export function providerFromEngine(engine: JsonRpcEngine): RpcProvider {
  return {
    async request<Result>({ method, params, skipCache }: RequestArguments): Promise<Result> {
      const request: JsonRpcRequest & { skipCache?: boolean } = {
        jsonrpc: '2.0',
        id: nextRequestId++,
        method,
        params: params as JsonRpcParams | undefined,
      };
      if (skipCache) request.skipCache = true;
      const response = await engine.handle(request);
      if ('error' in response) throw response.error;
      return response.result as Result;
    },
    sendAsync(request, callback) {
      engine.handle(request).then(
        (response) => callback(null, response),
        (error: unknown) => callback(error),
      );
    },
  };
}

/** Middleware that forwards every request to a JSON-RPC endpoint over HTTP. */
export function createFetchMiddleware(rpcUrl: string, fetchFn: typeof fetch = fetch) {
  return createAsyncMiddleware(async (req, res) => {
    let body: { result?: Json; error?: { code: number; message: string; data?: Json } };
    try {
      const httpResponse = await fetchFn(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: req.id,
          method: req.method,
          params: req.params,
        }),
      });
      body = (await httpResponse.json()) as typeof body;
    } catch (error) {
      throw rpcErrors.internal({
        message: `Network request failed: ${(error as Error).message}`,
        data: { rpcUrl },
      });
    }
    // Keep the node's own code (e.g. -32000 for 'nonce too low') so callers can tell errors apart.
    // JsonRpcError rejects an empty message, which would turn the error into a generic -32603.
    if (body.error) {
      const { code, message, data } = body.error;
      throw new JsonRpcError(
        code,
        message || `The node returned error ${code} without a message.`,
        data,
      );
    }
    res.result = body.result ?? null;
  });
}

/** A provider talking straight to one RPC endpoint. */
export function createHttpProvider(rpcUrl: string): RpcProvider {
  const engine = new JsonRpcEngine();
  engine.push(createFetchMiddleware(rpcUrl));
  return providerFromEngine(engine);
}
