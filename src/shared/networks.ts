/** Built-in network definitions (spec part 2 §9, supported chains). Chain ids are 0x-prefixed lowercase hex. */
import type { Hex } from './primitives';

// A type alias, not an interface: controller state must be assignable to Json, and only
// type aliases get the implicit index signature that needs.
export type ProviderConfig = {
  /** A built-in network key such as 'localhost' or 'mainnet', or 'rpc' for a custom network. */
  type: string;
  chainId: Hex;
  rpcUrl: string;
  ticker: string;
  tickerName: string;
  networkName: string;
  blockExplorer: string;
  /** Logo file name under the UI's image folder, e.g. 'eth.svg'. */
  logo?: string;
  /** For a custom network ('rpc'): the id of its entry in `customNetworks`. */
  customNetworkId?: string;
};

/** The host keys the embed protocol uses to name built-in networks. */
export const BUILT_IN_NETWORK_TYPES = [
  'mainnet',
  'goerli',
  'sepolia',
  'localhost',
  'matic',
  'mumbai',
  'bsc_mainnet',
  'bsc_testnet',
  'okxchain_mainnet',
  'okxchain_testnet',
  'xdai',
  'rsk_mainnet',
  'rsk_testnet',
  'reef',
  'arbitrum_mainnet',
  'arbitrum_testnet',
  'optimism_mainnet',
  'optimism_testnet',
  'celo_mainnet',
  'avalanche_mainnet',
  'avalanche_testnet',
] as const;

export type BuiltInNetworkType = (typeof BUILT_IN_NETWORK_TYPES)[number];

/** The provider type of a custom network; never accepted by `setProviderType`. */
export const RPC_PROVIDER_TYPE = 'rpc';

/** The spec's local development chain (chain id 5777). */
export const LOCALHOST_NETWORK: ProviderConfig = {
  type: 'localhost',
  chainId: '0x1691',
  rpcUrl: 'http://127.0.0.1:8545',
  ticker: 'ETH',
  tickerName: 'Ethereum',
  networkName: 'Localhost 8545',
  blockExplorer: '',
  logo: 'eth.svg',
};

function network(
  type: BuiltInNetworkType,
  chainIdDecimal: number,
  networkName: string,
  ticker: string,
  tickerName: string,
  logo: string,
  rpcUrl: string,
  blockExplorer: string,
): ProviderConfig {
  return {
    type,
    chainId: toHexChainId(chainIdDecimal),
    networkName,
    ticker,
    tickerName,
    logo,
    rpcUrl,
    blockExplorer,
  };
}

/**
 * Every built-in network. RPC URLs are public endpoints that need no API key; Reef (101 in the
 * spec's list) has no public EVM endpoint for that id, so its rpcUrl is empty and it cannot be
 * selected until one is configured.
 */
