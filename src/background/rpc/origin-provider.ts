import type { JsonRpcEngine } from '@metamask/json-rpc-engine';
import { providerErrors } from '@metamask/rpc-errors';
import type { JsonRpcParams } from '@metamask/utils';

import type { NetworkState } from '../../controllers/network/NetworkController';

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
 * through that origin's JSON-RPC engine, and events follow the network state.
 */
export class OriginProvider {
  readonly origin: string;
  readonly #engine: JsonRpcEngine;
  readonly #listeners = new Map<ProviderEvent, Set<Listener>>();
  #chainId: string;
  #connected: boolean;
  #closed = false;

  constructor(origin: string, engine: JsonRpcEngine, network: NetworkState) {
    this.origin = origin;
    this.#engine = engine;
    this.#chainId = network.providerConfig.chainId;
    this.#connected = network.networkStatus === 'available';
  }

  async request<Result = unknown>({ method, params }: RequestArguments): Promise<Result> {
    if (this.#closed)
      throw providerErrors.disconnected({ message: 'This connection has been closed.' });
    if (typeof method !== 'string' || method.length === 0) {
      throw Object.assign(new Error("'method' must be a non-empty string."), { code: -32600 });
    }
    const response = await this.#engine.handle({
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: params as JsonRpcParams,
    });
    if ('error' in response) throw response.error;
    return response.result as Result;
  }

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

  /** Called by the engine on every network state change; emits only what actually changed. */
  updateNetwork(network: NetworkState): void {
    if (this.#closed) return;
    const connected = network.networkStatus === 'available';
    if (network.providerConfig.chainId !== this.#chainId) {
      this.#chainId = network.providerConfig.chainId;
      this.#emit('chainChanged', this.#chainId);
    }
    if (connected !== this.#connected) {
      this.#connected = connected;
      if (connected) this.#emit('connect', { chainId: this.#chainId });
      else this.#emit('disconnect', providerErrors.disconnected());
    }
  }

  close(): void {
    this.#closed = true;
    this.#listeners.clear();
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
