import { providerErrors, rpcErrors } from '@metamask/rpc-errors';

import { INTERNAL_INVALID_ACCOUNT_MESSAGE, UNAUTHORIZED_ORIGIN_MESSAGE } from './constants';
import { addHexPrefix, isHexString, isValidAddress } from './hex';
import type { TxParams } from './types';

/** Fields we keep from a dapp's params, and how each is normalised. Anything else is dropped. */
const normalizers: Record<string, (value: unknown) => unknown> = {
  from: (value) => addHexPrefix(String(value)).toLowerCase(),
  to: (value) => (value === null ? null : addHexPrefix(String(value)).toLowerCase()),
  nonce: (value) => addHexPrefix(String(value)),
  customNonceValue: (value) => addHexPrefix(String(value)),
  value: (value) => (typeof value === 'string' ? addHexPrefix(value) : value),
  data: (value) => addHexPrefix(String(value)),
  gas: (value) => (typeof value === 'string' ? addHexPrefix(value) : value),
  gasPrice: (value) => (typeof value === 'string' ? addHexPrefix(value) : value),
  maxFeePerGas: (value) => (typeof value === 'string' ? addHexPrefix(value) : value),
  maxPriorityFeePerGas: (value) => (typeof value === 'string' ? addHexPrefix(value) : value),
  type: (value) => (typeof value === 'string' ? addHexPrefix(value) : value),
  chainId: (value) => value,
  accessList: (value) => value,
};

/**
 * Keeps only known fields, hex-prefixes quantities and lowercases addresses. `input` is an alias
 * of `data`. Values that are not strings pass through unchanged, so validation can name them.
 */
export function normalizeTxParams(raw: Record<string, unknown>): Record<string, unknown> {
  const source = { ...raw };
  if (source.data === undefined && source.input !== undefined) source.data = source.input;
  const normalized: Record<string, unknown> = {};
  for (const [key, normalize] of Object.entries(normalizers)) {
    const value = source[key];
    if (value === undefined) continue;
    // Keep `to: null` so the recipient rule can decide about it; drop other empty values.
    if (value === null && key !== 'to') continue;
    if (value === '' && key !== 'to') continue;
    normalized[key] = normalize(value);
  }
  return normalized;
}

const invalid = (message: string) => rpcErrors.invalidParams(message);

/** '0x' is no data: it cannot make a deployment. */
function hasData(params: Record<string, unknown>): boolean {
  return typeof params.data === 'string'
    ? params.data !== '' && params.data !== '0x'
    : Boolean(params.data);
}

function hasFeeMarketFields(params: Record<string, unknown>): boolean {
  return params.maxFeePerGas !== undefined || params.maxPriorityFeePerGas !== undefined;
}

function ensureString(params: Record<string, unknown>, field: string): void {
  if (typeof params[field] !== 'string') {
    throw invalid(
      `Invalid transaction params: ${field} is not a string. got: (${String(params[field])})`,
    );
  }
}

function ensureNotMixed(params: Record<string, unknown>, field: string, other: string): void {
  if (params[other] !== undefined) {
    throw invalid(
      `Invalid transaction params: specified ${field} but also included ${other}, these cannot be mixed`,
    );
  }
}

function ensureEnvelopeType(params: Record<string, unknown>, field: string): void {
  const type = params.type;
  if (field === 'gasPrice') {
    if (type === '0x2') {
      throw invalid(
        `Invalid transaction envelope type: specified type "${type}" but included a gasPrice instead of maxFeePerGas and maxPriorityFeePerGas`,
      );
    }
  } else if (type !== undefined && type !== '0x2') {
    throw invalid(
      `Invalid transaction envelope type: specified type "${String(type)}" but including maxFeePerGas and maxPriorityFeePerGas requires type: "0x2"`,
    );
  }
}

function validateFrom(params: Record<string, unknown>): void {
  if (typeof params.from !== 'string') {
    throw invalid(`Invalid "from" address "${String(params.from)}": not a string.`);
  }
  if (!isValidAddress(params.from)) throw invalid('Invalid "from" address.');
}

