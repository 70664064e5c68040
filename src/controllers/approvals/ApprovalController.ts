import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { MethodActions } from '../messenger/method-actions';
import { invalidApprovalValue, requestNotFound } from './errors';
import { rpcErrors } from '@metamask/rpc-errors';

import {
  isApprovalType,
  requestAlreadyPendingError,
  UNKNOWN_APPROVAL_TYPE_MESSAGE,
  userRejectedError,
  type ApprovalRequest,
  type ApprovalRequestDataByType,
  type ApprovalType,
  type ApprovalValue,
} from './approval-types';
import { copyJson } from './copy-json';
import { withoutPending, withPending } from './pending-approvals';

export const approvalControllerName = 'ApprovalController';

/** The wallet's own screens; they are not limited to one pending request per type. */
export const DEFAULT_WALLET_ORIGIN = 'orrery';

export type ApprovalControllerState = {
  /** Pending requests by id: request data only, never a result or a key. */
  pendingApprovals: Record<string, ApprovalRequest>;
  pendingApprovalCount: number;
  /**
   * What dapps said about themselves (wallet_sendDomainMetadata), by origin, for the approval
   * screens' header: at most MAX_DAPP_METADATA origins, the latest kept.
   */
  dappMetadata: Record<string, DappMetadata>;
};

/** A dapp's name and icon URL as it declared them; never trusted for anything but display. */
export type DappMetadata = { name: string; icon: string | null };

/** Bounds the metadata map: a page cannot grow the state by inventing origins. */
export const MAX_DAPP_METADATA = 100;

// Pending requests die with the engine (their callers are rejected on destroy): never persisted.
/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const approvalControllerMetadata = {
  pendingApprovals: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  pendingApprovalCount: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  dappMetadata: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
} satisfies StateMetadata<ApprovalControllerState>;

export type AddApprovalRequest<T extends ApprovalType = ApprovalType> = {
  origin: string;
  type: T;
  requestData: ApprovalRequestDataByType[T];
  /**
   * The requester's check of the approver's value (e.g. a transaction's gas overrides), run
   * before the request settles: a throw refuses that approval and keeps the request pending.
   * What it returns is what the requester receives.
   */
  parseValue?: (value: ApprovalValue) => ApprovalValue;
};

export type AddApprovalResult = {
  id: string;
  /** Resolves with the approver's value; rejects with the rejection error (4001 by default). */
  result: Promise<ApprovalValue>;
};

export type ApprovalControllerGetStateAction = ControllerGetStateAction<
  typeof approvalControllerName,
  ApprovalControllerState
>;
/** The methods others may call as `ApprovalController:<method>`. */
const MESSENGER_EXPOSED_METHODS = [
  'addRequest',
  'approve',
  'reject',
  'getRequest',
  'setDappMetadata',
] as const;

export type ApprovalControllerAddRequestAction = MethodActions<
  typeof approvalControllerName,
  ApprovalController,
  'addRequest'
>;
export type ApprovalControllerRejectAction = MethodActions<
  typeof approvalControllerName,
  ApprovalController,
  'reject'
>;
export type ApprovalControllerActions =
  | ApprovalControllerGetStateAction
  | MethodActions<
      typeof approvalControllerName,
      ApprovalController,
      (typeof MESSENGER_EXPOSED_METHODS)[number]
    >;

export type ApprovalControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof approvalControllerName,
  ApprovalControllerState
>;
/** A request now waits for the user: the engine may open a prompt. */
export type ApprovalControllerRequestAddedEvent = {
  type: `${typeof approvalControllerName}:requestAdded`;
  payload: [request: ApprovalRequest];
};
export type ApprovalControllerRequestSettledEvent = {
  type: `${typeof approvalControllerName}:requestSettled`;
  payload: [
    settled: { id: string; origin: string; type: ApprovalType; outcome: 'approved' | 'rejected' },
  ];
};
/**
 * Every pending request was refused at once (logout, or the engine stopping): requests that wait
 * before they reach the queue (a connect held until the unlock) are refused with them.
 */
export type ApprovalControllerAllRejectedEvent = {
  type: `${typeof approvalControllerName}:allRejected`;
  payload: [];
};
export type ApprovalControllerEvents =
  | ApprovalControllerStateChangeEvent
  | ApprovalControllerRequestAddedEvent
  | ApprovalControllerRequestSettledEvent
  | ApprovalControllerAllRejectedEvent;

export type ApprovalControllerMessenger = Messenger<
  typeof approvalControllerName,
  ApprovalControllerActions,
  ApprovalControllerEvents
>;

export interface ApprovalControllerOptions {
  messenger: ApprovalControllerMessenger;
  /** Origins exempt from the one-pending-per-type rule (the wallet's own screens). */
  walletOrigin?: string;
  /** Clock for request times; tests pass their own. */
  now?: () => number;
}

type Settler = {
  resolve: (value: ApprovalValue) => void;
  reject: (error: Error) => void;
  parseValue?: (value: ApprovalValue) => ApprovalValue;
};

function assertOrigin(origin: unknown): asserts origin is string {
  if (typeof origin !== 'string' || origin.trim() === '') {
    throw rpcErrors.invalidParams({ message: 'An approval request needs an origin.' });
  }
}

