import { FEE_BUMP_DENOMINATOR, FEE_BUMP_NUMERATOR, SIMPLE_TRANSFER_GAS } from './constants';
import { hexToBigInt, multiplyHex } from './hex';
import { gasFieldsOf, withGasOverrides, type GasOverrides } from './overrides';
import type { TransactionMeta, TxParams } from './types';
import { normalizeTxParams } from './validate-tx-params';

export type ReplacementKind = 'speedUp' | 'cancel' | 'retry';

/**
 * Params for a replacement of `original` (spec: cancel is a zero-value self-transaction with a
 * simple-transfer gas limit; speed-up and retry resend the same call), with the same nonce and
 * fees of 11/10 of the highest already sent for that nonce, so a second speed-up outbids the
 * first. Overrides win when given. Returns the params and the gas fields being replaced.
 */
export function buildReplacementParams(
  original: TransactionMeta,
  sameNonceSubmitted: readonly TransactionMeta[],
  kind: ReplacementKind,
  overrides: GasOverrides = {},
): { txParams: TxParams; previousGasParams: ReturnType<typeof gasFieldsOf> } {
  const previous = original.txParams;
  const feeOf = (tx: TransactionMeta) =>
    hexToBigInt(tx.txParams.maxFeePerGas ?? tx.txParams.gasPrice);
  const outbid = sameNonceSubmitted.reduce(
    (best, tx) => (feeOf(tx) > feeOf(best) ? tx : best),
    original,
  ).txParams;
  const bump = (value: string | undefined) =>
    value === undefined ? undefined : multiplyHex(value, FEE_BUMP_NUMERATOR, FEE_BUMP_DENOMINATOR);
  const fees: Partial<TxParams> = outbid.maxFeePerGas
    ? {
        maxFeePerGas: bump(outbid.maxFeePerGas),
        maxPriorityFeePerGas: bump(outbid.maxPriorityFeePerGas),
        type: '0x2',
      }
    : { gasPrice: bump(outbid.gasPrice), type: '0x0' };
  const base: TxParams =
    kind === 'cancel'
      ? {
          from: previous.from,
          to: previous.from,
          value: '0x0',
          gas: SIMPLE_TRANSFER_GAS,
          chainId: original.chainId,
        }
      : { ...previous, customNonceValue: undefined };
  const txParams = withGasOverrides(
    normalizeTxParams({ ...base, ...fees }) as TxParams,
    overrides,
    fees.type === '0x2',
  );
  txParams.nonce = previous.nonce;
  return { txParams, previousGasParams: gasFieldsOf(outbid) };
}
