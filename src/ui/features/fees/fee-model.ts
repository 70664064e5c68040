/**
 * The fee editor's model (views.md §4.8 D8), pure: the values a user edits (gwei and decimal
 * strings, as typed), presets from the gas controller's estimate, the spec's validation, and the
 * hex overrides an approval or a replacement takes. Shared by the transaction approval (C1),
 * the transfer screen and speed-up / cancel.
 */
import type BigNumber from 'bignumber.js';

import type { UiState } from '../../../background/contract/ui-state';
import {
  feeWei,
  gweiToWeiHex,
  hexToDecimal,
  integerToHex,
  parseDecimal,
  weiToGwei,
} from '../../format/gas';

type GasState = UiState['GasFeeController'];

/** Fee-market networks edit the EIP-1559 pair; the others a single gas price. */
export type FeeMode = 'fee-market' | 'legacy';
export const FEE_SPEEDS = ['low', 'medium', 'high'] as const;
export type FeeSpeed = (typeof FEE_SPEEDS)[number];

/** What the editor edits, as the user typed it: fees in gwei, gas limit and nonce in decimal. */
export interface FeeValues {
  mode: FeeMode;
  /** The preset the fees came from, or 'custom' once edited (or as the dapp suggested). */
  speed: FeeSpeed | 'custom';
  gasLimit: string;
  maxPriorityFee: string;
  maxFee: string;
  gasPrice: string;
  /** Empty: the wallet picks the next nonce. */
  nonce: string;
}

/** A preset: its fees in gwei and the expected wait in ms (fee-market estimates only). */
export interface FeePreset {
  speed: FeeSpeed;
  maxPriorityFee: string;
  maxFee: string;
  gasPrice: string;
  minWaitMs: number | null;
  maxWaitMs: number | null;
}

/** Spec part 2 §9 fallback waits when the estimate gives none: 15–60, 15–45, 15–30 s. */
const FALLBACK_WAIT_MS: Record<FeeSpeed, [number, number]> = {
  low: [15_000, 60_000],
  medium: [15_000, 45_000],
  high: [15_000, 30_000],
};

/** The estimate's presets for `mode`, or none while there is no estimate. */
export function feePresets(gas: GasState, mode: FeeMode): FeePreset[] {
  const estimates = gas.gasFeeEstimates as Record<string, unknown>;
  if (gas.gasEstimateType === 'fee-market') {
    return FEE_SPEEDS.map((speed) => {
      const tier = estimates[speed] as {
        suggestedMaxPriorityFeePerGas: string;
        suggestedMaxFeePerGas: string;
        minWaitTimeEstimate: number;
        maxWaitTimeEstimate: number;
      };
      return {
        speed,
        maxPriorityFee: tier.suggestedMaxPriorityFeePerGas,
        maxFee: tier.suggestedMaxFeePerGas,
        // A legacy envelope on a fee-market chain pays the max fee as its price.
        gasPrice: tier.suggestedMaxFeePerGas,
        minWaitMs: tier.minWaitTimeEstimate,
        maxWaitMs: tier.maxWaitTimeEstimate,
      };
    });
  }
  if (gas.gasEstimateType === 'legacy') {
    return FEE_SPEEDS.map((speed) => {
      const price = estimates[speed] as string;
      const [min, max] = FALLBACK_WAIT_MS[speed];
      return {
        speed,
        maxPriorityFee: price,
        maxFee: price,
        gasPrice: price,
        minWaitMs: min,
        maxWaitMs: max,
      };
    });
  }
  if (gas.gasEstimateType === 'eth_gasPrice' && mode === 'legacy') {
    const price = estimates.gasPrice as string;
    const [min, max] = FALLBACK_WAIT_MS.medium;
    return [
      {
        speed: 'medium',
        maxPriorityFee: price,
        maxFee: price,
        gasPrice: price,
        minWaitMs: min,
        maxWaitMs: max,
      },
    ];
  }
  return [];
}

