import type { NetworkState } from '../../controllers/network/NetworkController';
import type { RpcProvider } from '../../controllers/network/rpc-provider';
import type { RootMessenger } from '../engine/root-messenger';

/** What a dapp told us about itself with wallet_sendDomainMetadata. */
export type DomainMetadata = { name: string; icon: string | null };

/** A JSON-RPC notification pushed to one connection. */
export type RpcNotification = { jsonrpc: '2.0'; method: string; params: unknown };

/** One handled request, for the logging middleware's sink. */
export type RpcLogEntry = {
  origin: string;
  method: string;
  durationMs: number;
  /** The error code when the request failed. */
  errorCode?: number;
};

/** Everything one connection's middleware needs: who is asking and how to reach the wallet. */
export interface RpcContext {
  readonly origin: string;
  /** The wallet's own origin ('orrery'): it acts only from the selected address, needs no grant. */
  readonly walletOrigin: string;
  readonly messenger: RootMessenger;
  /** Per-connection state the dapp set. */
  readonly connection: { domainMetadata: DomainMetadata | null };
  /** Pushes a notification to this connection only. */
  notify(method: string, params: unknown): void;
  /** Receives one entry per request; absent means no logging. */
  readonly log?: (entry: RpcLogEntry) => void;
  /** HTTP for checking an add-chain RPC URL; tests may wrap it. */
  readonly fetchFn: typeof fetch;
}

export const networkState = (ctx: RpcContext): NetworkState =>
  ctx.messenger.call('NetworkController:getState');

export const networkProvider = (ctx: RpcContext): RpcProvider =>
  ctx.messenger.call('NetworkController:getProvider');

/** The network version as dapps read it: the node's net_version, 'loading' until known. */
export function networkVersion(network: NetworkState): string {
  return network.networkStatus === 'available' && network.networkId !== null
    ? network.networkId
    : 'loading';
}

export function isUnlocked(ctx: RpcContext): boolean {
  return ctx.messenger.call('KeyringController:getState').isUnlocked;
}

/**
 * The accounts this origin sees: nothing while locked; otherwise the selected address, and only
 * when the origin's unexpired grant includes it (the wallet's own origin needs no grant). An
 * origin acts only for the selected address, so that is the one it is shown.
 */
export function exposedAccounts(ctx: RpcContext): string[] {
  if (!isUnlocked(ctx)) return [];
  const selected = ctx.messenger.call('PreferencesController:getState').selectedAddress;
  if (!selected) return [];
  if (ctx.origin === ctx.walletOrigin) return [selected];
  const permitted = ctx.messenger.call('PermissionController:getPermittedAccounts', ctx.origin);
  return permitted.includes(selected) ? [selected] : [];
}

/** What a connection is shown: the provider state of the embed protocol's `wallet_getProviderState`. */
export type ProviderState = {
  accounts: string[];
  chainId: string;
  networkVersion: string;
  isUnlocked: boolean;
};

export function providerState(ctx: RpcContext): ProviderState {
  const network = networkState(ctx);
  return {
    accounts: exposedAccounts(ctx),
    chainId: network.providerConfig.chainId,
    networkVersion: networkVersion(network),
    isUnlocked: isUnlocked(ctx),
  };
}

// The same checks the controllers validate requests with.
export { invalidParams, isPlainObject } from '../../controllers/messages/message-params';

/** Params as an array; EIP-1193 allows an object, which counts as the single param. */
export function paramsArray(params: unknown): unknown[] {
  if (params === undefined) return [];
  return Array.isArray(params) ? params : [params];
}
