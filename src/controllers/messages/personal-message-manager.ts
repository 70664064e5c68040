import type { Hex } from '../../shared/primitives';
import { MessageManager, type MessageManagerConfig } from './message-manager';
import { invalidParams, isPlainObject, normalizeMessageData, requireFrom } from './message-params';

export type PersonalSignParams = {
  from: Hex;
  /** The message bytes as hex (utf8 text is hex-encoded on the way in). */
  data: Hex;
};

/** personal_sign requests: unapproved, approved, then signed, rejected or errored. */
export class PersonalMessageManager extends MessageManager<PersonalSignParams> {
  constructor(options: Pick<MessageManagerConfig, 'now'> = {}) {
    super({
      name: 'PersonalMessageManager',
      type: 'personal_sign',
      approvalType: 'personal_sign',
      finishedStatus: 'signed',
      errorPrefix: 'Orrery Message Signature',
      ...options,
    });
  }

  protected validate(params: unknown): PersonalSignParams {
    if (!isPlainObject(params)) throw invalidParams('Params must be an object.');
    const from = requireFrom(params.from);
    if (params.data === undefined || params.data === null) {
      throw invalidParams('Params must include a "data" field.');
    }
    return { from, data: normalizeMessageData(params.data) };
  }
}
