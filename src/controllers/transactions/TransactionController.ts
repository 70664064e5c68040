import type { Hex } from '../../shared/primitives';
import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';
import { rpcErrors } from '@metamask/rpc-errors';
import type { Draft } from 'immer';

import type { KeyringControllerSignTransactionAction } from '../keyring/KeyringController';
import type { SignableTxParams } from '../keyring/sign-transaction';
import type { GasFeeControllerGetSuggestedGasFeesAction } from '../gas/GasFeeController';
import type {
  NetworkControllerGetEIP1559CompatibilityAction,
  NetworkControllerGetProviderAction,
  NetworkControllerGetStateAction,
  NetworkControllerNewBlockEvent,
  NetworkControllerStateChangeEvent,
} from '../network/NetworkController';
import {
  INTERNAL_FAILURE_MESSAGE,
  MAX_NONCE_GROUPS,
  NETWORK_LOADING_MESSAGE,
  STUCK_AT_BOOT_MESSAGE,
  UI_LIST_LIMIT,
} from './constants';
import { dappResult, unknownProblem } from './dapp-errors';
import type { GetSuggestedGasFees } from './gas-fees';
import { hexToNumber, toHex } from './hex';
import { updateWithHistory, withInitialHistory } from './history';
import { NonceTracker } from './nonce-tracker';
import { PendingTransactionTracker } from './pending-tracker';
import { errorMessage, type RequestProvider } from './rpc';
import { computeDefaults } from './transaction-defaults';
import { allTransactions, transactionsOf, type TransactionsByChain } from './selectors';
import {
  buildReplacementParams,
  gasFieldsOf,
  withGasOverrides,
  type GasOverrides,
} from './replacement';
import { trimNonceGroups } from './trim';
import {
  FINAL_STATUSES,
  type TransactionMeta,
  type TransactionSnapshot,
  type TransactionStatus,
  type TxParams,
} from './types';
import { normalizeTxParams, validateSender, validateTxParams } from './validate-tx-params';

export const transactionControllerName = 'TransactionController';

export type { TransactionsByChain };
/** What a view sees of a transaction: no history and no raw bytes. */
export type UiTransaction = Omit<TransactionMeta, 'history' | 'rawTx'>;

export type TransactionControllerState = {
  transactions: TransactionsByChain;
  /** The current chain's latest transactions (at most 100), oldest first. Derived; never persisted. */
  uiTransactions: UiTransaction[];
};

/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const transactionControllerMetadata = {
  transactions: {
    persist: true,
    usedInUi: false,
    includeInDebugSnapshot: false,
    includeInStateLogs: true,
  },
  uiTransactions: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: false,
  },
} satisfies StateMetadata<TransactionControllerState>;

export function getDefaultTransactionControllerState(): TransactionControllerState {
  return { transactions: {}, uiTransactions: [] };
}

export type TransactionControllerGetStateAction = ControllerGetStateAction<
  typeof transactionControllerName,
  TransactionControllerState
>;
export type TransactionControllerAddTransactionAction = {
  type: `${typeof transactionControllerName}:addTransaction`;
  handler: TransactionController['addTransaction'];
};
export type TransactionControllerApproveTransactionAction = {
  type: `${typeof transactionControllerName}:approveTransaction`;
  handler: TransactionController['approveTransaction'];
};
export type TransactionControllerRejectTransactionAction = {
  type: `${typeof transactionControllerName}:rejectTransaction`;
  handler: TransactionController['rejectTransaction'];
};
/** The nonce the sender's next transaction gets (the nonce tracker's answer, lock released). */
export type TransactionControllerGetNextNonceAction = {
  type: `${typeof transactionControllerName}:getNextNonce`;
  handler: TransactionController['getNextNonce'];
};
export type TransactionControllerUpdateTransactionGasAction = {
  type: `${typeof transactionControllerName}:updateTransactionGas`;
  handler: TransactionController['updateTransactionGas'];
};
export type TransactionControllerSpeedUpTransactionAction = {
  type: `${typeof transactionControllerName}:speedUpTransaction`;
  handler: TransactionController['speedUpTransaction'];
};
export type TransactionControllerCancelTransactionAction = {
  type: `${typeof transactionControllerName}:cancelTransaction`;
  handler: TransactionController['cancelTransaction'];
};
export type TransactionControllerRetryTransactionAction = {
  type: `${typeof transactionControllerName}:retryTransaction`;
  handler: TransactionController['retryTransaction'];
};
export type TransactionControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof transactionControllerName,
  TransactionControllerState
