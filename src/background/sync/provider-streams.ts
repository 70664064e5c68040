import { providerErrors, rpcErrors, serializeError } from '@metamask/rpc-errors';

import type {
  ProviderError,
  ProviderNotification,
  ProviderParams,
  ProviderRequest,
  ProviderStreamEvent,
} from '../contract/protocol';

/** What a provider stream needs of one `engine.connect(origin)` connection (an OriginProvider). */
export interface ProviderConnection {
  request(args: { method: string; params?: ProviderParams }): Promise<unknown>;
  onNotification(listener: (notification: ProviderNotification) => void): () => void;
  close(): void;
}

export interface ProviderStreamHost {
  connect(origin: string): ProviderConnection;
}

export interface ProviderStreamsOptions {
  /** The engine's name for the wallet's own (trusted) origin, given to `{kind: 'wallet'}` streams. */
  walletOrigin: string;
  /** Most streams one page may hold open at once (default 32); more are refused. */
  maxStreams?: number;
}

const DEFAULT_MAX_STREAMS = 32;
const MAX_METHOD_LENGTH = 256;

interface OpenStream {
  connection: ProviderConnection;
  stopNotifications: () => void;
}

/** An exact http(s) origin such as `https://dapp.example:8443`; never '*', 'null' or a URL with a path. */
export function isWebOrigin(origin: unknown): origin is string {
  if (typeof origin !== 'string') return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin;
  } catch {
    return false;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStreamId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function toProviderError(error: unknown): ProviderError {
  const { code, message, data } = serializeError(error, { shouldIncludeStack: false });
  return data === undefined ? { code, message } : { code, message, data };
}

/**
 * The engine's end of one page's provider streams. Each stream is opened for the origin the
 * page's code fixed and becomes one `connect(origin)` connection: requests go through that
 * origin's JSON-RPC engine, its notifications go back to the page, and closing the stream (or
 * the page going away: `closeAll`) closes the connection. Malformed messages are refused.
 */
export class ProviderStreams {
  readonly #host: ProviderStreamHost;
  readonly #send: (stream: number, event: ProviderStreamEvent) => void;
  readonly #walletOrigin: string;
  readonly #maxStreams: number;
  readonly #streams = new Map<number, OpenStream>();

  constructor(
    host: ProviderStreamHost,
    send: (stream: number, event: ProviderStreamEvent) => void,
    options: ProviderStreamsOptions,
  ) {
    this.#host = host;
    this.#send = send;
    this.#walletOrigin = options.walletOrigin;
    this.#maxStreams = options.maxStreams ?? DEFAULT_MAX_STREAMS;
  }

  get size(): number {
    return this.#streams.size;
  }

  handle(stream: unknown, message: unknown): void {
    if (!isStreamId(stream) || !isPlainObject(message)) {
      console.warn('Orrery: ignoring a malformed provider frame');
      return;
    }
    switch (message.type) {
      case 'open':
        this.#open(stream, message.origin);
        return;
      case 'request':
        this.#request(stream, message.request);
        return;
      case 'close':
        this.#close(stream);
        return;
      default:
        console.warn('Orrery: ignoring an unknown provider message', message.type);
    }
  }

  /** Closes every stream's connection (the page is gone, or the engine stops serving it). */
  closeAll(): void {
    for (const stream of [...this.#streams.keys()]) this.#close(stream);
  }

  #open(stream: number, requested: unknown): void {
    if (this.#streams.has(stream)) {
      // Both ends must agree on what is open: end the old one and say so.
      this.#close(stream);
      this.#refuse(stream, `Provider stream ${stream} was already open.`);
      return;
    }
    const origin = this.#resolveOrigin(requested);
    if (origin === null) {
      this.#refuse(
        stream,
        'A provider stream opens for the wallet or for an exact http(s) origin.',
      );
      return;
    }
    if (this.#streams.size >= this.#maxStreams) {
      this.#refuse(stream, `A page may hold at most ${this.#maxStreams} provider streams.`);
      return;
    }
    let connection: ProviderConnection;
    try {
      connection = this.#host.connect(origin);
    } catch (error) {
      this.#send(stream, { type: 'closed', error: toProviderError(error) });
      return;
    }
    const stopNotifications = connection.onNotification(({ method, params }) =>
      this.#send(stream, { type: 'notification', notification: { method, params } }),
    );
    this.#streams.set(stream, { connection, stopNotifications });
    this.#send(stream, { type: 'opened', origin });
  }

  #resolveOrigin(requested: unknown): string | null {
    if (!isPlainObject(requested)) return null;
    if (requested.kind === 'wallet') return this.#walletOrigin;
    if (requested.kind === 'dapp' && isWebOrigin(requested.origin)) return requested.origin;
    return null;
  }

  #refuse(stream: number, message: string): void {
    this.#send(stream, {
      type: 'closed',
      error: toProviderError(rpcErrors.invalidRequest(message)),
    });
  }

  #request(stream: number, request: unknown): void {
    if (!isPlainObject(request) || !isStreamId(request.id)) {
      console.warn('Orrery: ignoring a provider request without a usable id');
      return;
    }
    const { id, method, params } = request as Partial<ProviderRequest> & { id: number };
    const open = this.#streams.get(stream);
    if (!open) {
      this.#respondError(
        stream,
        id,
        providerErrors.disconnected({ message: 'This provider stream is not open.' }),
      );
      return;
    }
    if (typeof method !== 'string' || method === '' || method.length > MAX_METHOD_LENGTH) {
      this.#respondError(
        stream,
        id,
        rpcErrors.invalidRequest("'method' must be a non-empty string."),
      );
      return;
    }
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      this.#respondError(
        stream,
        id,
        rpcErrors.invalidRequest("'params' must be an array or an object."),
      );
      return;
    }
    open.connection.request({ method, ...(params === undefined ? {} : { params }) }).then(
      (result) => {
        // A stream closed meanwhile (or reopened as another) gets nothing.
        if (this.#streams.get(stream) === open) {
          this.#send(stream, { type: 'response', response: { id, result: result ?? null } });
        }
      },
      (error: unknown) => {
        if (this.#streams.get(stream) === open) this.#respondError(stream, id, error);
      },
    );
  }

  #respondError(stream: number, id: number, error: unknown): void {
    this.#send(stream, { type: 'response', response: { id, error: toProviderError(error) } });
  }

  #close(stream: number): void {
    const open = this.#streams.get(stream);
    if (!open) return;
    this.#streams.delete(stream);
    open.stopNotifications();
    open.connection.close();
  }
}
