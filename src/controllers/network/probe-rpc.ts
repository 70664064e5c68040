/**
 * Asks an RPC endpoint for its chain id before the user saves it as a custom network (views.md
 * G21), so a typo in the URL or the chain id is caught in the form, not after a switch.
 */
import type { Hex } from '../../shared/primitives';
import { isHttpUrl } from './custom-networks';
import { NetworkError, NetworkErrorCode } from './errors';

export const PROBE_RPC_TIMEOUT_MS = 10_000;

/** The endpoint's `eth_chainId`, canonical hex (no leading zeros). Throws a coded NetworkError. */
export async function probeRpc(
  url: string,
  { fetch: fetchFn = globalThis.fetch, timeoutMs = PROBE_RPC_TIMEOUT_MS } = {},
): Promise<Hex> {
  const host = typeof url === 'string' ? url.trim() : '';
  if (!isHttpUrl(host)) {
    throw new NetworkError(
      NetworkErrorCode.invalidCustomNetwork,
      `Invalid RPC URL "${String(url)}": expected an http(s) URL.`,
    );
  }
  let body: unknown;
  try {
    const response = await fetchFn(host, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
      // A probe must not send the wallet origin's cookies to a URL the user typed.
      credentials: 'omit',
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new NetworkError(
      NetworkErrorCode.rpcUnreachable,
      `The RPC endpoint ${host} did not answer: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const result = (body as { result?: unknown } | null)?.result;
  if (typeof result !== 'string' || !/^0x[0-9a-f]{1,16}$/iu.test(result) || BigInt(result) === 0n) {
    throw new NetworkError(
      NetworkErrorCode.rpcBadAnswer,
      `The RPC endpoint ${host} did not answer with a chain id.`,
    );
  }
  return `0x${BigInt(result).toString(16)}`;
}
