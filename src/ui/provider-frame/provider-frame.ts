/**
 * The provider frame: a tiny page of the wallet origin that a dapp iframes to reach the wallet's
 * one engine. It pins the origin of its parent window from the parent's first handshake message
 * (the window message stream ignores every other window, and every other origin after that),
 * opens one provider stream for exactly that origin and relays JSON-RPC both ways. Nothing a
 * dapp sends can name another origin: the origin is the browser's `event.origin`.
 */
import {
  createWindowMessageStream,
  type MessageListenWindow,
  type MessageTargetWindow,
} from '../../embed';
import {
  PROVIDER_FRAME_STREAM,
  PROVIDER_HOST_STREAM,
  type FrameRequest,
  type FrameResponse,
  type JsonRpcId,
} from '../../embed/provider-wire';
import type { ProviderNotification, ProviderParams } from '../../background/contract/protocol';

/** What the frame needs of a provider stream (a ProviderStream from the page wire). */
export interface FrameProvider {
  request(args: { method: string; params?: ProviderParams }): Promise<unknown>;
  onNotification(listener: (notification: ProviderNotification) => void): () => void;
}

export interface ProviderFrameOptions {
  /** The embedding page (window.parent). */
  parent: MessageTargetWindow;
  /** Where messages arrive (the frame's own window). */
  selfWindow: MessageListenWindow;
  /** Opens the provider stream for the pinned origin; resolves once the page is on the wire. */
  openProvider: (origin: string) => FrameProvider | Promise<FrameProvider>;
}

function isJsonRpcId(value: unknown): value is JsonRpcId {
  return (typeof value === 'string' && value.length <= 128) || Number.isFinite(value);
}

function toErrorObject(error: unknown): { code: number; message: string; data?: unknown } {
  const { code, message, data } = (error ?? {}) as {
    code?: unknown;
    message?: unknown;
    data?: unknown;
  };
  return {
    code: Number.isInteger(code) ? (code as number) : -32603,
    message: typeof message === 'string' ? message : 'Internal error',
    ...(data === undefined ? {} : { data }),
  };
}

export function startProviderFrame(options: ProviderFrameOptions): { close(): void } {
  const stream = createWindowMessageStream({
    name: PROVIDER_FRAME_STREAM,
    target: PROVIDER_HOST_STREAM,
    targetWindow: options.parent,
    selfWindow: options.selfWindow,
  });
  let provider: Promise<FrameProvider> | null = null;

  const providerForPinnedOrigin = (): Promise<FrameProvider> => {
    if (provider) return provider;
    const origin = stream.targetOrigin;
    if (!origin) throw new Error('provider frame: no pinned origin');
    provider = Promise.resolve(options.openProvider(origin)).then((opened) => {
      opened.onNotification(({ method, params }) => {
        if (stream.connected) stream.send({ jsonrpc: '2.0', method, params });
      });
      return opened;
    });
    return provider;
  };

  // Opened as soon as the origin is pinned; a failure reaches the dapp with each request.
  stream.onConnect(() => void providerForPinnedOrigin().catch(() => undefined));
  stream.onData((data) => {
    const { id, method, params } = data as Partial<FrameRequest>;
    if (!isJsonRpcId(id)) return; // a notification, or not JSON-RPC: nothing to answer
    const answer = (response: FrameResponse) => {
      if (stream.connected) stream.send(response);
    };
    if (typeof method !== 'string' || (params !== undefined && typeof params !== 'object')) {
      answer({ jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } });
      return;
    }
    providerForPinnedOrigin()
      .then((opened) => opened.request({ method, ...(params ? { params } : {}) }))
      .then(
        (result) => answer({ jsonrpc: '2.0', id, result: result ?? null }),
        (error: unknown) => answer({ jsonrpc: '2.0', id, error: toErrorObject(error) }),
      );
  });
  return { close: () => stream.close() };
}