>;
/** A new transaction waits for the user's approval. */
export type TransactionControllerUnapprovedTransactionAddedEvent = {
  type: `${typeof transactionControllerName}:unapprovedTransactionAdded`;
  payload: [transactionMeta: TransactionMeta];
};
/** Emitted on submitted, rejected or failed (spec). */
export type TransactionControllerTransactionFinishedEvent = {
  type: `${typeof transactionControllerName}:transactionFinished`;
  payload: [transactionMeta: TransactionMeta];
};
/** Every status change, for listeners such as past-transaction sync. */
export type TransactionControllerTransactionStatusUpdatedEvent = {
  type: `${typeof transactionControllerName}:transactionStatusUpdated`;
  payload: [transactionMeta: TransactionMeta];
};
/** A non-benign error while checking or resubmitting a pending transaction. */
export type TransactionControllerTransactionWarningEvent = {
  type: `${typeof transactionControllerName}:transactionWarning`;
  payload: [warning: { transactionMeta: TransactionMeta; error: string; message: string }];
};

export type TransactionControllerActions =
  | TransactionControllerGetStateAction
  | TransactionControllerAddTransactionAction
  | TransactionControllerApproveTransactionAction
  | TransactionControllerRejectTransactionAction
  | TransactionControllerGetNextNonceAction
  | TransactionControllerUpdateTransactionGasAction
  | TransactionControllerSpeedUpTransactionAction
  | TransactionControllerCancelTransactionAction
  | TransactionControllerRetryTransactionAction;
export type TransactionControllerEvents =
  | TransactionControllerStateChangeEvent
  | TransactionControllerUnapprovedTransactionAddedEvent
  | TransactionControllerTransactionFinishedEvent
  | TransactionControllerTransactionStatusUpdatedEvent
  | TransactionControllerTransactionWarningEvent;
/** What the root messenger must delegate to this controller's messenger (see the lists below). */
export type TransactionControllerAllowedActions =
  | NetworkControllerGetStateAction
  | NetworkControllerGetProviderAction
  | NetworkControllerGetEIP1559CompatibilityAction
  | KeyringControllerSignTransactionAction
  | GasFeeControllerGetSuggestedGasFeesAction;
export type TransactionControllerAllowedEvents =
  NetworkControllerNewBlockEvent | NetworkControllerStateChangeEvent;
/** For the engine's `root.delegate({ messenger, actions, events })`. The gas action is optional. */
export const TRANSACTION_CONTROLLER_DELEGATED_ACTIONS: TransactionControllerAllowedActions['type'][] =
  [
    'NetworkController:getState',
    'NetworkController:getProvider',
    'NetworkController:getEIP1559Compatibility',
    'KeyringController:signTransaction',
    'GasFeeController:getSuggestedGasFees',
  ];
export const TRANSACTION_CONTROLLER_DELEGATED_EVENTS: TransactionControllerAllowedEvents['type'][] =
  ['NetworkController:newBlock', 'NetworkController:stateChange'];

export type TransactionControllerMessenger = Messenger<
  typeof transactionControllerName,
  TransactionControllerActions | TransactionControllerAllowedActions,
  TransactionControllerEvents | TransactionControllerAllowedEvents
>;

export type TransactionControllerOptions = {
  messenger: TransactionControllerMessenger;
  state?: Partial<TransactionControllerState>;
  /** The account the user has selected; only it may send. */
  getSelectedAddress: () => string | undefined;
  /** The origin the wallet's own screens use; a wrong sender from it is an internal error. */
  walletOrigin?: string;
  /** Nonce groups kept per chain and sender (default 40). */
  maxNonceGroups?: number;
};

export type { GasOverrides };

export type AddTransactionResult = {
  transactionMeta: TransactionMeta;
  /** Resolves with the hash once submitted; rejects with the dapp-facing error otherwise. */
  result: Promise<string>;
};

type Waiter = { resolve: (hash: string) => void; reject: (error: Error) => void };

function randomId(): string {
  return globalThis.crypto.randomUUID();
}

/** The fields the signer takes: ours without the custom nonce (already applied) and `input`. */
function toSignable(txParams: TxParams): SignableTxParams {
  const { customNonceValue: _custom, input: _input, accessList, ...rest } = txParams;
  return {
    ...rest,
    ...(accessList ? { accessList: accessList as SignableTxParams['accessList'] } : {}),
  };
}

function stripForUi(tx: TransactionMeta): UiTransaction {
  const { history: _history, rawTx: _rawTx, ...rest } = tx;
  return rest;
}

/**
 * The whole transaction lifecycle: validation, defaults, approval, nonce, signing, publishing,
 * pending tracking, replacements, history and boot recovery (spec §3–§5, part 2 §4, §8, §9).
 */
