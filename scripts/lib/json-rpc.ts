// A minimal JSON-RPC 2.0 call over HTTP, for scripts and test helpers that talk to a dev node
// without pulling in a client library.

export class JsonRpcCallError extends Error {
  constructor(
    message: string,
    readonly method: string,
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcCallError';
  }
}

let nextRequestId = 1;

export async function callJsonRpc<T = unknown>(
  url: string,
  method: string,
  params: readonly unknown[] = [],
  options: { timeoutMs?: number } = {},
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextRequestId++, method, params }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: { result?: T; error?: { code: number; message: string; data?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new JsonRpcCallError(
      `${method}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`,
      method,
    );
  }
  if (body.error) {
    throw new JsonRpcCallError(
      `${method}: ${body.error.message}`,
      method,
      body.error.code,
      body.error.data,
    );
  }
  if (!('result' in body)) {
    throw new JsonRpcCallError(`${method}: response has neither result nor error`, method);
  }
  return body.result as T;
}
