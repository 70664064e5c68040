import { FEE_BUMP_DENOMINATOR, FEE_BUMP_NUMERATOR, SIMPLE_TRANSFER_GAS } from './constants';
import { hexToBigInt, multiplyHex } from './hex';
import type { TransactionMeta, TxParams } from './types';
import { normalizeTxParams, validateTxParams } from './validate-tx-params';

export type ReplacementKind = 'speedUp' | 'cancel' | 'retry';

/** Gas fields a user may set before approval or on a replacement, plus a custom nonce. */
export type GasOverrides = Partial<
  Pick<
    TxParams,
    'gas' | 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas' | 'customNonceValue' | 'type'
  >
>;

export const GAS_FIELDS = ['gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const;

/** The gas fields present in params, e.g. to record what a dapp suggested or what was replaced. */
export function gasFieldsOf(
  txParams: TxParams,
): Partial<Pick<TxParams, (typeof GAS_FIELDS)[number]>> {
  return Object.fromEntries(
    GAS_FIELDS.filter((f) => txParams[f] !== undefined).map((f) => [f, txParams[f]]),
  );
}

/** Applies gas overrides: a gas price replaces fee-market fields and the other way round. */
export function withGasOverrides(
  txParams: TxParams,
  overrides: GasOverrides,
  supportsEip1559: boolean,
): TxParams {
  const merged = normalizeTxParams({ ...txParams, ...overrides });
  if (overrides.gasPrice) {
    delete merged.maxFeePerGas;
    delete merged.maxPriorityFeePerGas;
    merged.type = '0x0';
  } else if (overrides.maxFeePerGas || overrides.maxPriorityFeePerGas) {
    delete merged.gasPrice;
    merged.type = '0x2';
  }
  // An explicit envelope (e.g. 0x1 with a gas price); validation refuses one that fits no fees.
  if (overrides.type) merged.type = overrides.type;
  return validateTxParams(merged, supportsEip1559);
}

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
