import type { Hex } from '../../shared/primitives';
import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { MethodActions } from '../messenger/method-actions';
import type { ApprovalRequestDataByType } from '../approvals/approval-types';
import { ApprovalError, ApprovalErrorCode } from '../approvals/errors';
import {
  DEFAULT_WALLET_ORIGIN,
  type ApprovalControllerAddRequestAction,
} from '../approvals/ApprovalController';
import { DecryptMessageManager } from './decrypt-message-manager';
import { EncryptionPublicKeyManager } from './encryption-public-key-manager';
import { EthSignManager } from './eth-sign-manager';
import type { MessageManager, MessageRecord, MessageStatus, MessageType } from './message-manager';
import { invalidParams, isPlainObject, normalizeMessageData } from './message-params';
import { withMessage, withoutMessage } from './message-summaries';
import { PersonalMessageManager } from './personal-message-manager';
import {
  decryptMessage,
  encryptionPublicKey,
  recoverPersonal,
  signEthMessage,
  signPersonal,
  signTyped,
  type PrivateKey,
} from './signers';
import type { TypedMessageParams } from './typed-data-validation';
import { TypedMessageManager } from './typed-message-manager';

export const signatureControllerName = 'SignatureController';

/** What a view may know about a request in flight: no data, no result. */
export type MessageSummary = {
  id: string;
  origin: string;
  type: MessageType;
  status: MessageStatus;
  time: number;
};

export type SignatureControllerState = {
  /** Requests not finished yet, by id. Finished ones leave at once. */
  messages: Record<string, MessageSummary>;
};

/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const signatureControllerMetadata = {
  messages: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
} satisfies StateMetadata<SignatureControllerState>;

type SignRequest = Record<string, unknown>;

export type SignatureControllerGetStateAction = ControllerGetStateAction<
  typeof signatureControllerName,
  SignatureControllerState
>;
/**
 * The methods the engine's RPC layer calls as `SignatureController:<method>`, one per dapp
 * signing method.
 */
const MESSENGER_EXPOSED_METHODS = [
  'ethSign',
  'personalSign',
  'personalEcRecover',
  'signTypedData',
  'getEncryptionPublicKey',
  'decrypt',
] as const;

export type SignatureControllerActions =
  | SignatureControllerGetStateAction
  | MethodActions<
      typeof signatureControllerName,
      SignatureController,
      (typeof MESSENGER_EXPOSED_METHODS)[number]
    >;

export type SignatureControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof signatureControllerName,
  SignatureControllerState
>;
/** A request finished: signed / decrypted / received, rejected or errored. */
export type SignatureControllerMessageFinishedEvent = {
  type: `${typeof signatureControllerName}:messageFinished`;
  payload: [finished: MessageSummary & { error?: string }];
};
export type SignatureControllerEvents =
  SignatureControllerStateChangeEvent | SignatureControllerMessageFinishedEvent;

export type SignatureControllerAllowedActions = ApprovalControllerAddRequestAction;

export type SignatureControllerMessenger = Messenger<
  typeof signatureControllerName,
  SignatureControllerActions | SignatureControllerAllowedActions,
  SignatureControllerEvents
>;

export interface SignatureControllerOptions {
  messenger: SignatureControllerMessenger;
  /** The key of an account, for one signing (the keyring's). Throws for an unknown account. */
  getPrivateKey: (address: Hex) => PrivateKey | Promise<PrivateKey>;
  /** The selected chain id (hex or decimal); undefined while switching networks. */
  getActiveChainId: () => string | number | undefined;
  /** The wallet's own screens: the only origin whose own-prefixed eth_sign needs no prompt. */
  walletOrigin?: string;
  now?: () => number;
}

/** `${walletOrigin} Signed Message:\n`: the wallet's own eth_sign prefix (spec part 1 §4). */
export function ownSignedMessagePrefix(walletOrigin: string): string {
  return `${walletOrigin} Signed Message:\n`;
}

/**
 * Every dapp signing request: validates it (its manager), asks the user (a typed approval through
 * `ApprovalController:addRequest`), signs with eth-sig-util, and answers the dapp.
 */
export class SignatureController extends BaseController<
  typeof signatureControllerName,
  SignatureControllerState,
  SignatureControllerMessenger
