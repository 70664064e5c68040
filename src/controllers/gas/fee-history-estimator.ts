/**
 * Fee-market estimates from the node's own fee history (spec part 2 §9: 10 blocks, latest,
 * percentiles 10/50/95), used when no gas API answers. The estimate is pure; only
 * `fetchFeeHistoryEstimates` talks to the node.
 */
import type { FeeMarketEstimates, FeeMarketTier, FeeSpeed, RequestProvider } from './gas-types';
import { weiToGweiString } from './units';

export const FEE_HISTORY_BLOCK_COUNT = 10;
export const FEE_HISTORY_PERCENTILES = [10, 50, 95] as const;

/** Spec part 2 §9 fallback waits, in ms: high 15–30 s, medium 15–45 s, low 15–60 s. */
export const FALLBACK_WAIT_TIMES: Readonly<
  Record<FeeSpeed, { minWaitTimeEstimate: number; maxWaitTimeEstimate: number }>
> = {
  low: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 60_000 },
  medium: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 45_000 },
  high: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 30_000 },
};

/**
 * Per tier: which reward percentile to read, how much head-room over the next base fee to allow
 * (base fees can rise 12.5% per block), a small discount on the median tip, and a floor tip.
 */
const TIER_SETTINGS: Readonly<
  Record<
    FeeSpeed,
    {
      percentileIndex: number;
      baseFeePercent: bigint;
      priorityFeePercent: bigint;
      minPriorityFee: bigint;
    }
  >
> = {
  low: {
    percentileIndex: 0,
    baseFeePercent: 110n,
    priorityFeePercent: 94n,
    minPriorityFee: 1_000_000_000n,
  },
  medium: {
    percentileIndex: 1,
    baseFeePercent: 120n,
    priorityFeePercent: 97n,
    minPriorityFee: 1_500_000_000n,
  },
  high: {
    percentileIndex: 2,
    baseFeePercent: 125n,
    priorityFeePercent: 98n,
    minPriorityFee: 2_000_000_000n,
  },
};

/** The eth_feeHistory answer (hex quantities). */
export type FeeHistory = {
  oldestBlock: string;
  /** One more entry than blocks: the last is the next block's base fee. */
  baseFeePerGas: string[];
  gasUsedRatio: number[];
  reward?: string[][];
};

function median(values: bigint[]): bigint | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]
    : ((sorted[middle - 1] as bigint) + (sorted[middle] as bigint)) / 2n;
}

/** Turns a fee history into low/medium/high tiers. Throws when the history has no base fee. */
export function estimateFromFeeHistory(history: FeeHistory): FeeMarketEstimates {
  const nextBaseFeeHex = history.baseFeePerGas?.at(-1);
  if (!nextBaseFeeHex) throw new Error('Fee history has no base fee.');
  const nextBaseFee = BigInt(nextBaseFeeHex);
  const rewards = history.reward ?? [];

  const tier = (speed: FeeSpeed): FeeMarketTier => {
    const settings = TIER_SETTINGS[speed];
    // Empty blocks report a zero tip, which says nothing about what inclusion costs: skip them.
    const tips = rewards
      .filter((_, block) => (history.gasUsedRatio[block] ?? 0) > 0)
      .map((percentiles) => percentiles[settings.percentileIndex])
      .filter((tip): tip is string => typeof tip === 'string')
      .map((tip) => BigInt(tip));
    const medianTip = median(tips) ?? 0n;
    const discountedTip = (medianTip * settings.priorityFeePercent) / 100n;
    const priorityFee =
      discountedTip > settings.minPriorityFee ? discountedTip : settings.minPriorityFee;
    const maxFee = (nextBaseFee * settings.baseFeePercent) / 100n + priorityFee;
    return {
      suggestedMaxPriorityFeePerGas: weiToGweiString(priorityFee),
      suggestedMaxFeePerGas: weiToGweiString(maxFee),
      ...FALLBACK_WAIT_TIMES[speed],
    };
  };

  return {
    low: tier('low'),
    medium: tier('medium'),
    high: tier('high'),
    estimatedBaseFee: weiToGweiString(nextBaseFee),
  };
}

export async function fetchFeeHistoryEstimates(
  provider: RequestProvider,
): Promise<FeeMarketEstimates> {
  const history = await provider.request<FeeHistory>({
    method: 'eth_feeHistory',
    params: [`0x${FEE_HISTORY_BLOCK_COUNT.toString(16)}`, 'latest', [...FEE_HISTORY_PERCENTILES]],
  });
  return estimateFromFeeHistory(history);
}
