/**
 * How records name a network: the server's custom tokens and NFTs carry `network`, the built-in
 * network's key ('mainnet', 'matic', ...) or, for a custom network, its chain id.
 */
import {
  BUILT_IN_NETWORKS,
  isBuiltInNetworkType,
  parseChainId,
  RPC_PROVIDER_TYPE,
  type ProviderConfig,
} from '../../shared/networks';

/** The name a new record gets for the selected network. */
export function networkKeyOf(config: Pick<ProviderConfig, 'type' | 'chainId'>): string {
  return config.type === RPC_PROVIDER_TYPE ? config.chainId : config.type;
}

/** Whether a record's `network` names the selected network (by key or by chain id). */
export function isOnNetwork(
  network: string,
  config: Pick<ProviderConfig, 'type' | 'chainId'>,
): boolean {
  if (network === networkKeyOf(config)) return true;
  if (isBuiltInNetworkType(network)) return BUILT_IN_NETWORKS[network].chainId === config.chainId;
  try {
    return parseChainId(network) === config.chainId;
  } catch {
    return false;
  }
}