export class TransactionController extends BaseController<
  typeof transactionControllerName,
  TransactionControllerState,
  TransactionControllerMessenger
> {
  readonly #getSelectedAddress: () => string | undefined;
  readonly #walletOrigin: string;
  readonly #maxNonceGroups: number;
  readonly #nonceTracker: NonceTracker;
  readonly #pendingTracker: PendingTransactionTracker;
  /** Transactions being signed right now: one signing per transaction at a time. */
  readonly #signing = new Set<string>();
  readonly #defaultsLoading = new Map<string, Promise<void>>();
  readonly #waiters = new Map<string, Waiter>();
  #initialised = false;
  /** Chains whose leftovers from before the restart were already taken care of. */
  readonly #recoveredChains = new Set<string>();
  /** The chain the UI list was derived for. */
  #uiChainId: string | undefined;

  constructor({
    messenger,
    state,
    getSelectedAddress,
    walletOrigin = 'orrery',
    maxNonceGroups = MAX_NONCE_GROUPS,
  }: TransactionControllerOptions) {
    super({
      messenger,
      metadata: transactionControllerMetadata,
      name: transactionControllerName,
      state: { transactions: state?.transactions ?? {}, uiTransactions: [] },
    });
    this.#getSelectedAddress = getSelectedAddress;
    this.#walletOrigin = walletOrigin;
    this.#maxNonceGroups = maxNonceGroups;
    this.#nonceTracker = new NonceTracker({
      getProvider: () => this.#provider(),
      getTransactions: (chainId, from) => this.#transactionsOf(chainId, from),
    });
    this.#pendingTracker = new PendingTransactionTracker({
      getProvider: () => this.#provider(),
      getPendingTransactions: () =>
        this.#all().filter(
          (tx) => tx.status === 'submitted' && tx.chainId === this.#currentChainId(),
        ),
      getTransactionsOf: (chainId, from) => this.#transactionsOf(chainId, from),
      getTransaction: (id) => this.#find(id),
      onConfirmed: (id, receipt, baseFeePerGas) => this.#confirm(id, receipt, baseFeePerGas),
      onFailed: (id, message, receipt) => this.#fail(id, new Error(message), receipt),
      onDropped: (id, replacedBy) => {
        this.#setStatus(id, 'dropped', 'transactions/pending-tracker: dropped', (tx) => {
          if (replacedBy) tx.replacedBy = replacedBy;
        });
      },
      onRetried: (id, firstRetryBlockNumber, retryCount) => {
        this.#updateTransaction(id, 'transactions/pending-tracker: resubmission', (tx) => {
          tx.firstRetryBlockNumber = firstRetryBlockNumber;
          tx.retryCount = retryCount;
        });
      },
      onWarning: (id, error, message) => {
        const tx = this.#updateTransaction(id, 'transactions/pending-tracker: warning', (draft) => {
          draft.warning = { error, message };
        });
        if (tx)
          this.messenger.publish(`${transactionControllerName}:transactionWarning`, {
            transactionMeta: tx,
            error,
            message,
          });
      },
    });
    this.messenger.registerActionHandler(
      `${transactionControllerName}:addTransaction`,
      (txParams, options) => this.addTransaction(txParams, options),
    );
    this.messenger.registerActionHandler(`${transactionControllerName}:approveTransaction`, (id) =>
      this.approveTransaction(id),
    );
    this.messenger.registerActionHandler(`${transactionControllerName}:rejectTransaction`, (id) =>
      this.rejectTransaction(id),
    );
    this.messenger.registerActionHandler(`${transactionControllerName}:getNextNonce`, (from) =>
      this.getNextNonce(from),
    );
    this.messenger.registerActionHandler(
      `${transactionControllerName}:updateTransactionGas`,
      (id, overrides) => this.updateTransactionGas(id, overrides),
    );
    this.messenger.registerActionHandler(
      `${transactionControllerName}:speedUpTransaction`,
      (id, overrides) => this.speedUpTransaction(id, overrides),
    );
    this.messenger.registerActionHandler(
      `${transactionControllerName}:cancelTransaction`,
      (id, overrides) => this.cancelTransaction(id, overrides),
    );
    this.messenger.registerActionHandler(
      `${transactionControllerName}:retryTransaction`,
      (id, overrides) => this.retryTransaction(id, overrides),
    );
  }

  /**
   * Boot recovery and wiring: an approved transaction left over fails as stuck during signing.
   * Unapproved ones still loading defaults get them recomputed, and signed ones are published,
   * each once its chain is selected and reachable (now, or after a switch). Then pending
   * tracking runs on every new block.
   */
  async init(): Promise<void> {
    if (this.#initialised) return;
    this.#initialised = true;
    this.messenger.subscribe('NetworkController:newBlock', this.#onNewBlock);
    this.messenger.subscribe('NetworkController:stateChange', this.#onNetworkStateChange);
    this.#refreshUiList();
    for (const tx of this.#all()) {
      if (tx.status === 'approved') this.#fail(tx.id, new Error(STUCK_AT_BOOT_MESSAGE));
    }
    await this.#recoverCurrentChain();
  }

  async #recoverCurrentChain(): Promise<void> {
    const network = this.messenger.call('NetworkController:getState');
    const chainId = network.providerConfig.chainId;
    if (network.networkStatus !== 'available' || this.#recoveredChains.has(chainId)) return;
    this.#recoveredChains.add(chainId);
    const work: Promise<unknown>[] = [];
    for (const tx of this.#all()) {
      if (tx.chainId !== chainId) continue;
      if (tx.status === 'unapproved' && tx.loadingDefaults) {
        work.push(this.#startLoadingDefaults(tx.id).catch(() => undefined));
      } else if (tx.status === 'signed') {
        work.push(this.#publish(tx.id, true).catch((error: unknown) => this.#fail(tx.id, error)));
      }
    }
    await Promise.all(work);
  }

  /** Stops tracking; dapps still waiting get the unknown-problem error. Safe to call twice. */
  override destroy(): void {
    for (const id of [...this.#waiters.keys()]) {
      const tx = this.#find(id);
      const waiter = this.#waiters.get(id);
      this.#waiters.delete(id);
      waiter?.reject(unknownProblem(tx?.txParams));
    }
    if (this.#initialised) {
      this.#initialised = false;
      this.messenger.unsubscribe('NetworkController:newBlock', this.#onNewBlock);
      this.messenger.unsubscribe('NetworkController:stateChange', this.#onNetworkStateChange);
    }
    super.destroy();
  }

  // ---------------------------------------------------------------- adding

  /**
   * The dapp-facing entry point: validates, stores the transaction unapproved and resolves with
   * its hash once submitted. Rejects with code 4001 when the user rejects it.
   */
  async addTransaction(txParams: unknown, { origin }: { origin: string }): Promise<string> {
    const { result } = await this.addUnapprovedTransaction(txParams, { origin });
    return result;
  }

  /**
   * Validates and stores a new unapproved transaction, computes its defaults (category, gas
   * limit, fees), then announces it for approval. Throws on invalid params, a wrong sender, a
   * loading network or failed fee estimation.
   */
  async addUnapprovedTransaction(
    rawParams: unknown,
    { origin }: { origin: string },
  ): Promise<AddTransactionResult> {
    const network = this.messenger.call('NetworkController:getState');
    if (network.networkStatus === 'loading') throw rpcErrors.internal(NETWORK_LOADING_MESSAGE);
    const chainId = network.providerConfig.chainId;
    const normalized =
      rawParams && typeof rawParams === 'object' && !Array.isArray(rawParams)
        ? normalizeTxParams(rawParams as Record<string, unknown>)
        : rawParams;
    const supportsEip1559 = await this.#supportsEip1559();
    const txParams = validateTxParams(normalized, supportsEip1559);
    validateSender(txParams.from, this.#getSelectedAddress(), origin, this.#walletOrigin);
    if (txParams.chainId !== undefined && Number(txParams.chainId) !== Number(chainId)) {
      throw rpcErrors.invalidParams(
        `Provided chainId "${String(txParams.chainId)}" must match the active chainId "${chainId}"`,
      );
    }
    const dappSuggested = gasFieldsOf(txParams);
    const snapshot: TransactionSnapshot = {
      id: randomId(),
      time: Date.now(),
      status: 'unapproved',
      metamaskNetworkId: network.networkId,
      chainId,
      loadingDefaults: true,
      dappSuggestedGasFees: Object.keys(dappSuggested).length > 0 ? dappSuggested : null,
      origin,
      txParams: { ...txParams, chainId },
    };
    const transactionMeta = withInitialHistory(snapshot);
    const result = this.#waitForResult(transactionMeta.id);
    // A caller that only awaits the meta must not see an unhandled rejection.
    result.catch(() => undefined);
    this.#insert(transactionMeta);
    await this.#startLoadingDefaults(transactionMeta.id);
    const loaded = this.#find(transactionMeta.id);
    // Rejected while its defaults loaded: the result already carries the rejection.
    if (!loaded) return { transactionMeta, result };
    this.messenger.publish(`${transactionControllerName}:unapprovedTransactionAdded`, loaded);
    return { transactionMeta: loaded, result };
  }

  /**
   * Changes the gas limit, fees (a gas price, or the fee-market pair) or custom nonce of an
   * unapproved transaction before approval, validated like new params.
   */
  async updateTransactionGas(id: string, overrides: GasOverrides): Promise<TransactionMeta> {
    const tx = this.#get(id);
    if (tx.status !== 'unapproved') throw new Error(`Transaction ${id} is not unapproved.`);
    const txParams = withGasOverrides(tx.txParams, overrides, await this.#supportsEip1559());
    return this.#mustUpdate(id, 'transactions/updateTransactionGas', (draft) => {
      draft.txParams = txParams;
    });
  }

  /**
   * eth_getTransactionCount(from, 'pending') as a dapp should see it: the network's count raised
   * past this wallet's own in-flight and confirmed nonces on the active chain.
   */
  async getNextNonce(from: string): Promise<number> {
    const lock = await this.#nonceTracker.getNonceLock(this.#currentChainId(), from);
    lock.releaseLock();
    return lock.nextNonce;
  }

  // ---------------------------------------------------------------- approval

  /** Approve → sign → publish. A second call while the first is signing does nothing. */
  async approveTransaction(id: string): Promise<void> {
    if (this.#signing.has(id)) return;
    const tx = this.#get(id);
    if (tx.status !== 'unapproved')
      throw new Error(`Transaction ${id} is not unapproved (it is ${tx.status}).`);
    this.#signing.add(id);
    try {
      await this.#defaultsLoading.get(id);
      const current = this.#get(id);
      if (current.status !== 'unapproved' || current.loadingDefaults) return;
      this.#setStatus(id, 'approved', 'transactions#approveTransaction');
      await this.#signAndPublish(id);
    } finally {
      this.#signing.delete(id);
    }
  }

  /** Marks the transaction rejected, tells the dapp (4001), then deletes it. */
  rejectTransaction(id: string): void {
    const tx = this.#get(id);
    if (tx.status !== 'unapproved')
      throw new Error(`Transaction ${id} is not unapproved (it is ${tx.status}).`);
    this.#setStatus(id, 'rejected', 'transactions#rejectTransaction');
    this.#remove(id);
  }

  // ---------------------------------------------------------------- replacements

  /** A replacement with the same nonce and 11/10 of the fees, approved and sent at once. */
  speedUpTransaction(id: string, overrides?: GasOverrides): Promise<TransactionMeta> {
    return this.#replace(id, 'speedUp', overrides);
  }

  /** A zero-value transaction to oneself with the same nonce and 11/10 of the fees, approved and sent. */
  cancelTransaction(id: string, overrides?: GasOverrides): Promise<TransactionMeta> {
    return this.#replace(id, 'cancel', overrides);
  }

  /** Like a speed-up, but left unapproved for the user to confirm. */
  retryTransaction(id: string, overrides?: GasOverrides): Promise<TransactionMeta> {
    return this.#replace(id, 'retry', overrides);
  }

  // ---------------------------------------------------------------- reading

  getTransaction(id: string): TransactionMeta | undefined {
    return this.#find(id);
  }

  /** Stored transactions, optionally of one chain and/or sender, oldest first. */
  getTransactions({ chainId, from }: { chainId?: string; from?: string } = {}): TransactionMeta[] {
    return this.#all()
      .filter(
        (tx) =>
          (chainId === undefined || tx.chainId === chainId) &&
          (from === undefined || tx.txParams.from === from.toLowerCase()),
      )
      .sort((a, b) => a.time - b.time);
  }

  // ---------------------------------------------------------------- internals: lifecycle

  #waitForResult(id: string): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      this.#waiters.set(id, { resolve, reject });
    });
  }

  #settleWaiter(tx: TransactionMeta): void {
    const waiter = this.#waiters.get(tx.id);
    if (!waiter) return;
    this.#waiters.delete(tx.id);
    const outcome = dappResult(tx);
    if ('hash' in outcome) waiter.resolve(outcome.hash);
    else waiter.reject(outcome.error);
  }

  #startLoadingDefaults(id: string): Promise<void> {
    const loading = this.#loadDefaults(id).finally(() => this.#defaultsLoading.delete(id));
    this.#defaultsLoading.set(id, loading);
    return loading;
  }

  /** Category, gas limit and fees for an unapproved transaction; a failure fails the transaction. */
  async #loadDefaults(id: string): Promise<void> {
    try {
      const tx = this.#get(id);
      const supportsEip1559 = await this.#supportsEip1559();
      const apply = await computeDefaults(
        tx,
        this.#provider(),
        supportsEip1559,
        this.#gasControllerFees,
      );
      if (!this.#find(id)) return; // rejected meanwhile
      this.#mustUpdate(id, 'Added new unapproved transaction defaults', apply);
    } catch (error) {
      if (!this.#find(id)) return; // rejected meanwhile
      this.#updateTransaction(id, 'transactions#loadDefaults: failed', (draft) => {
        draft.loadingDefaults = false;
      });
      this.#fail(id, error);
      throw error;
    }
  }

  /** Takes the nonce lock, signs, stores as signed, releases the lock, then publishes. */
  async #signAndPublish(id: string): Promise<void> {
    let release: (() => void) | undefined;
    try {
      const tx = this.#get(id);
      const current = this.#currentChainId();
      if (current !== tx.chainId) {
        throw new Error(
          `Provided chainId "${tx.chainId}" must match the active chainId "${current}"`,
        );
      }
      const custom = tx.txParams.customNonceValue ?? (tx.type ? tx.txParams.nonce : undefined);
      const lock = await this.#nonceTracker.getNonceLock(
        tx.chainId,
        tx.txParams.from,
        custom === undefined ? undefined : hexToNumber(custom),
      );
      release = lock.releaseLock;
      const withNonce = this.#mustUpdate(id, 'transactions#approveTransaction: nonce', (draft) => {
        draft.txParams.nonce = toHex(lock.nextNonce);
        draft.nonceDetails = lock.nonceDetails;
      });
      const signed = await this.messenger.call(
        'KeyringController:signTransaction',
        withNonce.txParams.from,
        toSignable(withNonce.txParams),
        withNonce.chainId,
      );
      const stored = this.#setStatus(id, 'signed', 'transactions#signTransaction', (draft) => {
        draft.rawTx = signed.rawTx;
        draft.hash = signed.hash;
        draft.r = signed.r;
        draft.s = signed.s;
        draft.v = signed.v;
      });
      release();
      release = undefined;
      if (stored) await this.#publish(id);
    } catch (error) {
      release?.();
      this.#fail(id, error);
    }
  }

  /**
   * Sends the raw transaction. 'known transaction' means the node has it already: success, with
   * the hash computed locally at signing.
   */
  async #publish(id: string, afterRestart = false): Promise<void> {
    const tx = this.#get(id);
    if (tx.status !== 'signed') return;
    let hash: string;
    try {
      hash = await this.#provider().request<string>({
        method: 'eth_sendRawTransaction',
        params: [tx.rawTx],
      });
    } catch (error) {
      const message = errorMessage(error).toLowerCase();
      // geth says 'known transaction' (older) or 'already known'; anvil 'transaction already imported'.
      const known = ['known transaction', 'already known', 'already imported'].some((text) =>
        message.includes(text),
      );
      // On a replacement, or a signed transaction found at boot (it may have gone out before the
      // restart), 'nonce too low' means a transaction with this nonce was mined: the tracker
      // confirms ours or drops it.
      const nonceUsed =
        (tx.type !== undefined || afterRestart) && message.includes('nonce too low');
      if (!known && !nonceUsed) throw error;
      hash = tx.hash ?? '';
    }
    this.#setStatus(id, 'submitted', 'transactions#publishTransaction', (draft) => {
      draft.hash = hash || draft.hash;
      draft.submittedTime = Date.now();
      draft.retryCount = 0;
    });
  }

  #confirm(id: string, receipt: TransactionMeta['txReceipt'], baseFeePerGas?: string): void {
    const confirmed = this.#setStatus(
      id,
      'confirmed',
      'transactions/pending-tracker: confirmed',
      (draft) => {
        draft.txReceipt = receipt;
        if (baseFeePerGas) draft.baseFeePerGas = baseFeePerGas;
      },
    );
    if (!confirmed) return;
    // Same nonce, same sender: those can never be mined now.
    for (const other of this.#transactionsOf(confirmed.chainId, confirmed.txParams.from)) {
      if (other.id === id || other.txParams.nonce !== confirmed.txParams.nonce) continue;
      if (FINAL_STATUSES.includes(other.status) || other.status === 'unapproved') continue;
      this.#setStatus(
        other.id,
        'dropped',
        'transactions: replaced by a confirmed transaction',
        (draft) => {
          draft.replacedBy = confirmed.hash;
        },
      );
    }
  }

  #fail(id: string, error: unknown, receipt?: TransactionMeta['txReceipt']): void {
    const tx = this.#find(id);
    if (!tx || FINAL_STATUSES.includes(tx.status)) return;
    const message = errorMessage(error) || INTERNAL_FAILURE_MESSAGE;
    const rpc =
      error && typeof error === 'object' && 'code' in error
        ? { code: Number((error as { code: unknown }).code) }
        : undefined;
    this.#setStatus(id, 'failed', 'transactions: failed', (draft) => {
      draft.err = {
        message,
        ...(rpc ? { rpc } : {}),
        ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
      };
      if (receipt) draft.txReceipt = receipt;
    });
  }

  async #replace(
    id: string,
    kind: 'speedUp' | 'cancel' | 'retry',
    overrides?: GasOverrides,
  ): Promise<TransactionMeta> {
    const original = this.#get(id);
    if (original.status !== 'submitted') {
      throw new Error(`Only a submitted transaction can be replaced; ${id} is ${original.status}.`);
    }
    const sameNonce = this.#transactionsOf(original.chainId, original.txParams.from).filter(
      (tx) => tx.txParams.nonce === original.txParams.nonce && tx.status === 'submitted',
    );
    const { txParams, previousGasParams } = buildReplacementParams(
      original,
      sameNonce,
      kind,
      overrides,
    );
    const replacement = withInitialHistory({
      id: randomId(),
      time: Date.now(),
      status: kind === 'retry' ? 'unapproved' : 'approved',
      metamaskNetworkId: original.metamaskNetworkId ?? null,
      chainId: original.chainId,
      loadingDefaults: false,
      dappSuggestedGasFees: null,
      origin: original.origin,
      txParams,
      transactionCategory: kind === 'cancel' ? 'cancel' : 'retry',
      type: kind === 'cancel' ? 'cancel' : 'retry',
      previousGasParams,
    });
    this.#insert(replacement);
    if (kind === 'retry') {
      this.messenger.publish(
        `${transactionControllerName}:unapprovedTransactionAdded`,
        replacement,
      );
      return replacement;
    }
    this.#signing.add(replacement.id);
    try {
      await this.#signAndPublish(replacement.id);
    } finally {
      this.#signing.delete(replacement.id);
    }
    return this.#get(replacement.id);
  }

  // ---------------------------------------------------------------- internals: state

  #provider(): RequestProvider {
    return this.messenger.call('NetworkController:getProvider');
  }

  #currentChainId(): Hex {
    return this.messenger.call('NetworkController:getState').providerConfig.chainId;
  }

  /** The gas controller's medium-tier fees; throws (so the node is asked) when it is not wired. */
  #gasControllerFees: GetSuggestedGasFees = (supportsEip1559) =>
    this.messenger.call('GasFeeController:getSuggestedGasFees', supportsEip1559);

  /** The network controller's answer, cached there per network until the next switch. */
  #supportsEip1559(): Promise<boolean> {
    return this.messenger.call('NetworkController:getEIP1559Compatibility');
  }

  #all(): TransactionMeta[] {
    return allTransactions(this.state.transactions);
  }

  #transactionsOf(chainId: string, from: string): readonly TransactionMeta[] {
    return transactionsOf(this.state.transactions, chainId, from);
  }

  #find(id: string): TransactionMeta | undefined {
    for (const byAddress of Object.values(this.state.transactions)) {
      for (const list of Object.values(byAddress)) {
        const tx = list.find((candidate) => candidate.id === id);
        if (tx) return tx;
      }
    }
    return undefined;
  }

  #get(id: string): TransactionMeta {
    const tx = this.#find(id);
    if (!tx) throw new Error(`Transaction with id ${id} not found.`);
    return tx;
  }

  // State writes read positions from the plain, frozen `this.state` and write by index into the
  // draft: touching every draft element would make each update cost O(stored transactions).

  #insert(tx: TransactionMeta): void {
    const showInUi = tx.chainId === this.#uiChainId;
    const uiOverflow = showInUi
      ? Math.max(0, this.state.uiTransactions.length + 1 - UI_LIST_LIMIT)
      : 0;
    this.#mutate((state) => {
      const byAddress = (state.transactions[tx.chainId] ??= {});
      (byAddress[tx.txParams.from] ??= []).push(tx);
      if (showInUi) {
        state.uiTransactions.push(stripForUi(tx));
        if (uiOverflow > 0) state.uiTransactions.splice(0, uiOverflow);
      }
    });
  }

  #remove(id: string): void {
    this.#removeMany(this.#get(id), [id]);
  }

  /** Removes transactions of one chain and sender (and from the UI list). */
  #removeMany(of: TransactionMeta, ids: readonly string[]): void {
    const list = this.#transactionsOf(of.chainId, of.txParams.from);
    const listIndexes = ids.map((id) => list.findIndex((tx) => tx.id === id)).filter((i) => i >= 0);
    const uiIndexes = ids
      .map((id) => this.state.uiTransactions.findIndex((tx) => tx.id === id))
      .filter((i) => i >= 0);
    this.#mutate((state) => {
      const draftList = state.transactions[of.chainId]?.[of.txParams.from];
      for (const index of [...listIndexes].sort((a, b) => b - a)) draftList?.splice(index, 1);
      for (const index of [...uiIndexes].sort((a, b) => b - a))
        state.uiTransactions.splice(index, 1);
    });
  }

  /** Applies a recipe with a history entry; returns the new transaction, or undefined if it is gone. */
  #updateTransaction(
    id: string,
    note: string,
    recipe: (draft: Draft<TransactionSnapshot>) => void,
  ): TransactionMeta | undefined {
    const tx = this.#find(id);
    if (!tx) return undefined;
    const next = updateWithHistory(tx, note, recipe);
    if (next === tx) return tx;
    const list = this.#transactionsOf(tx.chainId, tx.txParams.from);
    const index = list.findIndex((candidate) => candidate.id === id);
    const uiIndex = this.state.uiTransactions.findIndex((candidate) => candidate.id === id);
    this.#mutate((state) => {
      const draftList = state.transactions[tx.chainId]?.[tx.txParams.from];
      if (draftList && index >= 0) draftList[index] = next;
      if (uiIndex >= 0) state.uiTransactions[uiIndex] = stripForUi(next);
    });
    if (FINAL_STATUSES.includes(next.status) && !FINAL_STATUSES.includes(tx.status))
      this.#trim(next);
    return next;
  }

  /** Keeps at most the configured number of nonce groups for the transaction's chain and sender. */
  #trim(of: TransactionMeta): void {
    const list = this.#transactionsOf(of.chainId, of.txParams.from);
    const kept = new Set(trimNonceGroups(list, this.#maxNonceGroups).map((tx) => tx.id));
    const removed = list.filter((tx) => !kept.has(tx.id)).map((tx) => tx.id);
    if (removed.length > 0) this.#removeMany(of, removed);
  }

  #mustUpdate(
    id: string,
    note: string,
    recipe: (draft: Draft<TransactionSnapshot>) => void,
  ): TransactionMeta {
    const next = this.#updateTransaction(id, note, recipe);
    if (!next) throw new Error(`Transaction with id ${id} not found.`);
    return next;
  }

  /** Sets a status (with an optional further change) and emits the status and finished events. */
  #setStatus(
    id: string,
    status: TransactionStatus,
    note: string,
    recipe?: (draft: Draft<TransactionSnapshot>) => void,
  ): TransactionMeta | undefined {
    const current = this.#find(id);
    // A final status is final: e.g. a replacement dropped by a confirmed sibling mid-signing stays dropped.
    if (!current || FINAL_STATUSES.includes(current.status)) return undefined;
    const tx = this.#updateTransaction(id, note, (draft) => {
      draft.status = status;
      recipe?.(draft);
    });
    if (!tx) return undefined;
    this.messenger.publish(`${transactionControllerName}:transactionStatusUpdated`, tx);
    if (status === 'submitted' || status === 'rejected' || status === 'failed') {
      this.messenger.publish(`${transactionControllerName}:transactionFinished`, tx);
      this.#settleWaiter(tx);
    }
    return tx;
  }

  /** update() with the draft typed as plain state: immer's Draft of these deep JSON types is too deep for tsc. */
  #mutate(recipe: (state: TransactionControllerState) => void): void {
    this.update((state) => {
      recipe(state as unknown as TransactionControllerState);
    });
  }

  /** Rebuilds the UI list for the current chain: its latest 100 transactions, oldest first. */
  #refreshUiList(): void {
    let chainId: string;
    try {
      chainId = this.#currentChainId();
    } catch {
      return; // not wired yet
    }
    this.#uiChainId = chainId;
    const list: TransactionMeta[] = [];
    for (const txs of Object.values(this.state.transactions[chainId] ?? {})) list.push(...txs);
    list.sort((a, b) => a.time - b.time);
    const uiTransactions = list.slice(-UI_LIST_LIMIT).map(stripForUi);
    this.#mutate((state) => {
      state.uiTransactions = uiTransactions;
    });
  }

  #onNewBlock = (blockNumber: number): void => {
    void this.#pendingTracker.onNewBlock(blockNumber);
  };

  #onNetworkStateChange = (): void => {
    if (this.#uiChainId !== this.#currentChainId()) this.#refreshUiList();
    void this.#recoverCurrentChain();
  };

  /** For tests and the engine: runs one pending-tracker pass now. */
  checkPendingTransactions(blockNumber: number): Promise<void> {
    return this.#pendingTracker.onNewBlock(blockNumber);
  }
}
