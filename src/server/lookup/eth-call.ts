// One read-only `eth_call` over JSON-RPC, with a timeout and failures named for the client:
// 502 for an unreachable node, an HTTP error, a JSON-RPC error (a revert included) or an odd
// answer; 504 for a timeout.
import { HttpError } from '../errors';

export interface EthCallTarget {
  rpcUrl: string;
  timeoutMs: number;
  /** Names the service in error messages, e.g. 'Unstoppable Domains'. */
  service: string;
}

let nextId = 1;

/** The 0x-hex result of `eth_call({to, data}, 'latest')`. */
export async function ethCall(target: EthCallTarget, to: string, data: string): Promise<string> {
  const { rpcUrl, timeoutMs, service } = target;
  const signal = AbortSignal.timeout(timeoutMs);
  let body: { result?: unknown; error?: { message?: string } };
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: nextId++,
        method: 'eth_call',
        params: [{ to, data }, 'latest'],
      }),
      signal,
    });
    if (!response.ok) throw new HttpError(502, `${service} node answered ${response.status}`);
    body = (await response.json()) as typeof body;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (signal.aborted) throw new HttpError(504, `${service} node timed out after ${timeoutMs} ms`);
    const message = (err as { message?: string }).message ?? String(err);
    throw new HttpError(502, `${service} node unreachable: ${message}`);
  }
  if (body?.error)
    throw new HttpError(502, `${service} node error: ${body.error.message ?? 'unknown'}`);
  if (typeof body?.result !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(body.result))
    throw new HttpError(502, `${service} node answered an unexpected shape`);
  return body.result;
}
