/** The last fallback: the node's plain gas price (spec part 2 §4). */
import type { EthGasPriceEstimate, RequestProvider } from './gas-types';
import { weiToGweiString } from './units';

export async function fetchEthGasPriceEstimate(
  provider: RequestProvider,
): Promise<EthGasPriceEstimate> {
  const gasPrice = await provider.request<string>({ method: 'eth_gasPrice' });
  if (typeof gasPrice !== 'string' || !/^0x[0-9a-f]+$/i.test(gasPrice)) {
    throw new Error(`eth_gasPrice returned ${JSON.stringify(gasPrice)}.`);
  }
  return { gasPrice: weiToGweiString(gasPrice) };
}