/** The requester's reading of an approval value; a value it refuses is the approver's mistake. */
function parseWith(parse: (value: ApprovalValue) => ApprovalValue, value: ApprovalValue) {
  try {
    return parse(value);
  } catch (error) {
    throw invalidApprovalValue(error instanceof Error ? error.message : String(error), error);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Holds every request that waits for the user, by an unguessable id. Approving or rejecting
 * settles the requester's promise; the state shows the pending requests to the UI.
 */
export class ApprovalController extends BaseController<
  typeof approvalControllerName,
  ApprovalControllerState,
  ApprovalControllerMessenger
> {
  readonly #settlers = new Map<string, Settler>();
  readonly #walletOrigin: string;
  readonly #now: () => number;

  constructor({ messenger, walletOrigin = DEFAULT_WALLET_ORIGIN, now }: ApprovalControllerOptions) {
    super({
      messenger,
      metadata: approvalControllerMetadata,
      name: approvalControllerName,
      state: { pendingApprovals: {}, pendingApprovalCount: 0, dappMetadata: {} },
    });
    this.#walletOrigin = walletOrigin;
    this.#now = now ?? (() => Date.now());

    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /**
   * Adds a pending request. Throws 'No new transactions.' for an unknown type and -32002 when the
   * same dapp origin already has a request of this type pending.
   */
  addRequest<T extends ApprovalType>(request: AddApprovalRequest<T>): AddApprovalResult {
    if (!isPlainObject(request)) {
      throw rpcErrors.invalidParams({ message: 'An approval request must be an object.' });
    }
    const { origin, type, requestData, parseValue } = request;
    if (!isApprovalType(type))
      throw rpcErrors.invalidParams({ message: UNKNOWN_APPROVAL_TYPE_MESSAGE });
    assertOrigin(origin);
    // A copy, so the requester cannot change what the user sees after the fact; made in the
    // same walk that checks the data is JSON.
    const data = isPlainObject(requestData) ? copyJson(requestData) : undefined;
    if (data === undefined) {
      throw rpcErrors.invalidParams({
        message: 'Approval request data must be a plain JSON object.',
      });
    }
    // Transactions queue instead: dapps legitimately send several in a row.
    if (origin !== this.#walletOrigin && type !== 'transaction' && this.#hasPending(origin, type)) {
      throw requestAlreadyPendingError(origin, type);
    }

    const id = globalThis.crypto.randomUUID();
    const pending = { id, origin, type, time: this.#now(), requestData: data } as ApprovalRequest;
    const result = new Promise<ApprovalValue>((resolve, reject) => {
      this.#settlers.set(id, { resolve, reject, parseValue });
    });
    // A new frozen state, taken whole: see pending-approvals.ts.
    const next = withPending(this.state, Object.freeze(pending));
    this.update(() => next);
    this.messenger.publish(`${approvalControllerName}:requestAdded`, pending);
    return { id, result };
  }

  /**
   * Records what a dapp origin said about itself (already validated by the RPC method). The
   * latest MAX_DAPP_METADATA origins are kept; an origin that speaks again moves to the end.
   */
  setDappMetadata(origin: string, metadata: DappMetadata): void {
    assertOrigin(origin);
    this.update((state) => {
      delete state.dappMetadata[origin];
      state.dappMetadata[origin] = { name: metadata.name, icon: metadata.icon };
      const origins = Object.keys(state.dappMetadata);
      for (const old of origins.slice(0, Math.max(0, origins.length - MAX_DAPP_METADATA))) {
        delete state.dappMetadata[old];
      }
    });
  }

  /** The pending request with this id, if any. */
  getRequest(id: string): ApprovalRequest | undefined {
    return this.state.pendingApprovals[id];
  }

  /** Pending requests, oldest first. */
  getPending(): ApprovalRequest[] {
    return Object.values(this.state.pendingApprovals).sort((a, b) => a.time - b.time);
  }

  /**
   * The user approved: the requester receives `value` (e.g. connect's {accounts, period}), as its
   * own `parseValue` gives it back. A value the requester refuses throws and leaves the request
   * pending.
   */
  approve(id: string, value?: ApprovalValue): void {
    const settler = this.#settlers.get(id);
    const parsed = settler?.parseValue ? parseWith(settler.parseValue, value) : value;
    const request = this.#take(id);
    settler?.resolve(parsed);
    this.#settlers.delete(id);
    this.#publishSettled(request, 'approved');
  }

  /** The user denied, or something failed: 4001 with the type's message unless `error` is given. */
  reject(id: string, error?: Error): void {
    const request = this.#take(id);
    this.#settlers.get(id)?.reject(error ?? userRejectedError(request.type));
    this.#settlers.delete(id);
    this.#publishSettled(request, 'rejected');
  }

  /** Rejects every pending request (each with its type's 4001 error unless `error` is given). */
  rejectAll(error?: Error): void {
    for (const id of Object.keys(this.state.pendingApprovals)) this.reject(id, error);
    this.messenger.publish(`${approvalControllerName}:allRejected`);
  }

  /** Pending requests die with the engine: their callers are told the user did not approve. */
  override destroy(): void {
    this.rejectAll();
    super.destroy();
  }

  #hasPending(origin: string, type: ApprovalType): boolean {
    return Object.values(this.state.pendingApprovals).some(
      (request) => request.origin === origin && request.type === type,
    );
  }

  #take(id: string): ApprovalRequest {
    const request = typeof id === 'string' ? this.state.pendingApprovals[id] : undefined;
    if (!request) throw requestNotFound(id);
    const next = withoutPending(this.state, id);
    this.update(() => next);
    return request;
  }

  #publishSettled(request: ApprovalRequest, outcome: 'approved' | 'rejected'): void {
    const { id, origin, type } = request;
    this.messenger.publish(`${approvalControllerName}:requestSettled`, {
      id,
      origin,
      type,
      outcome,
    });
  }
}