export const BUILT_IN_NETWORKS: Readonly<Record<BuiltInNetworkType, ProviderConfig>> = {
  mainnet: network(
    'mainnet',
    1,
    'Main Ethereum Network',
    'ETH',
    'Ethereum',
    'eth.svg',
    'https://ethereum-rpc.publicnode.com',
    'https://etherscan.io',
  ),
  goerli: network(
    'goerli',
    5,
    'Goerli Test Network',
    'ETH',
    'Ethereum',
    'eth.svg',
    'https://ethereum-goerli-rpc.publicnode.com',
    'https://goerli.etherscan.io',
  ),
  sepolia: network(
    'sepolia',
    11_155_111,
    'Sepolia Test Network',
    'ETH',
    'Ethereum',
    'eth.svg',
    'https://ethereum-sepolia-rpc.publicnode.com',
    'https://sepolia.etherscan.io',
  ),
  localhost: LOCALHOST_NETWORK,
  matic: network(
    'matic',
    137,
    'Polygon Mainnet',
    'MATIC',
    'Matic Network Token',
    'matic-network-logo.svg',
    'https://polygon-rpc.com',
    'https://polygonscan.com',
  ),
  mumbai: network(
    'mumbai',
    80_001,
    'Polygon Mumbai',
    'MATIC',
    'Matic Network Token',
    'matic-network-logo.svg',
    'https://rpc-mumbai.maticvigil.com',
    'https://mumbai.polygonscan.com',
  ),
  bsc_mainnet: network(
    'bsc_mainnet',
    56,
    'Binance Smart Chain Mainnet',
    'BNB',
    'Binance Coin',
    'bnb.png',
    'https://bsc-dataseed.binance.org',
    'https://bscscan.com',
  ),
  bsc_testnet: network(
    'bsc_testnet',
    97,
    'Binance Smart Chain Testnet',
    'BNB',
    'Binance Coin',
    'bnb.png',
    'https://data-seed-prebsc-1-s1.binance.org:8545',
    'https://testnet.bscscan.com',
  ),
  okxchain_mainnet: network(
    'okxchain_mainnet',
    66,
    'OKXChain Mainnet',
    'OKT',
    'OKX Coin',
    'okx.png',
    'https://exchainrpc.okex.org',
    'https://www.oklink.com/en/oec',
  ),
  okxchain_testnet: network(
    'okxchain_testnet',
    65,
    'OKXChain Testnet',
    'OKT',
    'OKX Coin',
    'okx.png',
    'https://exchaintestrpc.okex.org',
    'https://www.oklink.com/en/oec-test',
  ),
  xdai: network(
    'xdai',
    100,
    'Gnosis Chain',
    'DAI',
    'xDai Network Token',
    'xdai.svg',
    'https://rpc.gnosischain.com',
    'https://gnosisscan.io',
  ),
  rsk_mainnet: network(
    'rsk_mainnet',
    30,
    'RSK Mainnet',
    'RBTC',
    'RSK',
    'rsk.svg',
    'https://public-node.rsk.co',
    'https://explorer.rsk.co',
  ),
  rsk_testnet: network(
    'rsk_testnet',
    31,
    'RSK Testnet',
    'RBTC',
    'RSK Testnet',
    'rsk.svg',
    'https://public-node.testnet.rsk.co',
    'https://explorer.testnet.rsk.co',
  ),
  reef: network('reef', 101, 'Reef Chain', 'REEF', 'Reef', 'reef.svg', '', 'https://reefscan.com'),
  arbitrum_mainnet: network(
    'arbitrum_mainnet',
    42_161,
    'Arbitrum One',
    'ETH',
    'Ethereum',
    'arbitrum.svg',
    'https://arb1.arbitrum.io/rpc',
    'https://arbiscan.io',
  ),
  arbitrum_testnet: network(
    'arbitrum_testnet',
    421_613,
    'Arbitrum Goerli',
    'ETH',
    'Ethereum',
    'arbitrum.svg',
    'https://goerli-rollup.arbitrum.io/rpc',
    'https://goerli.arbiscan.io',
  ),
  optimism_mainnet: network(
    'optimism_mainnet',
    10,
    'Optimism',
    'ETH',
    'Ethereum',
    'optimism.svg',
    'https://mainnet.optimism.io',
    'https://optimistic.etherscan.io',
  ),
  optimism_testnet: network(
    'optimism_testnet',
    420,
    'Optimism Goerli',
    'ETH',
    'Ethereum',
    'optimism.svg',
    'https://goerli.optimism.io',
    'https://goerli-optimism.etherscan.io',
  ),
  celo_mainnet: network(
    'celo_mainnet',
    42_220,
    'Celo Mainnet',
    'CELO',
    'Celo',
    'celo.svg',
    'https://forno.celo.org',
    'https://explorer.celo.org',
  ),
  avalanche_mainnet: network(
    'avalanche_mainnet',
    43_114,
    'Avalanche Mainnet C-Chain',
    'AVAX',
    'Avalanche',
    'avax.svg',
    'https://api.avax.network/ext/bc/C/rpc',
    'https://snowtrace.io',
  ),
  avalanche_testnet: network(
    'avalanche_testnet',
    43_113,
    'Avalanche Testnet C-Chain',
    'AVAX',
    'Avalanche',
    'avax.svg',
    'https://api.avax-test.network/ext/bc/C/rpc',
    'https://testnet.snowtrace.io',
  ),
};

export function isBuiltInNetworkType(type: string): type is BuiltInNetworkType {
  return Object.hasOwn(BUILT_IN_NETWORKS, type);
}

/** The built-in network with this chain id (hex or numeric), if any. */
export function findBuiltInNetworkByChainId(chainId: string | number): ProviderConfig | undefined {
  const hex = toHexChainId(chainId);
  return Object.values(BUILT_IN_NETWORKS).find((config) => config.chainId === hex);
}

/**
 * The network a page starts on (spec part 2 §9): Polygon on the Polygon host, BNB Chain on the
 * BNB host, else Ethereum mainnet. A host is "Polygon's" or "BNB's" when its first label says so,
 * e.g. polygon.orrery.example or bnb.orrery.example.
 */
export function defaultProviderTypeForHost(host: string): 'matic' | 'bsc_mainnet' | 'mainnet' {
  const firstLabel = host.trim().toLowerCase().split('.')[0] ?? '';
  if (firstLabel === 'polygon') return 'matic';
  if (firstLabel === 'bnb') return 'bsc_mainnet';
  return 'mainnet';
}

/**
 * A chain id as given by a user or a dapp, parsed as hex when 0x-prefixed and as decimal
 * otherwise (spec part 1 §5). Throws on anything that is not a positive safe integer.
 */
export function parseChainId(input: string | number): Hex {
  let value: number;
  if (typeof input === 'number') {
    value = input;
  } else {
    const text = input.trim();
    if (/^0x[0-9a-f]+$/i.test(text)) value = Number.parseInt(text.slice(2), 16);
    else if (/^[0-9]+$/.test(text)) value = Number.parseInt(text, 10);
    else
      throw new Error(`Invalid chain id "${input}": expected a decimal number or 0x-prefixed hex.`);
  }
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`Invalid chain id "${String(input)}": it must be a positive integer.`);
  }
  return `0x${value.toString(16)}`;
}

/** The canonical hex form of a chain id for lookups; numbers and decimal strings are converted. */
export function toHexChainId(chainId: string | number): Hex {
  return parseChainId(chainId);
}
