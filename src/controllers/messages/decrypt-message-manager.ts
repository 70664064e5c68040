import type { Hex } from '../../shared/primitives';
import { MessageManager, type MessageManagerConfig } from './message-manager';
import { invalidParams, isPlainObject, normalizeMessageData, requireFrom } from './message-params';

export type DecryptParams = {
  from: Hex;
  /** Hex of the encrypted message's JSON ({version, nonce, ephemPublicKey, ciphertext}). */
  data: Hex;
};

export const ENCRYPTED_DATA_MESSAGE =
  'eth_decrypt data must be an encrypted message: JSON (or its hex) with version, nonce, ephemPublicKey and ciphertext.';

function isEncryptedMessage(data: Hex): boolean {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(data.slice(2), 'hex').toString('utf8'));
    return (
      isPlainObject(parsed) &&
      ['version', 'nonce', 'ephemPublicKey', 'ciphertext'].every(
        (field) => typeof parsed[field] === 'string',
      )
    );
  } catch {
    return false;
  }
}

/** eth_decrypt requests: unapproved, approved, then decrypted, rejected or errored. */
export class DecryptMessageManager extends MessageManager<DecryptParams> {
  constructor(options: Pick<MessageManagerConfig, 'now'> = {}) {
    super({
      name: 'DecryptMessageManager',
      type: 'eth_decrypt',
      approvalType: 'decrypt',
      finishedStatus: 'decrypted',
      errorPrefix: 'Orrery Decryption',
      ...options,
    });
  }

  protected validate(params: unknown): DecryptParams {
    if (!isPlainObject(params)) throw invalidParams('Params must be an object.');
    const from = requireFrom(params.from);
    const data = normalizeMessageData(params.data);
    if (!isEncryptedMessage(data)) throw invalidParams(ENCRYPTED_DATA_MESSAGE);
    return { from, data };
  }
}