/** The base fee in gwei on a fee-market estimate, else null. */
export function baseFee(gas: GasState): string | null {
  return gas.gasEstimateType === 'fee-market'
    ? ((gas.gasFeeEstimates as { estimatedBaseFee?: string }).estimatedBaseFee ?? null)
    : null;
}

/** Applies a preset's fees (gas limit and nonce stay). */
export function withPreset(values: FeeValues, preset: FeePreset): FeeValues {
  return {
    ...values,
    speed: preset.speed,
    maxPriorityFee: preset.maxPriorityFee,
    maxFee: preset.maxFee,
    gasPrice: preset.gasPrice,
  };
}

/** The editor's start: the transaction's own params (what would be signed now). */
export function valuesFromTxParams(
  txParams: {
    gas?: string;
    gasPrice?: string;
    maxFeePerGas?: string;
    maxPriorityFeePerGas?: string;
    nonce?: string;
  },
  mode: FeeMode,
  presets: FeePreset[],
): FeeValues {
  const values: FeeValues = {
    mode,
    speed: 'custom',
    gasLimit: txParams.gas ? hexToDecimal(txParams.gas) : '21000',
    maxPriorityFee: weiToGwei(txParams.maxPriorityFeePerGas ?? txParams.gasPrice ?? '0x0'),
    maxFee: weiToGwei(txParams.maxFeePerGas ?? txParams.gasPrice ?? '0x0'),
    gasPrice: weiToGwei(txParams.gasPrice ?? txParams.maxFeePerGas ?? '0x0'),
    nonce: '',
  };
  const same = (a: string, b: string) => parseDecimal(a)?.eq(parseDecimal(b) ?? -1) ?? false;
  const match = presets.find((preset) =>
    mode === 'fee-market'
      ? same(preset.maxFee, values.maxFee) && same(preset.maxPriorityFee, values.maxPriorityFee)
      : same(preset.gasPrice, values.gasPrice),
  );
  return match ? { ...values, speed: match.speed } : values;
}

/** Message keys (namespace `fees`): errors block saving and approval, warnings do not. */
export interface FeeCheck {
  errors: Partial<Record<'gasLimit' | 'maxPriorityFee' | 'maxFee' | 'gasPrice' | 'nonce', string>>;
  warnings: string[];
}

/** Simple transfer gas (spec part 2 §9). */
export const MIN_GAS_LIMIT = 21_000;

/**
 * The spec's checks (part 1 §5, part 2 §5): priority fee above 0, max fee not below it, gas
 * limit at least 21000, nonce a non-negative integer; warnings for fees below the low preset or
 * far above the high one, and a gas price below average.
 */
export function checkFees(values: FeeValues, presets: FeePreset[]): FeeCheck {
  const errors: FeeCheck['errors'] = {};
  const warnings: string[] = [];
  const gasLimit = parseDecimal(values.gasLimit);
  if (!gasLimit || !gasLimit.isInteger()) errors.gasLimit = 'fees.errors.gasLimitNumber';
  else if (gasLimit.lt(MIN_GAS_LIMIT)) errors.gasLimit = 'fees.errors.gasLimitLow';
  if (values.nonce.trim() && !/^\s*\d+\s*$/.test(values.nonce)) errors.nonce = 'fees.errors.nonce';

  const low = presets.find((preset) => preset.speed === 'low');
  const medium = presets.find((preset) => preset.speed === 'medium');
  const high = presets.find((preset) => preset.speed === 'high');
  const below = (value: BigNumber, preset: string | undefined) =>
    preset !== undefined && value.lt(parseDecimal(preset) ?? 0);
  const farAbove = (value: BigNumber, preset: string | undefined) =>
    preset !== undefined && value.gt((parseDecimal(preset) ?? value).times(2));

  if (values.mode === 'fee-market') {
    const priority = parseDecimal(values.maxPriorityFee);
    const maxFee = parseDecimal(values.maxFee);
    if (!priority) errors.maxPriorityFee = 'fees.errors.number';
    else if (priority.lte(0)) errors.maxPriorityFee = 'fees.errors.priorityFeeZero';
    if (!maxFee) errors.maxFee = 'fees.errors.number';
    else if (priority && maxFee.lt(priority)) errors.maxFee = 'fees.errors.maxFeeBelowPriority';
    if (priority && priority.gt(0)) {
      if (below(priority, low?.maxPriorityFee)) warnings.push('fees.warnings.priorityFeeLow');
      if (farAbove(priority, high?.maxPriorityFee)) warnings.push('fees.warnings.priorityFeeHigh');
    }
    if (maxFee && !errors.maxFee) {
      if (below(maxFee, low?.maxFee)) warnings.push('fees.warnings.maxFeeLow');
      if (farAbove(maxFee, high?.maxFee)) warnings.push('fees.warnings.maxFeeHigh');
    }
  } else {
    const price = parseDecimal(values.gasPrice);
    if (!price) errors.gasPrice = 'fees.errors.number';
    else if (price.lte(0)) errors.gasPrice = 'fees.errors.gasPriceZero';
    else if (below(price, medium?.gasPrice)) warnings.push('fees.warnings.gasPriceBelowAverage');
  }
  return { errors, warnings };
}

