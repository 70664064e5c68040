// Forwards a client-built URL to one configured data provider (Covalent, OpenSea), adding the
// server's API key. Only URLs on that provider's origin and path prefix are forwarded, so the
// route is no open proxy; answers are size-capped and cached briefly.
import { createBoundedCache, type BoundedCache } from '../cache';
import { badRequest, HttpError } from '../errors';

export interface UpstreamProxyOptions {
  /** Name used in error messages, e.g. 'Covalent'. */
  service: string;
  /** Origin and path prefix URLs must start with, e.g. https://api.covalenthq.com/v1/. */
  baseUrl: string;
  /** Headers carrying the API key. */
  headers: Record<string, string>;
  timeoutMs: number;
  cacheMs: number;
  /** Largest answer accepted. */
  maxBytes: number;
  /** Bytes of answers the cache may hold in all (default 32 × maxBytes). */
  cacheMaxBytes?: number;
  cacheMaxEntries?: number;
}

export interface ProxiedAnswer {
  status: number;
  body: unknown;
}

export class UpstreamProxy {
  private readonly base: URL;
  private readonly cache: BoundedCache<ProxiedAnswer & { bytes: number }>;

  constructor(
    private readonly options: UpstreamProxyOptions,
    now?: () => number,
  ) {
    this.base = new URL(options.baseUrl);
    this.cache = createBoundedCache({
      ttlMs: options.cacheMs,
      maxEntries: options.cacheMaxEntries,
      // Answers may be megabytes each: bound the bytes, not only the count.
      maxBytes: options.cacheMaxBytes ?? options.maxBytes * 32,
      sizeOf: (answer) => answer.bytes,
      now,
    });
  }

  /** The URL to call, or a 400 naming why `raw` is refused. */
  allowedUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badRequest('querystring.url must be an absolute URL');
    }
    if (url.origin !== this.base.origin || !url.pathname.startsWith(this.base.pathname)) {
      throw badRequest(`querystring.url must start with ${this.base.origin}${this.base.pathname}`);
    }
    if (url.username || url.password)
      throw badRequest('querystring.url must not carry credentials');
    url.hash = '';
    return url;
  }

  async get(raw: string): Promise<ProxiedAnswer> {
    const url = this.allowedUrl(raw);
    const key = url.toString();
    const cached = this.cache.get(key);
    if (cached !== undefined) return { status: cached.status, body: cached.body };
    const { service, timeoutMs, maxBytes } = this.options;
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        signal,
        headers: { accept: 'application/json', ...this.options.headers },
      });
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > maxBytes)
        throw new HttpError(502, `${service} answer is larger than ${maxBytes} bytes`);
      text = await response.text();
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (signal.aborted) throw new HttpError(504, `${service} timed out after ${timeoutMs} ms`);
      throw new HttpError(
        502,
        `${service} unreachable: ${(err as { message?: string }).message ?? String(err)}`,
      );
    }
    if (Buffer.byteLength(text) > maxBytes)
      throw new HttpError(502, `${service} answer is larger than ${maxBytes} bytes`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(
        502,
        `${service} answered ${response.status} with a body that is not JSON`,
      );
    }
    if (!response.ok) {
      const detail =
        (body as {
          error_message?: string;
          detail?: string;
          message?: string;
          errors?: unknown[];
        } | null) ?? {};
      const firstError = typeof detail.errors?.[0] === 'string' ? detail.errors[0] : undefined;
      const message =
        detail.error_message ?? detail.detail ?? detail.message ?? firstError ?? 'no detail';
      // A 400 or 404 (bad address, unknown chain or token) is the client's request at fault; any
      // other failure (a refused key, a rate limit, a 5xx) is the server's: 502, so the client
      // never mistakes the provider's 401 for its own session ending.
      const clientsFault = response.status === 400 || response.status === 404;
      throw new HttpError(
        clientsFault ? response.status : 502,
        `${service} answered ${response.status}: ${message}`,
      );
    }
    const answer = { status: response.status, body };
    this.cache.set(key, { ...answer, bytes: Buffer.byteLength(text) });
    return answer;
  }
}
