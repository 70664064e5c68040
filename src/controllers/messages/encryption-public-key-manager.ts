import type { Hex } from '../../shared/primitives';
import { MessageManager, type MessageManagerConfig } from './message-manager';
import { invalidParams, isPlainObject, requireFrom } from './message-params';

export type EncryptionPublicKeyParams = { from: Hex };

/** eth_getEncryptionPublicKey requests: unapproved, approved, then received, rejected or errored. */
export class EncryptionPublicKeyManager extends MessageManager<EncryptionPublicKeyParams> {
  constructor(options: Pick<MessageManagerConfig, 'now'> = {}) {
    super({
      name: 'EncryptionPublicKeyManager',
      type: 'eth_getEncryptionPublicKey',
      approvalType: 'encryption_public_key',
      finishedStatus: 'received',
      errorPrefix: 'Orrery EncryptionPublicKey',
      ...options,
    });
  }

  protected validate(params: unknown): EncryptionPublicKeyParams {
    if (!isPlainObject(params)) throw invalidParams('Params must be an object.');
    return { from: requireFrom(params.from) };
  }
}
