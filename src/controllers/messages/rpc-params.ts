/**
 * From a dapp's JSON-RPC signing call to the SignatureController call that serves it: each
 * method orders its positional params its own way (EIP-1193 wallets' conventions).
 */
import { invalidParams, isPlainObject, isValidAddress } from './message-params';
import type { TypedDataVersion } from './typed-data-validation';

export const SIGNING_METHODS = [
  'eth_sign',
  'personal_sign',
  'personal_ecRecover',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_getEncryptionPublicKey',
  'eth_decrypt',
] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];

export function isSigningMethod(method: unknown): method is SigningMethod {
  return typeof method === 'string' && (SIGNING_METHODS as readonly string[]).includes(method);
}

type Params = Record<string, unknown>;

/** Which SignatureController action serves the call, and its arguments (origin aside). */
export type SigningCall =
  | { action: 'ethSign'; params: Params }
  | { action: 'personalSign'; params: Params }
  | { action: 'personalEcRecover'; params: Params }
  | { action: 'signTypedData'; params: Params; version: TypedDataVersion }
  | { action: 'getEncryptionPublicKey'; params: Params }
  | { action: 'decrypt'; params: Params };

const TYPED_DATA_METHODS: Record<string, { version: TypedDataVersion; fromFirst: boolean }> = {
  // The original (V1) method and its alias take [data, from]; V3 and V4 take [from, data].
  eth_signTypedData: { version: 'V1', fromFirst: false },
  eth_signTypedData_v1: { version: 'V1', fromFirst: false },
  eth_signTypedData_v3: { version: 'V3', fromFirst: true },
  eth_signTypedData_v4: { version: 'V4', fromFirst: true },
};

/** Maps `method` and its positional `params`; throws -32602 for params that are not an array. */
export function toSigningCall(method: SigningMethod, params: unknown): SigningCall {
  if (!Array.isArray(params)) throw invalidParams(`${method} expects an array of params.`);
  const [first, second, third] = params as unknown[];
  switch (method) {
    case 'eth_sign': {
      // An optional third object carries a custom prefix and the message it hashes.
      const extra = isPlainObject(third) ? third : {};
      return {
        action: 'ethSign',
        params: {
          from: first,
          data: second,
          ...(extra.customPrefix !== undefined ? { customPrefix: extra.customPrefix } : {}),
          ...(extra.customMessage !== undefined ? { customMessage: extra.customMessage } : {}),
        },
      };
    }
    case 'personal_sign': {
      // [data, from]; some dapps send [from, data]: swap when only the first looks like an address.
      const swapped = isValidAddress(first) && !isValidAddress(second);
      return {
        action: 'personalSign',
        params: swapped ? { from: first, data: second } : { from: second, data: first },
      };
    }
    case 'personal_ecRecover':
      return { action: 'personalEcRecover', params: { data: first, signature: second } };
    case 'eth_getEncryptionPublicKey':
      return { action: 'getEncryptionPublicKey', params: { from: first } };
    case 'eth_decrypt':
      return { action: 'decrypt', params: { data: first, from: second } };
    default: {
      const typed = TYPED_DATA_METHODS[method];
      if (!typed) throw invalidParams(`${String(method)} is not a signing method.`);
      const [from, data] = typed.fromFirst ? [first, second] : [second, first];
      // Only the fields given, so a missing one gets its own spec message.
      const request: Params = {};
      if (from !== undefined) request.from = from;
      if (data !== undefined) request.data = data;
      return { action: 'signTypedData', params: request, version: typed.version };
    }
  }
}
