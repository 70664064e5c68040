/**
 * What the network-change window (/providerchange, views.md §3.8) shows: the network the wallet
 * is on and the one it is asked to move to, each by name, chain id, RPC host, block explorer and
 * currency. A host's provider change is approved as a switch_chain (a network the wallet knows)
 * or an add_chain (a new one); every fact about the requested network comes from the request the
 * engine checked, filled in from the wallet's own list of networks when it knows that chain.
 */
import type { UiState } from '../../background/contract/ui-state';
import { findBuiltInNetworkByChainId } from '../../shared/networks';
import type { PendingApproval } from './approvals';

/** The approval types this window shows; any other request is not a network change. */
export const PROVIDER_CHANGE_KINDS = ['switch_chain', 'add_chain'] as const;

export interface NetworkFacts {
  name: string;
  /** Decimal, as people read it; `chainIdHex` beside it. */
  chainId: string;
  chainIdHex: string;
  /** The RPC endpoint's host (no path: it may carry an API key). */
  host: string | null;
  explorer: string | null;
  ticker: string | null;
}

export interface ProviderChangeView {
  current: NetworkFacts;
  requested: NetworkFacts;
}

type Network = Pick<UiState['NetworkController'], 'providerConfig' | 'customNetworks'>;

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

function chainIds(chainId: string): { chainId: string; chainIdHex: string } {
  try {
    const value = BigInt(chainId);
    return { chainId: value.toString(), chainIdHex: `0x${value.toString(16)}` };
  } catch {
    return { chainId, chainIdHex: chainId };
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** The view for a pending switch_chain or add_chain request; null for any other request. */
export function providerChangeView(
  request: PendingApproval,
  network: Network,
): ProviderChangeView | null {
  if (!(PROVIDER_CHANGE_KINDS as readonly string[]).includes(request.type)) return null;
  const data = request.requestData as Record<string, unknown>;
  const config = network.providerConfig;
  const current: NetworkFacts = {
    name: config.networkName || config.type,
    ...chainIds(config.chainId),
    host: hostOf(config.rpcUrl),
    explorer: text(config.blockExplorer),
    ticker: text(config.ticker),
  };
  const chainId = String(data.chainId);
  const ids = chainIds(chainId);
  if (request.type === 'add_chain') {
    return {
      current,
      requested: {
        name: text(data.chainName) ?? ids.chainId,
        ...ids,
        host: hostOf(text(data.rpcUrl)),
        explorer: text(data.blockExplorerUrl),
        ticker: text(data.ticker),
      },
    };
  }
  // switch_chain names a network the wallet already has: its explorer and ticker come from there.
  const custom = Object.values(network.customNetworks).find(
    (entry) => chainIds(entry.chainId).chainId === ids.chainId,
  );
  const builtIn = custom ? undefined : findBuiltInNetworkByChainId(ids.chainIdHex);
  return {
    current,
    requested: {
      name: text(data.networkName) ?? custom?.networkName ?? builtIn?.networkName ?? ids.chainId,
      ...ids,
      host: hostOf(text(data.rpcUrl) ?? custom?.host ?? builtIn?.rpcUrl),
      explorer: text(custom?.blockExplorer ?? builtIn?.blockExplorer),
      ticker: text(custom?.symbol ?? builtIn?.ticker),
    },
  };
}
