/**
 * The host page's EIP-1193 provider over stream A's `provider` substream, with the legacy
 * surface dapps still read (selectedAddress, chainId, networkVersion, enable, send, sendAsync)
 * and the identity flags they test for. Accounts are lower-case. Events: connect, disconnect,
 * chainChanged, accountsChanged, message.
 */
import { createListenerSet, type ListenerSet } from '../listeners';
import type { Substream } from '../multiplex';

export type EmbedProviderEvent =
  'connect' | 'disconnect' | 'chainChanged' | 'accountsChanged' | 'message';

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

/** EIP-1193's ProviderRpcError. */
export class EmbedProviderError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'EmbedProviderError';
  }
}

interface JsonRpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
  method?: unknown;
  params?: unknown;
}

type LegacyCallback = (
  error: Error | null,
  response?: { id: unknown; jsonrpc: '2.0'; result?: unknown },
) => void;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isAccounts = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export class EmbedProvider {
  readonly isTorus = true;
  readonly isOrrery = true;
  /** MetaMask compatibility: many dapps only offer a wallet with this flag (host may turn off). */
  readonly isMetaMask: boolean;
  chainId: string | null = null;
  networkVersion: string | null = null;
  selectedAddress: string | null = null;
  isConnected = (): boolean => this.#connected;

  readonly #substream: Substream;
  readonly #pending = new Map<
    string,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  readonly #listeners = new Map<EmbedProviderEvent, ListenerSet<unknown>>();
  readonly #wrapped = new Map<
    (payload: never) => void,
    Array<{ event: string; off: () => void }>
  >();
  #nextId = 1;
  #connected = false;
  #closed = false;

  constructor(substream: Substream, options: { isMetaMask: boolean }) {
    this.#substream = substream;
    this.isMetaMask = options.isMetaMask;
    substream.onData((chunk) => this.#onData(chunk));
  }

  /** Reads the wallet's state for this origin; called once the streams are up. */
  async start(domain: { name: string; icon: string | null }): Promise<void> {
    const state = await this.request({ method: 'wallet_getProviderState' });
    if (isRecord(state)) {
      this.#setChain(state.chainId, state.networkVersion, false);
      if (isAccounts(state.accounts)) this.#setAccounts(state.accounts);
    }
    void this.request({ method: 'wallet_sendDomainMetadata', params: domain }).catch(
      () => undefined,
    );
  }

  request(args: RequestArguments): Promise<unknown> {
    if (!isRecord(args) || typeof args.method !== 'string' || args.method === '') {
      return Promise.reject(
        new EmbedProviderError(-32600, "'args.method' must be a non-empty string."),
      );
    }
    if (args.params !== undefined && (typeof args.params !== 'object' || args.params === null)) {
      return Promise.reject(
        new EmbedProviderError(-32600, "'args.params' must be an object or array."),
      );
    }
    if (this.#closed)
      return Promise.reject(new EmbedProviderError(4900, 'The provider is disconnected.'));
    const id = `o${(this.#nextId++).toString(36)}`;
    const { method, params } = args;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#substream.send({
        jsonrpc: '2.0',
        id,
        method,
        ...(params === undefined ? {} : { params }),
      });
    }).then((result) => {
      if ((method === 'eth_accounts' || method === 'eth_requestAccounts') && isAccounts(result)) {
        this.#setAccounts(result);
        return result.map((account) => account.toLowerCase());
      }
      return result;
    });
  }

  /** Legacy: eth_requestAccounts. */
  enable(): Promise<unknown> {
    return this.request({ method: 'eth_requestAccounts', params: [] });
  }

  /** Legacy web3 0.x: send(method, params) → promise, send(payload, callback), send(payload) sync reads. */
  send(
    methodOrPayload: string | { id?: unknown; method: string; params?: unknown[] },
    paramsOrCallback?: unknown,
  ): unknown {
    if (typeof methodOrPayload === 'string') {
      return this.request({
        method: methodOrPayload,
        params: (paramsOrCallback as unknown[]) ?? [],
      });
    }
    if (typeof paramsOrCallback === 'function') {
      this.sendAsync(methodOrPayload, paramsOrCallback as LegacyCallback);
      return undefined;
    }
    const result =
      methodOrPayload.method === 'eth_accounts'
        ? this.selectedAddress
          ? [this.selectedAddress]
          : []
        : methodOrPayload.method === 'eth_coinbase'
          ? this.selectedAddress
          : methodOrPayload.method === 'net_version'
            ? this.networkVersion
            : methodOrPayload.method === 'eth_chainId'
              ? this.chainId
              : undefined;
    if (result === undefined) {
      throw new EmbedProviderError(
        4200,
        `Synchronous ${methodOrPayload.method} is not supported; use request().`,
      );
    }
    return { id: methodOrPayload.id, jsonrpc: '2.0', result };
  }

  sendAsync(
    payload: { id?: unknown; method: string; params?: unknown[] },
    callback: LegacyCallback,
  ): void {
    this.request({
      method: payload.method,
      ...(payload.params ? { params: payload.params } : {}),
    }).then(
      (result) => callback(null, { id: payload.id, jsonrpc: '2.0', result }),
      (error: Error) => callback(error),
    );
  }

  on(event: EmbedProviderEvent, listener: (payload: never) => void): this {
    const off = this.#set(event).add(listener as (payload: unknown) => void);
    const entries = this.#wrapped.get(listener) ?? [];
    entries.push({ event, off });
    this.#wrapped.set(listener, entries);
    return this;
  }

  addListener(event: EmbedProviderEvent, listener: (payload: never) => void): this {
    return this.on(event, listener);
  }

  removeListener(event: EmbedProviderEvent, listener: (payload: never) => void): this {
    const entries = this.#wrapped.get(listener) ?? [];
    const index = entries.findIndex((entry) => entry.event === event);
    if (index >= 0) entries.splice(index, 1)[0]!.off();
    return this;
  }

  off(event: EmbedProviderEvent, listener: (payload: never) => void): this {
    return this.removeListener(event, listener);
  }

  /** Ends the provider: pending requests fail with 4900 and `disconnect` is emitted. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const error = new EmbedProviderError(4900, 'The provider is disconnected.');
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
    if (this.#connected) {
      this.#connected = false;
      this.#emit('disconnect', error);
    }
  }

  #set(event: EmbedProviderEvent): ListenerSet<unknown> {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = createListenerSet<unknown>()));
    return set;
  }

  #emit(event: EmbedProviderEvent, payload: unknown): void {
    this.#listeners.get(event)?.emit(payload);
  }

  #onData(chunk: unknown): void {
    if (!isRecord(chunk)) return;
    const message = chunk as JsonRpcAnswer;
    if (typeof message.id === 'string' && message.id !== '') {
      const pending = this.#pending.get(message.id);
      if (!pending) return; // a late or second answer: ignored, never fatal
      this.#pending.delete(message.id);
      if (isRecord(message.error)) {
        const { code, message: text, data } = message.error;
        pending.reject(
          new EmbedProviderError(
            Number.isInteger(code) ? (code as number) : -32603,
            typeof text === 'string' ? text : 'Internal error',
            data,
          ),
        );
      } else {
        pending.resolve(message.result);
      }
      return;
    }
    if (typeof message.method !== 'string') return;
    const { params } = message;
    switch (message.method) {
      case 'wallet_accountsChanged':
        if (isAccounts(params)) this.#setAccounts(params);
        return;
      case 'wallet_chainChanged':
        if (isRecord(params)) this.#setChain(params.chainId, params.networkVersion, true);
        return;
      case 'wallet_unlockStateChanged':
        if (isRecord(params) && isAccounts(params.accounts)) this.#setAccounts(params.accounts);
        return;
      case 'eth_subscription':
        this.#emit('message', { type: 'eth_subscription', data: params });
        return;
    }
  }

  #setChain(chainId: unknown, networkVersion: unknown, announce: boolean): void {
    if (typeof chainId !== 'string' || !/^0x[0-9a-f]+$/i.test(chainId)) return;
    const changed = chainId !== this.chainId;
    this.chainId = chainId.toLowerCase();
    if (typeof networkVersion === 'string' && networkVersion !== 'loading') {
      this.networkVersion = networkVersion;
    }
    if (!this.#connected) {
      this.#connected = true;
      this.#emit('connect', { chainId: this.chainId });
    } else if (changed && announce) {
      this.#emit('chainChanged', this.chainId);
    }
  }

  #setAccounts(accounts: string[]): void {
    const lower = accounts.map((account) => account.toLowerCase());
    const next = lower[0] ?? null;
    if (next === this.selectedAddress) return;
    this.selectedAddress = next;
    this.#emit('accountsChanged', lower);
  }
}
