/**
 * A page's end of one provider stream: EIP-1193 `request` for the origin the page's code chose,
 * and the engine's notifications. It survives a handover: when the next engine connects, the
 * stream opens again for the same origin and re-sends every request not yet answered, so a
 * dapp's pending connect or signature request reappears there instead of being lost.
 */
import type {
  PageFrame,
  ProviderError,
  ProviderNotification,
  ProviderOrigin,
  ProviderParams,
  ProviderRequest,
  ProviderStreamEvent,
} from '../../background/contract/protocol';

/** EIP-1193's code for a provider that is disconnected from all chains / closed. */
export const PROVIDER_DISCONNECTED = 4900;

/** A JSON-RPC error from the engine, as EIP-1193's ProviderRpcError. */
export class ProviderRpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor({ code, message, data }: ProviderError) {
    super(message);
    this.name = 'ProviderRpcError';
    this.code = code;
    this.data = data;
  }
}

interface Pending {
  request: ProviderRequest;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/** Most requests one stream keeps waiting at once; more are refused at the page. */
const MAX_PENDING = 1000;

export class ProviderStream {
  readonly id: number;
  readonly origin: ProviderOrigin;
  readonly #send: (frame: PageFrame) => void;
  readonly #onEnd: () => void;
  readonly #pending = new Map<number, Pending>();
  readonly #notificationListeners = new Set<(notification: ProviderNotification) => void>();
  readonly #closeListeners = new Set<(error: ProviderError | undefined) => void>();
  #nextRequestId = 1;
  #closed = false;
  #engineOrigin: string | null = null;

  constructor(options: {
    id: number;
    origin: ProviderOrigin;
    send: (frame: PageFrame) => void;
    onEnd: () => void;
  }) {
    this.id = options.id;
    this.origin = options.origin;
    this.#send = options.send;
    this.#onEnd = options.onEnd;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The origin the engine connected this stream as, once it said `opened`. */
  get engineOrigin(): string | null {
    return this.#engineOrigin;
  }

  readonly request = (args: { method: string; params?: ProviderParams }): Promise<unknown> => {
    if (this.#closed) {
      return Promise.reject(
        new ProviderRpcError({
          code: PROVIDER_DISCONNECTED,
          message: 'This provider stream is closed.',
        }),
      );
    }
    if (this.#pending.size >= MAX_PENDING) {
      return Promise.reject(
        new ProviderRpcError({ code: -32005, message: 'Too many requests are waiting.' }),
      );
    }
    const { method, params } = args ?? {};
    let request: ProviderRequest;
    try {
      // A copy now: what cannot cross to the engine fails here, and later changes do not leak in.
      request = {
        id: this.#nextRequestId++,
        method,
        ...(params === undefined ? {} : { params: structuredClone(params) }),
      };
    } catch {
      return Promise.reject(
        new ProviderRpcError({ code: -32602, message: "'params' must be plain JSON." }),
      );
    }
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { request, resolve, reject });
      this.#sendRequest(request);
    });
  };

  onNotification(listener: (notification: ProviderNotification) => void): () => void {
    this.#notificationListeners.add(listener);
    return () => this.#notificationListeners.delete(listener);
  }

  /** Runs once, when the stream ends: closed here, or by the engine (with its reason). */
  onClose(listener: (error: ProviderError | undefined) => void): () => void {
    this.#closeListeners.add(listener);
    return () => this.#closeListeners.delete(listener);
  }

  close(): void {
    if (this.#closed) return;
    this.#send({ channel: 'provider', stream: this.id, message: { type: 'close' } });
    this.#end(undefined);
  }

  /** Opens on the current engine and re-sends whatever it has not answered (called by PageWire). */
  open(): void {
    if (this.#closed) return;
    this.#send({
      channel: 'provider',
      stream: this.id,
      message: { type: 'open', origin: this.origin },
    });
    for (const { request } of this.#pending.values()) this.#sendRequest(request);
  }

  /** An event of this stream from the engine (called by PageWire). */
  handle(event: ProviderStreamEvent): void {
    if (this.#closed) return;
    switch (event.type) {
      case 'opened':
        this.#engineOrigin = event.origin;
        return;
      case 'response': {
        const pending = this.#pending.get(event.response.id);
        if (!pending) return;
        this.#pending.delete(event.response.id);
        if ('error' in event.response) pending.reject(new ProviderRpcError(event.response.error));
        else pending.resolve(event.response.result);
        return;
      }
      case 'notification':
        for (const listener of [...this.#notificationListeners]) {
          try {
            listener(event.notification);
          } catch (error) {
            console.error('Orrery: a provider notification listener threw', error);
          }
        }
        return;
      case 'closed':
        this.#end(event.error);
        return;
    }
  }

  #sendRequest(request: ProviderRequest): void {
    this.#send({ channel: 'provider', stream: this.id, message: { type: 'request', request } });
  }

  #end(error: ProviderError | undefined): void {
    this.#closed = true;
    const reason = error ?? {
      code: PROVIDER_DISCONNECTED,
      message: 'This provider stream is closed.',
    };
    for (const { reject } of this.#pending.values()) reject(new ProviderRpcError(reason));
    this.#pending.clear();
    this.#notificationListeners.clear();
    for (const listener of [...this.#closeListeners]) listener(error);
    this.#closeListeners.clear();
    this.#onEnd();
  }
}
