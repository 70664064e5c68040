/**
 * The record keeping every dapp signing request shares: statuses, transitions and the finished
 * event that releases the waiting dapp call (spec part 1 §4, Dapp request records).
 */
import { rpcErrors } from '@metamask/rpc-errors';

import { userRejectedError, type ApprovalType } from '../approvals/approval-types';

/** The JSON-RPC methods behind each manager. */
export type MessageType =
  'eth_sign' | 'personal_sign' | 'eth_signTypedData' | 'eth_getEncryptionPublicKey' | 'eth_decrypt';

/** Signing kinds finish 'signed'; decrypt finishes 'decrypted'; the encryption key 'received'. */
export type FinishedStatus = 'signed' | 'decrypted' | 'received';
export type MessageStatus = 'unapproved' | 'approved' | 'rejected' | 'errored' | FinishedStatus;

export type MessageRecord<Params> = {
  /** Unguessable: crypto.randomUUID(). */
  id: string;
  origin: string;
  type: MessageType;
  /** Epoch ms when it was added. */
  time: number;
  status: MessageStatus;
  msgParams: Params;
  /** The signature, public key or plaintext, once finished that way. */
  result?: string;
  /** Why it errored. */
  error?: string;
};

export type StatusListener<Params> = (record: MessageRecord<Params>) => void;

export interface MessageManagerConfig {
  /** The manager's name, for error messages. */
  name: string;
  type: MessageType;
  /** The approval kind that asks the user. */
  approvalType: ApprovalType;
  finishedStatus: FinishedStatus;
  /** Prefix of the dapp-facing error when processing fails, e.g. 'Orrery Message Signature'. */
  errorPrefix: string;
  /** Clock for record times. */
  now?: () => number;
}

const FINAL_STATUSES: ReadonlySet<MessageStatus> = new Set([
  'signed',
  'decrypted',
  'received',
  'rejected',
  'errored',
]);

/**
 * One kind of request's records. A record starts unapproved, becomes approved, then finishes as
 * the kind's finished status, rejected or errored; a finished record is dropped from memory after
 * its finished event, so the set never grows.
 */
export abstract class MessageManager<Params> {
  readonly name: string;
  readonly type: MessageType;
  readonly approvalType: ApprovalType;
  readonly finishedStatus: FinishedStatus;
  readonly #errorPrefix: string;
  readonly #now: () => number;
  readonly #records = new Map<string, MessageRecord<Params>>();
  readonly #statusListeners = new Set<StatusListener<Params>>();
  readonly #finishedListeners = new Set<StatusListener<Params>>();

  constructor({
    name,
    type,
    approvalType,
    finishedStatus,
    errorPrefix,
    now,
  }: MessageManagerConfig) {
    this.name = name;
    this.type = type;
    this.approvalType = approvalType;
    this.finishedStatus = finishedStatus;
    this.#errorPrefix = errorPrefix;
    this.#now = now ?? (() => Date.now());
  }

  /** Checks and normalises a request's params; throws a clear error for anything malformed. */
  protected abstract validate(params: unknown, origin: string): Params;

  /** Validates and records a request as unapproved. */
  add(params: unknown, origin: string): MessageRecord<Params> {
    if (typeof origin !== 'string' || origin === '') {
      throw rpcErrors.invalidParams({ message: 'A signing request needs an origin.' });
    }
    const msgParams = this.validate(params, origin);
    const record: MessageRecord<Params> = {
      id: globalThis.crypto.randomUUID(),
      origin,
      type: this.type,
      time: this.#now(),
      status: 'unapproved',
      msgParams,
    };
    this.#records.set(record.id, record);
    this.#emit(record);
    return { ...record };
  }

  /** Whether the record is unfinished (held), without copying it. */
  has(id: string): boolean {
    return this.#records.has(id);
  }

  /** A copy of an unfinished record. */
  get(id: string): MessageRecord<Params> | undefined {
    const record = this.#records.get(id);
    return record ? { ...record } : undefined;
  }

  setApproved(id: string): void {
    this.#transition(id, 'approved', ['unapproved']);
  }

  /** Finished with a result: 'signed', 'decrypted' or 'received' by kind. */
  setFinished(id: string, result: string): void {
    this.#transition(id, this.finishedStatus, ['approved'], { result });
  }

  setRejected(id: string): void {
    this.#transition(id, 'rejected', ['unapproved', 'approved']);
  }

  setErrored(id: string, error: string): void {
    this.#transition(id, 'errored', ['unapproved', 'approved'], { error });
  }

  /**
   * Resolves with the result when the record finishes well; rejects with 4001 and the kind's
   * message when rejected, or with '{prefix}: {error}' when errored.
   */
  waitForResult(id: string): Promise<string> {
    if (!this.#records.has(id)) return Promise.reject(this.#notFound(id));
    return new Promise((resolve, reject) => {
      const listener: StatusListener<Params> = (record) => {
        if (record.id !== id) return;
        this.#finishedListeners.delete(listener);
        if (record.status === this.finishedStatus) resolve(record.result ?? '');
        else if (record.status === 'rejected') reject(userRejectedError(this.approvalType));
        else if (record.status === 'errored') {
          reject(rpcErrors.internal({ message: `${this.#errorPrefix}: ${record.error ?? ''}` }));
        } else {
          reject(
            rpcErrors.internal({
              message: `${this.#errorPrefix}: Unknown problem: ${JSON.stringify(record.msgParams)}`,
            }),
          );
        }
      };
      this.#finishedListeners.add(listener);
    });
  }

  /** Every status change, including the first 'unapproved'. Returns an unsubscribe function. */
  onStatusChange(listener: StatusListener<Params>): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  /** The finished event: fires on the finished status, rejected or errored. */
  onFinished(listener: StatusListener<Params>): () => void {
    this.#finishedListeners.add(listener);
    return () => this.#finishedListeners.delete(listener);
  }

  #transition(
    id: string,
    status: MessageStatus,
    from: MessageStatus[],
    extra: Partial<Pick<MessageRecord<Params>, 'result' | 'error'>> = {},
  ): void {
    const record = this.#records.get(id);
    if (!record) throw this.#notFound(id);
    if (!from.includes(record.status)) {
      throw new Error(
        `${this.name} - Message "${id}" is ${record.status}; it cannot become ${status}.`,
      );
    }
    Object.assign(record, extra, { status });
    if (FINAL_STATUSES.has(status)) this.#records.delete(id);
    this.#emit(record);
    if (FINAL_STATUSES.has(status)) {
      for (const listener of [...this.#finishedListeners]) listener({ ...record });
    }
  }

  #emit(record: MessageRecord<Params>): void {
    for (const listener of [...this.#statusListeners]) listener({ ...record });
  }

  #notFound(id: string): Error {
    return new Error(`${this.name} - Message not found for id: "${String(id)}".`);
  }
}
