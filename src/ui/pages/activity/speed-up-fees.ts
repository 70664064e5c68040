// The speed-up dialog's fees (views.md §4.9 'Speed-up dialog is the same shape with the fee
// editor'): they start at 11/10 of the pending transaction's own (A§4 'Each raises the fee by
// 11%'), and the user may raise them, never lower them below that (a node refuses a replacement
// that does not outbid the original).
import BigNumber from 'bignumber.js';

import type { FeeMode, FeeValues } from '../../features/fees/fee-model';
import { gweiToWeiHex } from '../../format/gas';
import { replacementFee } from '../../view-models/activity';

export interface PendingFees {
  gas?: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
}

const bump = (hex: string | undefined) =>
  hex === undefined ? undefined : `0x${replacementFee(BigInt(hex)).toString(16)}`;

/** The original's mode and its fees × 11/10 (the least a replacement may offer). */
export function speedUpMinimum(txParams: PendingFees): { mode: FeeMode; params: PendingFees } {
  if (txParams.maxFeePerGas !== undefined) {
    return {
      mode: 'fee-market',
      params: {
        gas: txParams.gas,
        maxFeePerGas: bump(txParams.maxFeePerGas),
        maxPriorityFeePerGas: bump(txParams.maxPriorityFeePerGas ?? txParams.maxFeePerGas),
      },
    };
  }
  return { mode: 'legacy', params: { gas: txParams.gas, gasPrice: bump(txParams.gasPrice) } };
}

/** True when the edited fees offer less than the minimum on any fee field. */
export function belowMinimum(values: FeeValues, minimum: PendingFees): boolean {
  const below = (gwei: string, wei: string | undefined) => {
    const offered = gweiToWeiHex(gwei);
    return wei !== undefined && (!offered || new BigNumber(offered).lt(new BigNumber(wei)));
  };
  return values.mode === 'fee-market'
    ? below(values.maxFee, minimum.maxFeePerGas) ||
        below(values.maxPriorityFee, minimum.maxPriorityFeePerGas)
    : below(values.gasPrice, minimum.gasPrice);
}
