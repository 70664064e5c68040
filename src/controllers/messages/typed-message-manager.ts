import { MessageManager, type MessageManagerConfig } from './message-manager';
import { invalidParams, isPlainObject } from './message-params';
import { validateTypedMessageParams, type TypedMessageParams } from './typed-data-validation';

export interface TypedMessageManagerOptions extends Pick<MessageManagerConfig, 'now'> {
  /** The selected chain id (hex or decimal); undefined while switching networks. */
  getActiveChainId: () => string | number | undefined;
}

/** eth_signTypedData (V1, V3, V4) requests: unapproved, approved, then signed, rejected or errored. */
export class TypedMessageManager extends MessageManager<TypedMessageParams> {
  readonly #getActiveChainId: () => string | number | undefined;

  constructor({ getActiveChainId, ...options }: TypedMessageManagerOptions) {
    super({
      name: 'TypedMessageManager',
      type: 'eth_signTypedData',
      approvalType: 'typed_data',
      finishedStatus: 'signed',
      errorPrefix: 'Orrery Message Signature',
      ...options,
    });
    this.#getActiveChainId = getActiveChainId;
  }

  /** `params` is `{ from, data, version }`. */
  protected validate(params: unknown): TypedMessageParams {
    if (!isPlainObject(params)) throw invalidParams('Params must be an object.');
    const { version, ...rest } = params;
    return validateTypedMessageParams(rest, version, this.#getActiveChainId);
  }
}