/** '0x' or null is allowed only with data, and is then removed (a contract deployment). */
function validateRecipient(params: Record<string, unknown>): void {
  if (params.to === '0x' || params.to === null) {
    if (hasData(params)) {
      delete params.to;
    } else {
      throw invalid('Invalid "to" address.');
    }
  } else if (params.to !== undefined && !isValidAddress(params.to)) {
    throw invalid('Invalid "to" address.');
  }
}

/**
 * Every transaction-params rule of spec §5 with its message. Mutates `params` only to remove an
 * empty recipient; returns them typed. Throws an invalid-params RPC error on the first broken rule.
 */
export function validateTxParams(params: unknown, supportsEip1559: boolean): TxParams {
  if (!params || typeof params !== 'object' || Array.isArray(params)) {
    throw invalid('Invalid transaction params: must be an object.');
  }
  const txParams = params as Record<string, unknown>;
  if (!txParams.to && !hasData(txParams)) {
    throw invalid(
      'Invalid transaction params: must specify "data" for contract deployments, or "to" (and optionally "data") for all other types of transactions.',
    );
  }
  if (hasFeeMarketFields(txParams) && !supportsEip1559) {
    throw invalid(
      'Invalid transaction params: params specify an EIP-1559 transaction but the current network does not support EIP-1559',
    );
  }
  for (const [key, value] of Object.entries(txParams)) {
    switch (key) {
      case 'from':
        validateFrom(txParams);
        break;
      case 'to':
        validateRecipient(txParams);
        break;
      case 'gasPrice':
        ensureEnvelopeType(txParams, key);
        ensureNotMixed(txParams, key, 'maxFeePerGas');
        ensureNotMixed(txParams, key, 'maxPriorityFeePerGas');
        ensureString(txParams, key);
        break;
      case 'maxFeePerGas':
      case 'maxPriorityFeePerGas':
        ensureEnvelopeType(txParams, key);
        ensureNotMixed(txParams, key, 'gasPrice');
        ensureString(txParams, key);
        break;
      case 'value': {
        ensureString(txParams, key);
        const text = String(value);
        if (text.includes('-'))
          throw invalid(`Invalid transaction value "${text}": not a positive number.`);
        if (text.includes('.'))
          throw invalid(`Invalid transaction value of "${text}": number must be in wei.`);
        break;
      }
      case 'accessList':
        if (!Array.isArray(value)) {
          throw invalid(
            `Invalid transaction params: accessList is not an array. got: (${String(value)})`,
          );
        }
        break;
      case 'chainId':
        if (typeof value !== 'number' && typeof value !== 'string') {
          throw invalid(
            `Invalid transaction params: ${key} is not a Number or hex string. got: (${String(value)})`,
          );
        }
        break;
      default:
        ensureString(txParams, key);
    }
  }
  if (txParams.from === undefined) validateFrom(txParams);
  for (const key of [
    'value',
    'gas',
    'gasPrice',
    'maxFeePerGas',
    'maxPriorityFeePerGas',
    'nonce',
    'customNonceValue',
    'data',
  ]) {
    if (txParams[key] !== undefined && !isHexString(txParams[key])) {
      throw invalid(
        `Invalid transaction params: ${key} is not a hex string. got: (${String(txParams[key])})`,
      );
    }
  }
  return txParams as TxParams;
}

/**
 * The sender must be the selected account. A dapp gets 'Unauthorized origin'; the wallet's own
 * screens get an internal error, since that is our bug and not the dapp's.
 */
export function validateSender(
  from: string,
  selectedAddress: string | undefined,
  origin: string,
  walletOrigin: string,
): void {
  if (selectedAddress && from.toLowerCase() === selectedAddress.toLowerCase()) return;
  if (origin === walletOrigin) throw rpcErrors.internal(INTERNAL_INVALID_ACCOUNT_MESSAGE);
  throw providerErrors.unauthorized({ message: UNAUTHORIZED_ORIGIN_MESSAGE, data: { origin } });
}
