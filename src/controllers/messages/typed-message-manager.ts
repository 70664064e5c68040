import { MessageManager, type MessageManagerConfig } from './message-manager';
import { invalidParams, isPlainObject } from './message-params';
import {
  checkTypedMessageParams,
  type CheckedTypedData,
  type TypedMessageParams,
} from './typed-data-validation';

export interface TypedMessageManagerOptions extends Pick<MessageManagerConfig, 'now'> {
  /** The selected chain id (hex or decimal); undefined while switching networks. */
  getActiveChainId: () => string | number | undefined;
}

/** eth_signTypedData (V1, V3, V4) requests: unapproved, approved, then signed, rejected or errored. */
export class TypedMessageManager extends MessageManager<TypedMessageParams> {
  readonly #getActiveChainId: () => string | number | undefined;
  /** The data each record's params were checked as, parsed once (held only while the record lives). */
  readonly #checked = new WeakMap<TypedMessageParams, CheckedTypedData>();

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
    const checked = checkTypedMessageParams(rest, version, this.#getActiveChainId);
    this.#checked.set(checked.params, checked.data);
    return checked.params;
  }

  /** The data of a record's params as validated: what is signed is exactly what was checked. */
  checkedData(params: TypedMessageParams): CheckedTypedData | undefined {
    return this.#checked.get(params);
  }
}
