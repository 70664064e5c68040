// GET /etherscan?selectedAddress=0x..&selectedNetwork=<chain id or name> → { transactions }.
import { EtherscanQuery } from '../../shared/api';
import type { App, AppContext } from '../context';
import { badRequest, HttpError } from '../errors';

/** Network names the wallet uses for the spec's supported chains, by chain id. */
const CHAIN_IDS: Record<string, number> = {
  mainnet: 1,
  goerli: 5,
  sepolia: 11155111,
  matic: 137,
  polygon: 137,
  mumbai: 80001,
  bsc_mainnet: 56,
  bsc_testnet: 97,
  xdai: 100,
  gnosis: 100,
  arbitrum: 42161,
  optimism: 10,
  celo: 42220,
  avalanche: 43114,
};

export function chainIdOf(network: string): number | undefined {
  if (/^0x[0-9a-f]{1,12}$/i.test(network)) return Number.parseInt(network, 16);
  if (/^[0-9]{1,15}$/.test(network)) return Number(network);
  return CHAIN_IDS[network.toLowerCase()];
}

export function registerEtherscanRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/etherscan',
    { onRequest: ctx.authenticate, schema: { querystring: EtherscanQuery } },
    async (request) => {
      if (!ctx.explorer)
        throw new HttpError(503, 'Block explorer is not configured (ORRERY_ETHERSCAN_API_URL)');
      const chainId = chainIdOf(request.query.selectedNetwork);
      if (!chainId)
        throw badRequest(
          `querystring.selectedNetwork: unknown network ${request.query.selectedNetwork}`,
        );
      const transactions = await ctx.explorer.transactions(
        chainId,
        request.query.selectedAddress.toLowerCase(),
      );
      return { chain_id: chainId, transactions };
    },
  );
}
