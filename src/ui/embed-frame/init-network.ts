/**
 * What the iframe does with the network a host names at init (torus-embed's
 * `init({network})`). The old wallet applied it without asking (spec part 1 §4, provider change
 * with override); Orrery does so only for its own built-in networks, whose endpoints it chose:
 * an RPC URL from a host is never selected silently (the host calls setProvider, which asks the
 * user). A chainId that contradicts the named network is refused rather than guessed.
 */
import {
  BUILT_IN_NETWORKS,
  isBuiltInNetworkType,
  type BuiltInNetworkType,
} from '../../shared/networks';
import type { EmbedNetworkRequest } from './init-config';

export type InitNetworkPlan =
  | { kind: 'keep' }
  | { kind: 'switch'; type: BuiltInNetworkType }
  | { kind: 'refuse'; reason: string };

/** `currentChainId`: the wallet's chain now (eth_chainId), or null when unknown. */
export function planInitNetwork(
  requested: EmbedNetworkRequest,
  currentChainId: string | null,
): InitNetworkPlan {
  const { host, chainId } = requested;
  if (!isBuiltInNetworkType(host)) {
    // Already there (the user chose that chain): nothing to change, nothing to refuse.
    if (chainId !== null && chainId === currentChainId?.toLowerCase()) return { kind: 'keep' };
    return {
      kind: 'refuse',
      reason: `${host} is not a built-in network; setProvider() asks the user for it`,
    };
  }
  const builtIn = BUILT_IN_NETWORKS[host];
  if (chainId !== null && chainId !== builtIn.chainId) {
    return { kind: 'refuse', reason: `${host} has chainId ${builtIn.chainId}, not ${chainId}` };
  }
  // Compared by chain id: the wallet's localhost may be configured with another endpoint.
  if (builtIn.chainId === currentChainId?.toLowerCase()) return { kind: 'keep' };
  if (!builtIn.rpcUrl) return { kind: 'refuse', reason: `${host} has no RPC endpoint` };
  return { kind: 'switch', type: host };
}
