// The transfer form's arithmetic and rules, pure so they are unit-tested without a browser:
// amounts typed in whole tokens or fiat become base units, the fee tiers become the approval's
// overrides, send-all leaves exactly the maximum fee. Exact decimals throughout (bignumber.js).
import BigNumber from 'bignumber.js';
import { isAddress as isChecksumAddress } from 'viem';

import type { UiState } from '../../background/contract/ui-state';
import { isAddress } from '../../shared/primitives';

/** Recipient kinds of the send form (spec part 1 §3 contact kinds, §5 rules). */
export const RECIPIENT_KINDS = [
  'eth',
  'ens',
  'unstoppable',
  'bit',
  'google',
  'twitter',
  'reddit',
  'github',
  'discord',
  'facebook',
  'twitch',
] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

/** A simple transfer's gas (spec part 2 §9); token transfers are estimated by the engine. */
export const NATIVE_TRANSFER_GAS = 21_000n;
/** A typical ERC-20 transfer, only to show a fee before the engine's estimate is known. */
export const TOKEN_TRANSFER_GAS_GUESS = 65_000n;

export const FEE_TIERS = ['low', 'medium', 'high'] as const;
export type FeeTier = (typeof FEE_TIERS)[number];

/** One tier as the form shows and sends it: fees in wei, waits in ms (fee-market only). */
export interface FeeChoice {
  tier: FeeTier;
  /** The most one unit of gas may cost (max fee, or the gas price). */
  maxFeePerGasWei: bigint;
  /** What `approveRequest` takes. */
  overrides: { maxFeePerGas: string; maxPriorityFeePerGas: string } | { gasPrice: string };
  maxWaitMs: number | null;
}

const gweiToWei = (gwei: string): bigint =>
  BigInt(new BigNumber(gwei).shiftedBy(9).integerValue(BigNumber.ROUND_CEIL).toFixed(0));
const hex = (value: bigint) => `0x${value.toString(16)}`;

/**
 * The fee tiers the network's estimate offers: three on fee-market and legacy estimates, one
 * ('medium') from a plain gas price, none before the first estimate.
 */
export function feeChoices(gas: UiState['GasFeeController']): FeeChoice[] {
  const estimates = gas.gasFeeEstimates as Record<string, unknown>;
  switch (gas.gasEstimateType) {
    case 'fee-market':
      return FEE_TIERS.map((tier) => {
        const level = estimates[tier] as {
          suggestedMaxFeePerGas: string;
          suggestedMaxPriorityFeePerGas: string;
          maxWaitTimeEstimate: number;
        };
        const maxFee = gweiToWei(level.suggestedMaxFeePerGas);
        return {
          tier,
          maxFeePerGasWei: maxFee,
          overrides: {
            maxFeePerGas: hex(maxFee),
            maxPriorityFeePerGas: hex(gweiToWei(level.suggestedMaxPriorityFeePerGas)),
          },
          maxWaitMs: level.maxWaitTimeEstimate,
        };
      });
    case 'legacy':
      return FEE_TIERS.map((tier) => {
        const price = gweiToWei(estimates[tier] as string);
        return {
          tier,
          maxFeePerGasWei: price,
          overrides: { gasPrice: hex(price) },
          maxWaitMs: null,
        };
      });
    case 'eth_gasPrice': {
      const price = gweiToWei(estimates.gasPrice as string);
      return [
        {
          tier: 'medium',
          maxFeePerGasWei: price,
          overrides: { gasPrice: hex(price) },
          maxWaitMs: null,
        },
      ];
    }
    default:
      return [];
  }
}

/** 'Wait-time text switches to minutes above 90 s' (spec part 1 §5). */
export function waitText(ms: number): { unit: 'sec' | 'min'; count: number } {
  const seconds = Math.ceil(ms / 1000);
  return seconds > 90
    ? { unit: 'min', count: Math.ceil(seconds / 60) }
    : { unit: 'sec', count: seconds };
}

export type AmountError = 'required' | 'invalidAmount' | 'insufficient';

/**
 * Whole-token (or fiat) text → base units. Fiat is divided by the rate first. Refuses what is
 * not a positive number or has more decimals than the token.
 */
export function parseAmount(
  text: string,
  decimals: number,
  fiatRate: number | null,
): { baseUnits: bigint } | { error: AmountError } {
  const trimmed = text.trim();
  if (!trimmed) return { error: 'required' };
  if (!/^\d*\.?\d*$/u.test(trimmed) || trimmed === '.') return { error: 'invalidAmount' };
  let tokens = new BigNumber(trimmed);
  if (fiatRate !== null) {
    if (!(fiatRate > 0)) return { error: 'invalidAmount' };
    tokens = tokens.div(fiatRate).decimalPlaces(decimals, BigNumber.ROUND_DOWN);
  }
  const units = tokens.shiftedBy(decimals);
  if (!units.isInteger() || !units.isGreaterThan(0)) return { error: 'invalidAmount' };
  return { baseUnits: BigInt(units.toFixed(0)) };
}

/** The amount's error against the balance; the native coin must also pay the maximum fee. */
export function amountError(
  amount: bigint,
  balance: bigint,
  maxFee: bigint,
  isNative: boolean,
): AmountError | null {
  return amount + (isNative ? maxFee : 0n) > balance ? 'insufficient' : null;
}

/** Send all: the whole balance, less exactly the maximum fee for the native coin (never below 0). */
export function sendAllAmount(balance: bigint, maxFee: bigint, isNative: boolean): bigint {
  if (!isNative) return balance;
  return balance > maxFee ? balance - maxFee : 0n;
}

/** Base units → whole-token text without trailing zeros (what Send All puts in the field). */
export function unitsToText(baseUnits: bigint, decimals: number): string {
  return new BigNumber(baseUnits.toString()).shiftedBy(-decimals).toFixed();
}

/**
 * An Ethereum address as the form accepts it: all lower or all upper case, or mixed case with
 * a valid EIP-55 checksum ('checksum checked').
 */
export function isRecipientAddress(text: string): boolean {
  const value = text.trim();
  if (!isAddress(value)) return false;
  const body = value.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return isChecksumAddress(value, { strict: true });
}
