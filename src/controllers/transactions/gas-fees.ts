import { GAS_ESTIMATION_FAILED_PREFIX } from './constants';
import { hexToBigInt, toHex } from './hex';
import { errorMessage, latestBlockOnce, type LatestBlock, type RequestProvider } from './rpc';
import type { SuggestedGasFees } from './types';

/** Supplied by the gas controller when wired: the medium tier in hex wei. */
export type GetSuggestedGasFees = (supportsEip1559: boolean) => Promise<SuggestedGasFees>;

const ONE_GWEI = 1_000_000_000n;

/** Fee-market fees from the node alone: 2 × base fee + the node's priority-fee suggestion. */
async function feeMarketFromNode(
  provider: RequestProvider,
  latestBlock: LatestBlock,
): Promise<SuggestedGasFees> {
  const block = await latestBlock();
  let priority: bigint;
  try {
    priority = hexToBigInt(await provider.request<string>({ method: 'eth_maxPriorityFeePerGas' }));
  } catch {
    priority = ONE_GWEI;
  }
  const baseFee = hexToBigInt(block.baseFeePerGas);
  return { maxPriorityFeePerGas: toHex(priority), maxFeePerGas: toHex(baseFee * 2n + priority) };
}

/**
 * Suggested fees for a new transaction: the gas controller's estimate when wired, else the node
 * (fee market from the latest base fee, or eth_gasPrice). Fails with the spec's message when even
 * the node cannot answer. `latestBlock` is the caller's shared read of the latest block.
 */
export async function suggestGasFees(
  provider: RequestProvider,
  supportsEip1559: boolean,
  fromGasController?: GetSuggestedGasFees,
  latestBlock: LatestBlock = latestBlockOnce(provider),
): Promise<SuggestedGasFees> {
  if (fromGasController) {
    try {
      // Inside the try: an unwired messenger action throws synchronously.
      const fees = await fromGasController(supportsEip1559);
      if (supportsEip1559 ? fees.maxFeePerGas && fees.maxPriorityFeePerGas : fees.gasPrice)
        return fees;
    } catch {
      // fall back to the node below
    }
  }
  try {
    if (supportsEip1559) {
      try {
        return await feeMarketFromNode(provider, latestBlock);
      } catch {
        const gasPrice = await provider.request<string>({ method: 'eth_gasPrice' });
        return { maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice };
      }
    }
    return { gasPrice: await provider.request<string>({ method: 'eth_gasPrice' }) };
  } catch (error) {
    throw new Error(`${GAS_ESTIMATION_FAILED_PREFIX}${errorMessage(error)}`, { cause: error });
  }
}
