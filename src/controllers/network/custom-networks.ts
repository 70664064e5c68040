/** Custom networks: the user's own RPC endpoints (spec part 1 §3 and §5). Pure functions. */
import type { Hex } from '../../shared/primitives';
import {
  parseChainId,
  toHexChainId,
  type ProviderConfig,
  RPC_PROVIDER_TYPE,
} from '../../shared/networks';
import { NetworkError, NetworkErrorCode } from './errors';

/** The spec's local form. `host` is the RPC URL. */
export type CustomNetwork = {
  id: string;
  networkName: string;
  host: string;
  chainId: Hex;
  symbol: string;
  blockExplorer: string;
};

/** What a user (or a dapp's add-chain request) supplies. */
export interface CustomNetworkInput {
  networkName: string;
  /** The RPC URL. */
  host: string;
  /** Hex when 0x-prefixed, decimal otherwise. */
  chainId: string | number;
  /** Defaults to ETH. */
  symbol?: string;
  blockExplorer?: string;
}

/** The backend's form (spec part 2 §3). */
export interface ServerCustomNetwork {
  id: string | number;
  network_name: string;
  rpc_url: string;
  chain_id: string | number;
  symbol?: string | null;
  block_explorer_url?: string | null;
}

export const DEFAULT_CUSTOM_NETWORK_TICKER = 'ETH';

/** Validates and normalises an input into the stored form. Throws a clear error on bad input. */
export function toCustomNetwork(input: CustomNetworkInput, id: string): CustomNetwork {
  const networkName = input.networkName?.trim() ?? '';
  if (!networkName) throw invalid('A custom network needs a name.');
  const host = input.host?.trim() ?? '';
  if (!isHttpUrl(host)) throw invalid(`Invalid RPC URL "${input.host}": expected an http(s) URL.`);
  const blockExplorer = input.blockExplorer?.trim() ?? '';
  if (blockExplorer && !isHttpUrl(blockExplorer)) {
    throw invalid(`Invalid block explorer URL "${input.blockExplorer}": expected an http(s) URL.`);
  }
  const symbol = input.symbol?.trim() || DEFAULT_CUSTOM_NETWORK_TICKER;
  let chainId: Hex;
  try {
    chainId = parseChainId(input.chainId);
  } catch (error) {
    throw invalid((error as Error).message, error);
  }
  return { id, networkName, host, chainId, symbol, blockExplorer };
}

const invalid = (message: string, cause?: unknown) =>
  new NetworkError(NetworkErrorCode.invalidCustomNetwork, message, { cause });

export function customNetworkToProviderConfig(network: CustomNetwork): ProviderConfig {
  return {
    type: RPC_PROVIDER_TYPE,
    chainId: network.chainId,
    rpcUrl: network.host,
    ticker: network.symbol,
    tickerName: network.symbol,
    networkName: network.networkName,
    blockExplorer: network.blockExplorer,
    logo: 'eth.svg',
    customNetworkId: network.id,
  };
}

/** Lookup by chain id as hex (a numeric id is converted first). */
export function findCustomNetworkByChainId(
  networks: Readonly<Record<string, CustomNetwork>>,
  chainId: string | number,
): CustomNetwork | undefined {
  let hex: Hex;
  try {
    hex = toHexChainId(chainId);
  } catch {
    return undefined;
  }
  return Object.values(networks).find((network) => network.chainId === hex);
}

export function fromServerCustomNetwork(row: ServerCustomNetwork): CustomNetwork {
  return toCustomNetwork(
    {
      networkName: row.network_name,
      host: row.rpc_url,
      chainId: row.chain_id,
      symbol: row.symbol ?? undefined,
      blockExplorer: row.block_explorer_url ?? undefined,
    },
    String(row.id),
  );
}

export function toServerCustomNetwork(network: CustomNetwork): Omit<ServerCustomNetwork, 'id'> {
  return {
    network_name: network.networkName,
    rpc_url: network.host,
    chain_id: network.chainId,
    symbol: network.symbol,
    block_explorer_url: network.blockExplorer,
  };
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
