/**
 * Picks the estimate source in the spec's order (part 2 §4): on an EIP-1559 network the
 * fee-market API, then the node's fee history; after that (or on a legacy network) the legacy
 * API, then the node's eth_gasPrice. Throws only when every source failed.
 */
import { fetchEthGasPriceEstimate } from './eth-gas-price';
import { fetchFeeHistoryEstimates } from './fee-history-estimator';
import type { GasApiClient } from './gas-api';
import type { GasEstimate, RequestProvider } from './gas-types';

export type EstimateSource = 'api' | 'chain';

export type DeterminedEstimate = GasEstimate & { source: EstimateSource };

export interface EstimateInputs {
  chainId: `0x${string}`;
  isEIP1559Compatible: boolean;
  provider: RequestProvider;
  api?: GasApiClient;
}

export async function determineGasFeeEstimates({
  chainId,
  isEIP1559Compatible,
  provider,
  api,
}: EstimateInputs): Promise<DeterminedEstimate> {
  const failures: string[] = [];
  const note = (source: string, error: unknown) =>
    failures.push(`${source}: ${error instanceof Error ? error.message : String(error)}`);

  if (isEIP1559Compatible) {
    if (api?.hasFeeMarketApi) {
      try {
        const gasFeeEstimates = await api.fetchFeeMarketEstimates(chainId);
        return { gasEstimateType: 'fee-market', gasFeeEstimates, source: 'api' };
      } catch (error) {
        note('fee-market API', error);
      }
    }
    try {
      const gasFeeEstimates = await fetchFeeHistoryEstimates(provider);
      return { gasEstimateType: 'fee-market', gasFeeEstimates, source: 'chain' };
    } catch (error) {
      note('fee history', error);
    }
  }
  if (api?.hasLegacyApi) {
    try {
      const gasFeeEstimates = await api.fetchLegacyEstimates(chainId);
      return { gasEstimateType: 'legacy', gasFeeEstimates, source: 'api' };
    } catch (error) {
      note('legacy API', error);
    }
  }
  try {
    const gasFeeEstimates = await fetchEthGasPriceEstimate(provider);
    return { gasEstimateType: 'eth_gasPrice', gasFeeEstimates, source: 'chain' };
  } catch (error) {
    note('eth_gasPrice', error);
  }
  throw new Error(`No gas estimate: ${failures.join('; ')}`);
}
