// The third-party service adapters chosen by the configuration.
import type { ServerConfig } from './config';
import { EtherscanSource, type ExplorerSource } from './explorer/etherscan';
import { EnsResolver, type NameResolver } from './lookup/ens';
import { HttpPriceSource, OfflinePriceSource, type PriceSource } from './prices/price-source';

export interface Adapters {
  prices: PriceSource;
  /** Undefined when no ENS node is configured: /lookup answers 503. */
  names?: NameResolver;
  /** Undefined when no explorer API is configured: /etherscan answers 503. */
  explorer?: ExplorerSource;
}

export function adaptersFromConfig(config: ServerConfig): Adapters {
  const { priceSource, ens, explorer } = config;
  return {
    prices:
      priceSource.kind === 'http' && priceSource.url
        ? new HttpPriceSource({ ...priceSource, baseUrl: priceSource.url })
        : new OfflinePriceSource(),
    names: ens.rpcUrl ? new EnsResolver({ ...ens, rpcUrl: ens.rpcUrl }) : undefined,
    explorer: explorer.url
      ? new EtherscanSource({ ...explorer, baseUrl: explorer.url })
      : undefined,
  };
}