> {
  readonly ethSignManager: EthSignManager;
  readonly personalMessageManager: PersonalMessageManager;
  readonly typedMessageManager: TypedMessageManager;
  readonly encryptionPublicKeyManager: EncryptionPublicKeyManager;
  readonly decryptMessageManager: DecryptMessageManager;
  readonly #getPrivateKey: SignatureControllerOptions['getPrivateKey'];
  readonly #walletOrigin: string;
  readonly #unsubscribes: (() => void)[] = [];
  /**
   * While set, status changes collect here (latest summary by id, undefined once finished) and
   * reach state in one update when the synchronous run that made them ends: see #inOneWrite.
   */
  #collected: Map<string, MessageSummary | undefined> | undefined;
  /** messageFinished events held back while status changes are collected. */
  #finishedLater: (MessageSummary & { error?: string })[] | undefined;

  constructor({
    messenger,
    getPrivateKey,
    getActiveChainId,
    walletOrigin = DEFAULT_WALLET_ORIGIN,
    now,
  }: SignatureControllerOptions) {
    super({
      messenger,
      metadata: signatureControllerMetadata,
      name: signatureControllerName,
      state: { messages: {} },
    });
    this.#getPrivateKey = getPrivateKey;
    this.#walletOrigin = walletOrigin;
    this.ethSignManager = new EthSignManager({ now });
    this.personalMessageManager = new PersonalMessageManager({ now });
    this.typedMessageManager = new TypedMessageManager({ now, getActiveChainId });
    this.encryptionPublicKeyManager = new EncryptionPublicKeyManager({ now });
    this.decryptMessageManager = new DecryptMessageManager({ now });
    for (const manager of this.#managers()) this.#track(manager);

    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /**
   * eth_sign. A raw 32-byte hash is signed only after an approval flagged `dangerWarning: true`;
   * with a custom prefix and message the data must be their hash. The wallet's own origin with
   * its own prefix is approved without a prompt.
   */
  ethSign(params: SignRequest, origin: string): Promise<Hex> {
    return this.#process(
      this.ethSignManager,
      params,
      origin,
      (record) => ({
        messageId: record.id,
        from: record.msgParams.from,
        data: record.msgParams.data,
        dangerWarning: record.msgParams.dangerWarning,
        ...(record.msgParams.customPrefix !== undefined
          ? {
              customPrefix: record.msgParams.customPrefix,
              customMessage: record.msgParams.customMessage ?? '',
            }
          : {}),
      }),
      (record) =>
        this.#withKey(record.msgParams.from, (key) => signEthMessage(record.msgParams.data, key)),
      (record) =>
        record.origin === this.#walletOrigin &&
        record.msgParams.customPrefix === ownSignedMessagePrefix(this.#walletOrigin),
    ) as Promise<Hex>;
  }

  /** personal_sign; non-0x data is utf8 and is hex-encoded first. */
  personalSign(params: SignRequest, origin: string): Promise<Hex> {
    return this.#process(
      this.personalMessageManager,
      params,
      origin,
      (record) => ({
        messageId: record.id,
        from: record.msgParams.from,
        data: record.msgParams.data,
      }),
      (record) =>
        this.#withKey(record.msgParams.from, (key) => signPersonal(record.msgParams.data, key)),
    ) as Promise<Hex>;
  }

  /** personal_ecRecover: who signed `data` (utf8 or hex) with `signature`. */
  personalEcRecover(params: SignRequest): Hex {
    if (!isPlainObject(params)) throw invalidParams('Params must be an object.');
    const data = normalizeMessageData(params.data);
    const { signature } = params;
    if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signature)) {
      throw invalidParams('signature must be a 65-byte hex string.');
    }
    try {
      return recoverPersonal(data, signature);
    } catch (error) {
      throw invalidParams(`Cannot recover a signer: ${(error as Error).message}`);
    }
  }

  /** eth_signTypedData V1, V3 or V4, with every validation of spec part 1 §5. */
  signTypedData(params: SignRequest, version: string, origin: string): Promise<Hex> {
    const request = isPlainObject(params) ? { ...params, version } : params;
    return this.#process(
      this.typedMessageManager,
      request,
      origin,
      (record: MessageRecord<TypedMessageParams>) => ({
        messageId: record.id,
        from: record.msgParams.from,
        data: record.msgParams.data as ApprovalRequestDataByType['typed_data']['data'],
        version: record.msgParams.version,
      }),
      (record) =>
        this.#withKey(record.msgParams.from, (key) =>
          signTyped(record.msgParams, key, this.typedMessageManager.checkedData(record.msgParams)),
        ),
    ) as Promise<Hex>;
  }

  /** eth_getEncryptionPublicKey: the account's base64 x25519 public key. */
  getEncryptionPublicKey(params: SignRequest, origin: string): Promise<string> {
    return this.#process(
      this.encryptionPublicKeyManager,
      params,
      origin,
      (record) => ({ messageId: record.id, from: record.msgParams.from }),
      (record) => this.#withKey(record.msgParams.from, encryptionPublicKey),
    );
  }

  /** eth_decrypt: the plaintext of an x25519-xsalsa20-poly1305 message for the account. */
  decrypt(params: SignRequest, origin: string): Promise<string> {
    return this.#process(
      this.decryptMessageManager,
      params,
      origin,
      (record) => ({
        messageId: record.id,
        from: record.msgParams.from,
        data: record.msgParams.data,
      }),
      (record) =>
        this.#withKey(record.msgParams.from, (key) => decryptMessage(record.msgParams.data, key)),
    );
  }

  /**
   * The plaintext of a decrypt request that still waits for the user (views.md G10), so the
   * screen can show it before Allow. Only the wallet's own view calls this (an action, never an
   * RPC method): the dapp learns nothing until the user allows.
   */
  async decryptPreview(messageId: string): Promise<string> {
    const record = this.decryptMessageManager.get(messageId);
    if (!record || record.status !== 'unapproved') {
      // Coded like every refused action (decryptMessageInline), so views match the code.
      throw new ApprovalError(
        ApprovalErrorCode.requestNotFound,
        `No decrypt request waits with id "${messageId}".`,
      );
    }
    return decryptMessage(record.msgParams.data, await this.#getPrivateKey(record.msgParams.from));
  }

  override destroy(): void {
    for (const unsubscribe of this.#unsubscribes) unsubscribe();
    super.destroy();
  }

  #managers(): MessageManager<unknown>[] {
    return [
      this.ethSignManager,
      this.personalMessageManager,
      this.typedMessageManager,
      this.encryptionPublicKeyManager,
      this.decryptMessageManager,
    ] as MessageManager<unknown>[];
  }

  /** Mirrors a manager's unfinished records into state and republishes its finished event. */
  #track(manager: MessageManager<unknown>): void {
    this.#unsubscribes.push(
      manager.onStatusChange((record) => {
        const { id, origin, type, status, time } = record;
        const summary = manager.has(id) ? { id, origin, type, status, time } : undefined;
        if (this.#collected) this.#collected.set(id, summary);
        else this.#write(id, summary);
      }),
      manager.onFinished((record) => {
        const { id, origin, type, status, time, error } = record;
        const finished = {
          id,
          origin,
          type,
          status,
          time,
          ...(error !== undefined ? { error } : {}),
        };
        // Inside #inOneWrite the event waits for the state write, so that its listeners find
        // the request gone from state, as they do otherwise.
        if (this.#finishedLater) this.#finishedLater.push(finished);
        else this.messenger.publish(`${signatureControllerName}:messageFinished`, finished);
      }),
    );
  }

  /** Puts one request's summary into state (removes it when undefined). */
  #write(id: string, summary: MessageSummary | undefined): void {
    const next = summary ? withMessage(this.state, summary) : withoutMessage(this.state, id);
    if (next !== this.state) this.update(() => next);
  }

  /**
   * Runs `run` with status changes collected, then writes what they left in one state update.
   * An approval whose signing key is at hand goes approved → signed within one synchronous run:
   * no one (a view, a stateChange listener) can observe the state between the two, so writing
   * it twice only cost a state copy, an update and its event. The manager's own status events
   * still report every status.
   */
  #inOneWrite(run: () => void): void {
    const collected = new Map<string, MessageSummary | undefined>();
    const finished: (MessageSummary & { error?: string })[] = [];
    this.#collected = collected;
    this.#finishedLater = finished;
    try {
      run();
    } finally {
      this.#collected = undefined;
      this.#finishedLater = undefined;
      for (const [id, summary] of collected) this.#write(id, summary);
      for (const event of finished)
        this.messenger.publish(`${signatureControllerName}:messageFinished`, event);
    }
  }

  /**
   * `use` with the account's key: at once when the keyring hands the key over synchronously (an
   * unlocked vault does), so the signature comes in the same run as the approval.
   */
  #withKey<T>(address: Hex, use: (key: PrivateKey) => T): T | Promise<T> {
    const key = this.#getPrivateKey(address);
    return key instanceof Promise ? key.then(use) : use(key);
  }

  /**
   * Validate and record (throws at once on bad params), ask the user unless `autoApprove` says
   * otherwise, then perform. The returned promise is the manager's finished outcome.
   */
  async #process<Params>(
    manager: MessageManager<Params>,
    params: unknown,
    origin: string,
    approvalData: (record: MessageRecord<Params>) => Record<string, unknown>,
    perform: (record: MessageRecord<Params>) => string | Promise<string>,
    autoApprove: (record: MessageRecord<Params>) => boolean = () => false,
  ): Promise<string> {
    const record = manager.add(params, origin);
    const outcome = manager.waitForResult(record.id);
    let approval: Promise<unknown> = Promise.resolve();
    if (!autoApprove(record)) {
      try {
        ({ result: approval } = this.messenger.call('ApprovalController:addRequest', {
          origin,
          type: manager.approvalType,
          requestData: approvalData(record),
        } as never));
      } catch (error) {
        // No prompt was opened (e.g. -32002, one already pending): the dapp gets that error as is.
        outcome.catch(() => undefined);
        manager.setErrored(record.id, (error as Error).message);
        throw error;
      }
    }
    try {
      await approval;
    } catch (error) {
      if ((error as { code?: unknown }).code === 4001) manager.setRejected(record.id);
      else manager.setErrored(record.id, (error as Error).message);
      return outcome;
    }
    // Approved, then signed in the same run when the key is at hand (one state write for both).
    let signing: Promise<string> | undefined;
    this.#inOneWrite(() => {
      manager.setApproved(record.id);
      try {
        const result = perform(record);
        if (typeof result === 'string') manager.setFinished(record.id, result);
        else signing = result;
      } catch (error) {
        manager.setErrored(record.id, (error as Error).message);
      }
    });
    if (signing) {
      try {
        manager.setFinished(record.id, await signing);
      } catch (error) {
        manager.setErrored(record.id, (error as Error).message);
      }
    }
    return outcome;
  }
}
