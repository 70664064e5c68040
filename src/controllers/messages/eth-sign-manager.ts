import type { Hex } from '../../shared/primitives';
import { MessageManager, type MessageManagerConfig } from './message-manager';
import {
  invalidParams,
  isPlainObject,
  keccakText,
  normalizeMessageData,
  requireFrom,
} from './message-params';

export type EthSignParams = {
  from: Hex;
  /** The 32-byte hash that is signed as is. */
  data: Hex;
  /** When both are given, data must equal keccak256(prefix + message length + message). */
  customPrefix?: string;
  customMessage?: string;
  /** True when the data is a raw hash nobody can read: the approval must warn (phishing vector). */
  dangerWarning: boolean;
};

/** keccak256(prefix + message length + message), the hash a custom-prefix eth_sign must carry. */
export function customPrefixHash(customPrefix: string, customMessage: string): Hex {
  return keccakText(`${customPrefix}${customMessage.length.toString()}${customMessage}`);
}

export const customPrefixMismatchMessage = (data: string, hash: string): string =>
  `Message data ${data} does not match derived hash ${hash}`;

export const ETH_SIGN_HASH_LENGTH_MESSAGE =
  'eth_sign data must be a 32-byte hash: 0x followed by 64 hex digits.';

/** eth_sign requests: unapproved, approved, then signed, rejected or errored. */
export class EthSignManager extends MessageManager<EthSignParams> {
  constructor(options: Pick<MessageManagerConfig, 'now'> = {}) {
    super({
      name: 'EthSignManager',
      type: 'eth_sign',
      approvalType: 'eth_sign',
      finishedStatus: 'signed',
      errorPrefix: 'Orrery Message Signature',
      ...options,
    });
  }

  protected validate(params: unknown): EthSignParams {
    if (!isPlainObject(params)) throw invalidParams('Params must be an object.');
    const from = requireFrom(params.from);
    const data = normalizeMessageData(params.data);
    const { customPrefix, customMessage } = params;
    if (customPrefix !== undefined || customMessage !== undefined) {
      if (typeof customPrefix !== 'string' || typeof customMessage !== 'string') {
        throw invalidParams('customPrefix and customMessage must both be strings.');
      }
    }
    if (typeof customPrefix === 'string' && customPrefix && typeof customMessage === 'string') {
      const hash = customPrefixHash(customPrefix, customMessage);
      if (hash !== data) throw invalidParams(customPrefixMismatchMessage(data, hash));
      return { from, data, customPrefix, customMessage, dangerWarning: false };
    }
    if (data.length !== 66) throw invalidParams(ETH_SIGN_HASH_LENGTH_MESSAGE);
    return { from, data, dangerWarning: true };
  }
}
