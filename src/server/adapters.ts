// The third-party service adapters chosen by the configuration.
import type { ServerConfig } from './config';
import { EtherscanSource, type ExplorerSource } from './explorer/etherscan';
import { BitIndexer } from './lookup/bit';
import { EnsResolver, type NameResolver } from './lookup/ens';
import { UnstoppableResolver } from './lookup/unstoppable';
import { DiscordApi, type DiscordRevoker } from './social/discord';
import { TwitterApi, type TwitterLookup } from './social/twitter';
import { UpstreamProxy } from './proxy/upstream-proxy';
import { HttpPriceSource, OfflinePriceSource, type PriceSource } from './prices/price-source';
import {
  HttpTokenPriceSource,
  OfflineTokenPriceSource,
  type TokenPriceSource,
} from './prices/token-price-source';

export interface Adapters {
  prices: PriceSource;
  /** Token prices by contract address; without a configured API every token is unpriced. */
  tokenPrices: TokenPriceSource;
  /** Undefined when no ENS node is configured: /lookup answers 503. */
  names?: NameResolver;
  /** Undefined without a node and a ProxyReader address: /lookup?type=unstoppable answers 503. */
  unstoppable?: NameResolver;
  /** Undefined without an indexer URL: /lookup?type=bit answers 503. */
  bit?: BitIndexer;
  /** Undefined when no explorer API is configured: /etherscan answers 503. */
  explorer?: ExplorerSource;
  /** Undefined without a bearer token: /twitter answers 503. */
  twitter?: TwitterLookup;
  /** Undefined without client credentials: /revoke/discord answers 503. */
  discord?: DiscordRevoker;
  /** Undefined without an API key: /covalent answers 503. */
  covalent?: UpstreamProxy;
  /** Undefined without an API key: /opensea answers 503. */
  opensea?: UpstreamProxy;
}

export function adaptersFromConfig(config: ServerConfig): Adapters {
  const {
    priceSource,
    tokenPrices,
    ens,
    unstoppable,
    bit,
    explorer,
    social,
    dataProviders: providers,
  } = config;
  const cacheMaxEntries = config.cacheMaxEntries;
  const limits = {
    timeoutMs: providers.timeoutMs,
    cacheMs: providers.cacheMs,
    maxBytes: providers.maxBytes,
    cacheMaxBytes: providers.cacheMaxBytes,
    cacheMaxEntries,
  };
  return {
    prices:
      priceSource.kind === 'http' && priceSource.url
        ? new HttpPriceSource({ ...priceSource, baseUrl: priceSource.url, cacheMaxEntries })
        : new OfflinePriceSource(),
    tokenPrices: tokenPrices.url
      ? new HttpTokenPriceSource({ ...tokenPrices, baseUrl: tokenPrices.url, cacheMaxEntries })
      : new OfflineTokenPriceSource(),
    names: ens.rpcUrl
      ? new EnsResolver({ ...ens, rpcUrl: ens.rpcUrl, cacheMaxEntries })
      : undefined,
    unstoppable:
      unstoppable.rpcUrl && unstoppable.proxyReader
        ? new UnstoppableResolver({
            ...unstoppable,
            rpcUrl: unstoppable.rpcUrl,
            proxyReader: unstoppable.proxyReader,
            cacheMaxEntries,
          })
        : undefined,
    bit: bit.indexerUrl
      ? new BitIndexer({ ...bit, baseUrl: bit.indexerUrl, cacheMaxEntries })
      : undefined,
    explorer: explorer.url
      ? new EtherscanSource({ ...explorer, baseUrl: explorer.url, cacheMaxEntries })
      : undefined,
    twitter: social.twitterBearerToken
      ? new TwitterApi({
          baseUrl: social.twitterApiUrl,
          bearerToken: social.twitterBearerToken,
          timeoutMs: social.timeoutMs,
        })
      : undefined,
    discord:
      social.discordClientId && social.discordClientSecret
        ? new DiscordApi({
            baseUrl: social.discordApiUrl,
            clientId: social.discordClientId,
            clientSecret: social.discordClientSecret,
            timeoutMs: social.timeoutMs,
          })
        : undefined,
    covalent: providers.covalentApiKey
      ? new UpstreamProxy({
          service: 'Covalent',
          baseUrl: providers.covalentApiUrl,
          headers: { authorization: `Bearer ${providers.covalentApiKey}` },
          ...limits,
        })
      : undefined,
    opensea: providers.openseaApiKey
      ? new UpstreamProxy({
          service: 'OpenSea',
          baseUrl: providers.openseaApiUrl,
          headers: { 'x-api-key': providers.openseaApiKey },
          ...limits,
        })
      : undefined,
  };
}