export const hasErrors = (check: FeeCheck) => Object.keys(check.errors).length > 0;

/** What the approval (or replacement) takes: hex wei fees, hex gas, the envelope, a nonce. */
export interface FeeOverrides {
  gas: `0x${string}`;
  type: '0x0' | '0x2';
  gasPrice?: `0x${string}`;
  maxFeePerGas?: `0x${string}`;
  maxPriorityFeePerGas?: `0x${string}`;
  customNonceValue?: `0x${string}`;
}

/** The overrides for valid values; null while any value is not valid. */
export function feeOverrides(values: FeeValues): FeeOverrides | null {
  if (hasErrors(checkFees(values, []))) return null;
  const gas = integerToHex(values.gasLimit);
  const nonce = values.nonce.trim() ? integerToHex(values.nonce) : undefined;
  if (!gas || nonce === null) return null;
  const base = { gas, ...(nonce ? { customNonceValue: nonce } : {}) };
  if (values.mode === 'fee-market') {
    const maxFeePerGas = gweiToWeiHex(values.maxFee);
    const maxPriorityFeePerGas = gweiToWeiHex(values.maxPriorityFee);
    if (!maxFeePerGas || !maxPriorityFeePerGas) return null;
    return { ...base, type: '0x2', maxFeePerGas, maxPriorityFeePerGas };
  }
  const gasPrice = gweiToWeiHex(values.gasPrice);
  return gasPrice ? { ...base, type: '0x0', gasPrice } : null;
}

/** The most the fees can cost (gas limit × max fee or gas price), in wei; null if not numbers. */
export function maxFeeWei(values: FeeValues): BigNumber | null {
  return feeWei(values.gasLimit, values.mode === 'fee-market' ? values.maxFee : values.gasPrice);
}

/**
 * The likely fee in wei: on fee-market chains gas × min(max fee, base fee + priority fee);
 * on others the max (gas × price).
 */
export function likelyFeeWei(values: FeeValues, baseFeeGwei: string | null): BigNumber | null {
  if (values.mode !== 'fee-market' || baseFeeGwei === null) return maxFeeWei(values);
  const base = parseDecimal(baseFeeGwei);
  const priority = parseDecimal(values.maxPriorityFee);
  const max = parseDecimal(values.maxFee);
  if (!base || !priority || !max) return null;
  const effective = base.plus(priority);
  return feeWei(values.gasLimit, (effective.lt(max) ? effective : max).toFixed());
}

/** "15–30 s" or "1–2 min": the spec switches to minutes above 90 s. */
export function waitText(
  minMs: number | null,
  maxMs: number | null,
): { value: string; unit: 'sec' | 'min' } | null {
  if (minMs === null || maxMs === null) return null;
  if (maxMs > 90_000) {
    return {
      value: `${Math.max(1, Math.round(minMs / 60_000))}–${Math.round(maxMs / 60_000)}`,
      unit: 'min',
    };
  }
  return { value: `${Math.round(minMs / 1000)}–${Math.round(maxMs / 1000)}`, unit: 'sec' };
}
