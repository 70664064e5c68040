/** Gas estimate shapes (spec part 1 §3 "Gas estimates"), as MetaMask's gas API returns them. */

/** Spec part 2 §4. 'none' until the first estimate. */
export type GasEstimateType = 'fee-market' | 'legacy' | 'eth_gasPrice' | 'none';

/** One speed tier of a fee-market estimate. Fees are decimal gwei strings; waits are in ms. */
export type FeeMarketTier = {
  suggestedMaxPriorityFeePerGas: string;
  suggestedMaxFeePerGas: string;
  minWaitTimeEstimate: number;
  maxWaitTimeEstimate: number;
};

export type FeeMarketEstimates = {
  low: FeeMarketTier;
  medium: FeeMarketTier;
  high: FeeMarketTier;
  /** Decimal gwei. */
  estimatedBaseFee: string;
};

/** Decimal gwei gas prices. */
export type LegacyEstimates = { low: string; medium: string; high: string };

/** Decimal gwei. */
export type EthGasPriceEstimate = { gasPrice: string };

export type EmptyEstimates = Record<string, never>;

export type GasFeeEstimates =
  FeeMarketEstimates | LegacyEstimates | EthGasPriceEstimate | EmptyEstimates;

/** An estimate together with its type, so the two never disagree. */
export type GasEstimate =
  | { gasEstimateType: 'fee-market'; gasFeeEstimates: FeeMarketEstimates }
  | { gasEstimateType: 'legacy'; gasFeeEstimates: LegacyEstimates }
  | { gasEstimateType: 'eth_gasPrice'; gasFeeEstimates: EthGasPriceEstimate }
  | { gasEstimateType: 'none'; gasFeeEstimates: EmptyEstimates };

export const FEE_SPEEDS = ['low', 'medium', 'high'] as const;
export type FeeSpeed = (typeof FEE_SPEEDS)[number];

/** The part of an EIP-1193 provider the estimators use. */
export interface RequestProvider {
  request<Result = unknown>(args: { method: string; params?: readonly unknown[] }): Promise<Result>;
}
