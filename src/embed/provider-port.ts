// The dapp's side of the provider frame: a hidden iframe of the wallet's provider-frame.html and
// an EIP-1193 provider over it. Touches no browser global until called (server-side rendering).
import { createListenerSet, type ListenerSet } from './listeners';
import {
  PROVIDER_FRAME_STREAM,
  PROVIDER_HOST_STREAM,
  type FrameNotification,
  type FrameResponse,
} from './provider-wire';
import { createWindowMessageStream, type WindowMessageStream } from './window-message-stream';

export type ProviderPortEvent =
  'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged' | 'message';

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

/** A JSON-RPC error from the wallet, as EIP-1193's ProviderRpcError. */
export class ProviderPortError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ProviderPortError';
    this.code = code;
    this.data = data;
  }
}

export interface ProviderPort {
  request(args: RequestArguments): Promise<unknown>;
  on(event: ProviderPortEvent, listener: (payload: unknown) => void): ProviderPort;
  removeListener(event: ProviderPortEvent, listener: (payload: unknown) => void): ProviderPort;
  readonly iframe: HTMLIFrameElement;
  /** Removes the frame; pending requests fail with 4900. */
  close(): void;
}

export interface ProviderPortOptions {
  /** Where the iframe goes; defaults to document.body. */
  container?: HTMLElement;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

const DISCONNECTED = 4900;

/**
 * Embeds the wallet's provider frame (hidden) and returns an EIP-1193 provider over it. The
 * frame pins this page's origin from the handshake; the wallet then treats every request as
 * coming from this origin. Answers are accepted only from the frame's window and origin.
 */
export function createProviderPort(
  iframeUrl: string | URL,
  options: ProviderPortOptions = {},
): ProviderPort {
  const url = new URL(iframeUrl, document.baseURI);
  const iframe = document.createElement('iframe');
  iframe.src = url.href;
  iframe.title = 'Orrery wallet provider';
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  iframe.style.display = 'none';
  (options.container ?? document.body).appendChild(iframe);
  if (!iframe.contentWindow) throw new Error('createProviderPort: the iframe has no window');

  type Listener = (payload: unknown) => void;
  const listeners = new Map<ProviderPortEvent, ListenerSet<unknown>>();
  // Per event, each listener's unsubscribe, so removeListener finds it.
  const subscriptions = new Map<ProviderPortEvent, Map<Listener, () => void>>();
  const emit = (event: ProviderPortEvent, payload: unknown) => listeners.get(event)?.emit(payload);
  const pending = new Map<string, Pending>();
  let nextId = 1;
  let closed = false;
  let chainId: string | null = null;

  const frameWindow = iframe.contentWindow;
  // Started when the frame has loaded: earlier, the handshake would go to the blank document
  // the iframe starts with (the browser drops it, with a console warning). The frame sends its
  // own handshake when it starts, so the first side to hear the other completes it.
  const stream = new Promise<WindowMessageStream>((resolve) => {
    iframe.addEventListener(
      'load',
      () => {
        if (closed) return;
        const started = createWindowMessageStream({
          name: PROVIDER_HOST_STREAM,
          target: PROVIDER_FRAME_STREAM,
          targetWindow: frameWindow,
          targetOrigin: url.origin,
        });
        started.onData(onData);
        started.onConnect(onConnect);
        resolve(started);
      },
      { once: true },
    );
  });

  const onData = (data: unknown) => {
    const message = data as Partial<FrameResponse & FrameNotification>;
    if (message.id !== undefined && message.id !== null) {
      const waiting = pending.get(String(message.id));
      if (!waiting) return;
      pending.delete(String(message.id));
      if ('error' in message && message.error) {
        const { code, message: text, data: errorData } = message.error;
        waiting.reject(new ProviderPortError(code, text, errorData));
      } else {
        waiting.resolve((message as { result?: unknown }).result);
      }
      return;
    }
    if (typeof message.method !== 'string') return;
    const { method, params } = message;
    if (method === 'wallet_accountsChanged') emit('accountsChanged', params);
    else if (method === 'eth_subscription')
      emit('message', { type: 'eth_subscription', data: params });
    else if (method === 'wallet_chainChanged') {
      const next = (params as { chainId?: unknown } | undefined)?.chainId;
      if (typeof next === 'string' && next !== chainId) {
        chainId = next;
        emit('chainChanged', next);
      }
    }
  };

  const request = (args: RequestArguments): Promise<unknown> => {
    if (closed)
      return Promise.reject(new ProviderPortError(DISCONNECTED, 'The provider port is closed.'));
    const { method, params } = args ?? {};
    if (typeof method !== 'string' || method === '') {
      return Promise.reject(new ProviderPortError(-32600, "'method' must be a non-empty string."));
    }
    const id = `${nextId++}`;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      // The stream holds what is sent before its handshake completes.
      void stream.then((started) => {
        try {
          started.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
        } catch (error) {
          pending.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
  };

  const onConnect = () => {
    request({ method: 'eth_chainId' }).then(
      (id) => {
        if (typeof id !== 'string') return;
        chainId = id;
        emit('connect', { chainId: id });
      },
      () => undefined,
    );
  };

  const port: ProviderPort = {
    request,
    iframe,
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = createListenerSet()));
      let byListener = subscriptions.get(event);
      if (!byListener) subscriptions.set(event, (byListener = new Map()));
      if (!byListener.has(listener)) byListener.set(listener, set.add(listener));
      return port;
    },
    removeListener(event, listener) {
      subscriptions.get(event)?.get(listener)?.();
      subscriptions.get(event)?.delete(listener);
      return port;
    },
    close() {
      if (closed) return;
      closed = true;
      void stream.then((started) => started.close());
      iframe.remove();
      for (const waiting of pending.values()) {
        waiting.reject(new ProviderPortError(DISCONNECTED, 'The provider port is closed.'));
      }
      pending.clear();
      emit('disconnect', new ProviderPortError(DISCONNECTED, 'The provider port is closed.'));
      listeners.clear();
      subscriptions.clear();
    },
  };
  return port;
}
