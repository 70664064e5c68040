import {
  BLOCK_GAS_LIMIT_CAP,
  DEFAULT_GAS_MULTIPLIER,
  FALLBACK_GAS_SHARE,
  GAS_MULTIPLIER_BY_CHAIN,
  NO_CONTRACT_ERROR_KEY,
  SIMPLE_TRANSFER_GAS,
} from './constants';
import { hexToBigInt, toHex } from './hex';
import { errorMessage, latestBlockOnce, type LatestBlock, type RequestProvider } from './rpc';
import type { SimulationFails, TxParams } from './types';

export type GasLimitResult = {
  gas: string;
  /** The node's own estimate, before the buffer. */
  estimatedGas?: string;
  simulationFails?: SimulationFails;
};

/** Scales by a decimal multiplier exactly to three places (1.5 → ×1500/1000, 0.95 → ×950/1000). */
function scale(value: bigint, multiplier: number): bigint {
  const perMille = BigInt(Math.round(multiplier * 1000));
  return (value * perMille) / 1000n;
}

/**
 * Adds the chain's buffer to an estimate, capped at 90% of the block gas limit; an estimate that
 * is already above the cap is kept as is (the node said it needs that much).
 */
export function addGasBuffer(estimate: string, blockGasLimit: string, chainId: string): string {
  const multiplier = GAS_MULTIPLIER_BY_CHAIN[chainId.toLowerCase()] ?? DEFAULT_GAS_MULTIPLIER;
  const initial = hexToBigInt(estimate);
  const cap = scale(hexToBigInt(blockGasLimit), BLOCK_GAS_LIMIT_CAP);
  if (initial > cap) return toHex(initial);
  const buffered = scale(initial, multiplier);
  return toHex(buffered < cap ? buffered : cap);
}

/**
 * The gas limit for a transaction: 21000 for a plain send to an account without code (no node
 * estimate, no block read), else the node's estimate plus the buffer. A failed estimate or data
 * sent to a non-contract is flagged in `simulationFails` (shown as likely to fail) and falls back
 * to 95% of the block gas limit. `code` is the recipient's code when the caller already has it;
 * `latestBlock` the caller's shared read of the latest block.
 */
export async function estimateGasLimit(
  provider: RequestProvider,
  txParams: TxParams,
  chainId: string,
  code?: string,
  latestBlock: LatestBlock = latestBlockOnce(provider),
): Promise<GasLimitResult> {
  const data = txParams.data && txParams.data !== '0x' ? txParams.data : undefined;
  const recipientCode = !txParams.to
    ? undefined
    : (code ??
      (await provider.request<string>({ method: 'eth_getCode', params: [txParams.to, 'latest'] })));
  const noCode =
    txParams.to !== undefined &&
    (!recipientCode || recipientCode === '0x' || recipientCode === '0x0');
  if (noCode && !data) return { gas: SIMPLE_TRANSFER_GAS };

  const block = await latestBlock();
  const fallback = toHex(scale(hexToBigInt(block.gasLimit), FALLBACK_GAS_SHARE));
  const debug = { blockNumber: block.number, blockGasLimit: block.gasLimit };
  if (noCode) {
    return {
      gas: fallback,
      simulationFails: { reason: NO_CONTRACT_ERROR_KEY, errorKey: NO_CONTRACT_ERROR_KEY, debug },
    };
  }

  const request: Record<string, string> = { from: txParams.from };
  if (txParams.to) request.to = txParams.to;
  if (txParams.value) request.value = txParams.value;
  if (data) request.data = data;
  try {
    const estimate = await provider.request<string>({
      method: 'eth_estimateGas',
      params: [request],
    });
    return { gas: addGasBuffer(estimate, block.gasLimit, chainId), estimatedGas: estimate };
  } catch (error) {
    const errorKey = (error as { errorKey?: string } | null)?.errorKey;
    return {
      gas: fallback,
      simulationFails: { reason: errorMessage(error), ...(errorKey ? { errorKey } : {}), debug },
    };
  }
}
