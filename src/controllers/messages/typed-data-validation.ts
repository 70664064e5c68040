/** The typed-data checks of spec part 1 §5 (Typed message), with MetaMask's messages. */
import type { Hex } from '../../shared/primitives';
import {
  typedSignatureHash,
  type MessageTypes,
  type TypedDataV1Field,
  type TypedMessage,
} from '@metamask/eth-sig-util';

import { invalidParams, isPlainObject, isValidAddress } from './message-params';
import { parseTypedDataJson, TypedDataTooDeepError } from './typed-data-json';

export type TypedDataVersion = 'V1' | 'V3' | 'V4';

export const TYPED_DATA_MESSAGES = {
  notObject: 'Params must be an object.',
  noData: 'Params must include a "data" field.',
  noFrom: 'Params must include a "from" field.',
  badFrom: '"from" field must be a valid, lowercase, hexadecimal Ethereum address string.',
  v1NotArray: 'params.data must be an array.',
  v1Invalid: 'Signing data must be valid EIP-712 typed data.',
  notString: '"params.data" must be a string.',
  notJson: '"data" must be a valid JSON string.',
  schema: 'Signing data must conform to EIP-712 schema. See https://git.io/fNtcx.',
  unknownVersion: 'Unknown typed data version',
} as const;

export const primaryTypeUndefinedMessage = (primaryType: unknown): string =>
  `Primary type of "${String(primaryType)}" has no type definition.`;
export const switchingNetworksMessage = (chainId: unknown): string =>
  `Cannot sign messages for chainId "${String(chainId)}", because Orrery is switching networks.`;
export const chainIdMismatchMessage = (chainId: unknown, activeChainId: number): string =>
  `Provided chainId "${String(chainId)}" must match the active chainId "${activeChainId}"`;

/** V1's data as given; V3/V4's data as the JSON string given. */
export type TypedMessageParams = {
  from: Hex;
  data: TypedDataV1Field[] | string;
  version: TypedDataVersion;
};

/** A chain id as hex (0x) or decimal, string or number; NaN when it is neither. */
function parseChainId(value: unknown): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : Number.NaN;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  const text = value.trim();
  if (/^0x[0-9a-f]+$/i.test(text)) return Number.parseInt(text, 16);
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10);
  return Number.NaN;
}

/** TYPED_MESSAGE_SCHEMA of eth-sig-util: types (arrays of {name, type}), primaryType, domain, message. */
function conformsToSchema(data: unknown): data is {
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
} {
  if (!isPlainObject(data)) return false;
  const { types, primaryType, domain, message } = data;
  if (!isPlainObject(types) || typeof primaryType !== 'string') return false;
  if (!isPlainObject(domain) || !isPlainObject(message)) return false;
  return Object.values(types).every(
    (fields) =>
      Array.isArray(fields) &&
      fields.every(
        (field) =>
          isPlainObject(field) && typeof field.name === 'string' && typeof field.type === 'string',
      ),
  );
}

/**
 * Checks an eth_signTypedData request. `getActiveChainId` gives the selected chain (hex or
 * decimal); when it cannot be read the wallet is switching networks.
 */
export function validateTypedMessageParams(
  params: unknown,
  version: unknown,
  getActiveChainId: () => string | number | undefined,
): TypedMessageParams {
  return checkTypedMessageParams(params, version, getActiveChainId).params;
}

/** V3/V4 data as the validator parsed it (checked against the schema); V1's array as given. */
export type CheckedTypedData = TypedDataV1Field[] | TypedMessage<MessageTypes>;

/**
 * validateTypedMessageParams, also giving the data as parsed for its checks, so that signing
 * need not parse the JSON again.
 */
export function checkTypedMessageParams(
  params: unknown,
  version: unknown,
  getActiveChainId: () => string | number | undefined,
): { params: TypedMessageParams; data: CheckedTypedData } {
  if (!isPlainObject(params)) throw invalidParams(TYPED_DATA_MESSAGES.notObject);
  if (!('data' in params)) throw invalidParams(TYPED_DATA_MESSAGES.noData);
  if (!('from' in params)) throw invalidParams(TYPED_DATA_MESSAGES.noFrom);
  const { from, data } = params;
  if (!isValidAddress(from)) throw invalidParams(TYPED_DATA_MESSAGES.badFrom);
  const sender = from.toLowerCase() as Hex;

  switch (version) {
    case 'V1': {
      if (!Array.isArray(data)) throw invalidParams(TYPED_DATA_MESSAGES.v1NotArray);
      try {
        typedSignatureHash(data as TypedDataV1Field[]);
      } catch {
        throw invalidParams(TYPED_DATA_MESSAGES.v1Invalid);
      }
      const fields = data as TypedDataV1Field[];
      return { params: { from: sender, data: fields, version }, data: fields };
    }
    case 'V3':
    case 'V4': {
      if (typeof data !== 'string') throw invalidParams(TYPED_DATA_MESSAGES.notString);
      let parsed: unknown;
      try {
        parsed = parseTypedDataJson(data);
      } catch (error) {
        if (error instanceof TypedDataTooDeepError) throw invalidParams(error.message);
        throw invalidParams(TYPED_DATA_MESSAGES.notJson);
      }
      if (!conformsToSchema(parsed)) throw invalidParams(TYPED_DATA_MESSAGES.schema);
      if (!Object.hasOwn(parsed.types, parsed.primaryType)) {
        throw invalidParams(primaryTypeUndefinedMessage(parsed.primaryType));
      }
      const { chainId } = parsed.domain;
      // Any given chain id is checked, including 0 and other falsy-looking values.
      if (chainId !== undefined && chainId !== null) {
        const active = parseChainId(getActiveChainId());
        if (Number.isNaN(active)) throw invalidParams(switchingNetworksMessage(chainId));
        const requested = parseChainId(chainId);
        if (requested !== active) throw invalidParams(chainIdMismatchMessage(chainId, active));
      }
      return {
        params: { from: sender, data, version },
        data: parsed as unknown as TypedMessage<MessageTypes>,
      };
    }
    default:
      throw invalidParams(TYPED_DATA_MESSAGES.unknownVersion);
  }
}
