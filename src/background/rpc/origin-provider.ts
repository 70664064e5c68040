import type { JsonRpcEngine } from '@metamask/json-rpc-engine';
import { providerErrors, rpcErrors } from '@metamask/rpc-errors';
import type { JsonRpcParams } from '@metamask/utils';

import type { ActionApi } from '../contract/action-api';
import type { RpcNotification } from './rpc-context';

export type ProviderEvent =
  'connect' | 'disconnect' | 'chainChanged' | 'accountsChanged' | 'message';

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

type Listener = (payload: unknown) => void;

let nextId = 1;

/**
 * The EIP-1193 provider a headless caller gets from `engine.connect(origin)`: `request` goes
 * through that origin's JSON-RPC engine; events follow that connection's notifications.
 * `request` is a bound property, so `custom({ request: provider.request })` works.
 */
export class OriginProvider {
  readonly origin: string;
  /** The engine's action API: only for trusted (the wallet's own) origins, else undefined. */
  readonly controller: ActionApi | undefined;
  readonly #engine: JsonRpcEngine;
  readonly #listeners = new Map<ProviderEvent, Set<Listener>>();
  readonly #notificationListeners = new Set<(notification: RpcNotification) => void>();
  readonly #onClose: () => void;
  #chainId: string;
  #connected: boolean;
  #closed = false;

  constructor(options: {
    origin: string;
    engine: JsonRpcEngine;
    chainId: string;
    connected: boolean;
    controller?: ActionApi;
    onClose: () => void;
  }) {
    this.origin = options.origin;
    this.controller = options.controller;
    this.#engine = options.engine;
    this.#chainId = options.chainId;
    this.#connected = options.connected;
    this.#onClose = options.onClose;
  }

  get closed(): boolean {
    return this.#closed;
  }

  readonly request = async <Result = unknown>(args: RequestArguments): Promise<Result> => {
    if (this.#closed) {
      throw providerErrors.disconnected({ message: 'This connection has been closed.' });
    }
    const { method, params } = (args ?? {}) as Partial<RequestArguments>;
    if (typeof method !== 'string' || method.length === 0) {
      throw rpcErrors.invalidRequest({ message: "'method' must be a non-empty string." });
    }
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      throw rpcErrors.invalidRequest({ message: "'params' must be an array or an object." });
    }
    const response = await this.#engine.handle({
      jsonrpc: '2.0',
      id: nextId++,
      method,
      ...(params !== undefined ? { params: params as JsonRpcParams } : {}),
    });
    if ('error' in response && response.error) throw response.error;
    return (response as unknown as { result: Result }).result;
  };

  on(event: ProviderEvent, listener: Listener): this {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(event: ProviderEvent, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener);
    return this;
  }

  /** Raw JSON-RPC notifications of this connection (what an embed stream forwards). */
  onNotification(listener: (notification: RpcNotification) => void): () => void {
    this.#notificationListeners.add(listener);
    return () => this.#notificationListeners.delete(listener);
  }

  /** Called by the connection: forwards the notification and emits its EIP-1193 event. */
  handleNotification(notification: RpcNotification): void {
    if (this.#closed) return;
    for (const listener of this.#notificationListeners) {
      try {
        listener(notification);
      } catch (error) {
        console.error('Orrery: a notification listener threw', error);
      }
    }
    const { method, params } = notification;
    if (method === 'wallet_accountsChanged') this.#emit('accountsChanged', params);
    else if (method === 'eth_subscription')
      this.#emit('message', { type: 'eth_subscription', data: params });
    else if (method === 'wallet_chainChanged') {
      const { chainId } = params as { chainId: string };
      if (chainId !== this.#chainId) {
        this.#chainId = chainId;
        this.#emit('chainChanged', chainId);
      }
    }
  }

  /** Called by the connection on network status changes: connect / disconnect (EIP-1193). */
  updateConnected(connected: boolean, chainId: string): void {
    if (this.#closed || connected === this.#connected) return;
    this.#connected = connected;
    if (connected) this.#emit('connect', { chainId });
    else this.#emit('disconnect', providerErrors.disconnected());
  }

  /** Ends the connection: its filters and subscriptions stop, later requests fail with 4900. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#listeners.clear();
    this.#notificationListeners.clear();
    this.#onClose();
  }

  #emit(event: ProviderEvent, payload: unknown): void {
    for (const listener of this.#listeners.get(event) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`Orrery: a ${event} listener threw`, error);
      }
    }
  }
}
