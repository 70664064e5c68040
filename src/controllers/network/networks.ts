/** Built-in network definitions. Chain ids are 0x-prefixed lowercase hex. */
export type Hex = `0x${string}`;

export interface ProviderConfig {
  /** A built-in network key such as 'localhost' or 'mainnet', or 'rpc' for a custom network. */
  type: string;
  chainId: Hex;
  rpcUrl: string;
  ticker: string;
  tickerName: string;
  networkName: string;
  blockExplorer: string;
}

/** The spec's local development chain (chain id 5777). */
export const LOCALHOST_NETWORK: ProviderConfig = {
  type: 'localhost',
  chainId: '0x1691',
  rpcUrl: 'http://127.0.0.1:8545',
  ticker: 'ETH',
  tickerName: 'Ethereum',
  networkName: 'Localhost 8545',
  blockExplorer: '',
};

/** Block polling interval: 1 s on a local chain, where blocks come fast, else 20 s. */
export function blockPollingInterval(config: ProviderConfig): number {
  return config.type === 'localhost' ? 1_000 : 20_000;
}
