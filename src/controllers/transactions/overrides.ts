import { isHexString } from './hex';
import type { TransactionEnvelopeType, TxParams } from './types';
import { normalizeTxParams, validateTxParams } from './validate-tx-params';

/** Gas fields a user may set before approval or on a replacement, plus a custom nonce. */
export type GasOverrides = Partial<
  Pick<
    TxParams,
    'gas' | 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas' | 'customNonceValue' | 'type'
  >
>;

const HEX_OVERRIDE_FIELDS = [
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'customNonceValue',
] as const;
const ENVELOPE_TYPES: readonly TransactionEnvelopeType[] = ['0x0', '0x1', '0x2'];

/**
 * The overrides a user may send with a transaction approval (gas limit, gas price or fee pair,
 * envelope type, nonce), checked for shape; anything else is refused with a message naming it.
 * Values are validated as transaction params when they are applied (`withGasOverrides`).
 */
export function parseTransactionOverrides(value: unknown): GasOverrides | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('A transaction approval takes an object of gas overrides, or nothing.');
  }
  const overrides: GasOverrides = {};
  for (const [key, field] of Object.entries(value)) {
    const hexField = HEX_OVERRIDE_FIELDS.find((name) => name === key);
    if (!hexField && key !== 'type') throw new Error(`Unknown transaction override: ${key}`);
    if (typeof field !== 'string' || (hexField && !isHexString(field))) {
      throw new Error(`The override ${key} must be a hex string.`);
    }
    if (hexField) {
      overrides[hexField] = field as `0x${string}`;
      continue;
    }
    const type = ENVELOPE_TYPES.find((envelope) => envelope === field);
    if (!type) throw new Error(`The override type must be one of ${ENVELOPE_TYPES.join(', ')}.`);
    overrides.type = type;
  }
  return Object.keys(overrides).length > 0 ? overrides : null;
}

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
