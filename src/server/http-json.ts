// One outbound HTTP call with a timeout, mapping transport failures to 502/504 HttpErrors.
import { HttpError } from './errors';

export interface JsonAnswer {
  status: number;
  body: unknown;
}

export async function fetchJson(
  service: string,
  url: URL | string,
  init: RequestInit,
  timeoutMs: number,
): Promise<JsonAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal });
    text = await response.text();
  } catch (err) {
    if (signal.aborted) throw new HttpError(504, `${service} timed out after ${timeoutMs} ms`);
    throw new HttpError(
      502,
      `${service} unreachable: ${(err as { message?: string }).message ?? String(err)}`,
    );
  }
  if (!text) return { status: response.status, body: undefined };
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new HttpError(502, `${service} answered ${response.status} with a body that is not JSON`);
  }
}
