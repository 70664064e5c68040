import type { NetworkState } from '../../controllers/network/NetworkController';
import type { ActionApi } from '../contract/action-api';
import type { RootMessenger } from '../engine/root-messenger';
import { ConnectionNotifier } from './connection-notifier';
import { FiltersAndSubscriptions } from './filters-and-subscriptions';
import { OriginProvider } from './origin-provider';
import { createOriginRpcEngine } from './origin-rpc-engine';
import type { DomainMetadata, RpcContext, RpcLogEntry } from './rpc-context';

export interface OriginConnectionOptions {
  origin: string;
  messenger: RootMessenger;
  /** The wallet's own origin; it is trusted and gets `actions` as the provider's `controller`. */
  walletOrigin: string;
  /** Given to trusted origins only. */
  actions?: ActionApi;
  log?: (entry: RpcLogEntry) => void;
  fetchFn?: typeof fetch;
  onClose?: (connection: OriginConnection) => void;
}

/**
 * One dapp connection: its JSON-RPC engine, filters and subscriptions, domain metadata and
 * notifications, and the EIP-1193 provider over them. Closing it stops all of that.
 */
export class OriginConnection {
  readonly origin: string;
  readonly provider: OriginProvider;
  readonly #context: RpcContext;
  readonly #filters: FiltersAndSubscriptions;
  readonly #notifier: ConnectionNotifier;
  readonly #messenger: RootMessenger;
  readonly #onNetworkState = (state: NetworkState) =>
    this.provider.updateConnected(
      state.networkStatus === 'available',
      state.providerConfig.chainId,
    );

  constructor(options: OriginConnectionOptions) {
    const { origin, messenger, walletOrigin } = options;
    if (typeof origin !== 'string' || origin.trim() === '') {
      throw new Error('connect(origin): the origin must be a non-empty string.');
    }
    this.origin = origin;
    this.#messenger = messenger;
    const connection: { domainMetadata: DomainMetadata | null } = { domainMetadata: null };
    this.#context = {
      origin,
      walletOrigin,
      messenger,
      connection,
      notify: (method, params) =>
        this.provider.handleNotification({ jsonrpc: '2.0', method, params }),
      log: options.log,
      // Called as ctx.fetchFn(): browsers refuse a fetch whose `this` is not the global scope.
      fetchFn: options.fetchFn ?? ((input, init) => fetch(input, init)),
    };
    this.#filters = new FiltersAndSubscriptions(this.#context);
    const engine = createOriginRpcEngine(this.#context, this.#filters);
    const network = messenger.call('NetworkController:getState');
    this.provider = new OriginProvider({
      origin,
      engine,
      chainId: network.providerConfig.chainId,
      connected: network.networkStatus === 'available',
      ...(origin === walletOrigin && options.actions ? { controller: options.actions } : {}),
      onClose: () => {
        this.#teardown();
        options.onClose?.(this);
      },
    });
    this.#notifier = new ConnectionNotifier(this.#context);
    messenger.subscribe('NetworkController:stateChange', this.#onNetworkState);
  }

  /** What wallet_sendDomainMetadata said, if anything. */
  get domainMetadata(): DomainMetadata | null {
    return this.#context.connection.domainMetadata;
  }

  /** Resolves once queued subscription deliveries are done. */
  settled(): Promise<void> {
    return this.#filters.settled();
  }

  close(): void {
    this.provider.close();
  }

  #teardown(): void {
    this.#filters.close();
    this.#notifier.close();
    try {
      this.#messenger.unsubscribe('NetworkController:stateChange', this.#onNetworkState);
    } catch {
      // Already gone.
    }
  }
}
