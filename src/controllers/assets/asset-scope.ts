/**
 * What an assets refresh is about: the selected account on the selected network. A refresh
 * remembers its scope and applies its result only if the scope is still the selected one.
 */
import type { Hex } from '../../shared/primitives';
import type { ProviderConfig } from '../../shared/networks';
import { networkKeyOf } from './network-key';

export type AssetScope = {
  chainId: Hex;
  /** Lowercase 0x address. */
  account: Hex;
  /** The records' name for the network (see network-key.ts). */
  network: string;
  ticker: string;
  providerConfig: ProviderConfig;
};

export const scopeKey = (scope: Pick<AssetScope, 'chainId' | 'account'>) =>
  `${scope.chainId}:${scope.account}`;

/** The scope to refresh, or undefined while locked or without an account. */
export function currentScope(
  providerConfig: ProviderConfig,
  selectedAddress: string | null,
  unlocked: boolean,
): AssetScope | undefined {
  if (!unlocked || !selectedAddress) return undefined;
  return {
    chainId: providerConfig.chainId.toLowerCase() as Hex,
    account: selectedAddress.toLowerCase() as Hex,
    network: networkKeyOf(providerConfig),
    ticker: providerConfig.ticker,
    providerConfig,
  };
}

/**
 * Runs one refresh per scope at a time (a second caller shares the first's) and tells whether a
 * finished one is still about the selected scope.
 */
export class ScopedRefresh {
  readonly #inFlight = new Map<string, Promise<void>>();

  run(scope: AssetScope, work: () => Promise<void>): Promise<void> {
    const key = scopeKey(scope);
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = work().finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  get running(): boolean {
    return this.#inFlight.size > 0;
  }
}
