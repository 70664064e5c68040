import type { Hex } from '../../shared/primitives';
import { BaseController, type StateMetadata } from '@metamask/base-controller';
import { rpcErrors } from '@metamask/rpc-errors';

import { TransactionApprovalRequests } from './approval-requests';
import { BootRecovery } from './boot-recovery';
import type { ChainAccess } from './chain-access';
import { MAX_NONCE_GROUPS, NETWORK_LOADING_MESSAGE } from './constants';
import { DefaultsLoader } from './defaults-loader';
import { withInitialHistory } from './history';
import { NonceTracker } from './nonce-tracker';
import { gasFieldsOf, withGasOverrides, type GasOverrides } from './overrides';
import type { PendingTransactionTracker } from './pending-tracker';
import { createPendingTracker } from './pending-tracking';
import { replaceTransaction, type ReplaceOptions } from './replace-transaction';
import { ResultWaiters } from './result-waiters';
import type { TransactionsByChain } from './selectors';
import {
  MESSENGER_EXPOSED_METHODS,
  transactionControllerName,
  type TransactionControllerMessenger,
} from './transaction-messenger';
import { TransactionSender } from './transaction-sender';
import {
  TransactionStore,
  type TransactionControllerState,
  type UiTransaction,
} from './transaction-store';
import type { TransactionMeta, TransactionSnapshot } from './types';
import { normalizeTxParams, validateSender, validateTxParams } from './validate-tx-params';

export * from './transaction-messenger';
export type { GasOverrides, TransactionControllerState, TransactionsByChain, UiTransaction };

// The transactions are persisted but never sent to a view (history and raw bytes); the view gets
// the derived list, which is never persisted.
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
} as const satisfies StateMetadata<TransactionControllerState>;

export function getDefaultTransactionControllerState(): TransactionControllerState {
  return { transactions: {}, uiTransactions: [] };
}

export type TransactionControllerOptions = {
  messenger: TransactionControllerMessenger;
  state?: Partial<TransactionControllerState>;
  /** The account the user has selected; only it may send. */
  getSelectedAddress: () => string | undefined;
  /** The origin the wallet's own screens use; a wrong sender from it is an internal error. */
  walletOrigin?: string;
  /** Nonce groups kept per chain and sender (default 40). */
  maxNonceGroups?: number;
  /**
   * Resolves once the state so far is in storage; the engine passes its persistence flush. Each
   * step of sending is stored before the next acts on it. Without it nothing is stored here.
   */
  writeAhead?: () => Promise<void>;
};

export type AddTransactionResult = {
  transactionMeta: TransactionMeta;
  /** Resolves with the hash once submitted; rejects with the dapp-facing error otherwise. */
  result: Promise<string>;
};

/**
 * The transaction lifecycle (spec §3–§5, part 2 §4, §8, §9), composed of one part per job:
 * `TransactionStore` (state and history), `DefaultsLoader`, `TransactionApprovalRequests` (the
 * approval queue), `TransactionSender` (approve → sign → publish, write-ahead), the pending
 * tracker, replacements and `BootRecovery`. This class wires them and is their public face.
 */
export class TransactionController extends BaseController<
  typeof transactionControllerName,
  TransactionControllerState,
  TransactionControllerMessenger
> {
  readonly #getSelectedAddress: () => string | undefined;
  readonly #walletOrigin: string;
  readonly #chain: ChainAccess;
  readonly #store: TransactionStore;
  readonly #waiters = new ResultWaiters();
  readonly #approvals: TransactionApprovalRequests;
  readonly #defaults: DefaultsLoader;
  readonly #nonceTracker: NonceTracker;
  readonly #sender: TransactionSender;
  readonly #pendingTracker: PendingTransactionTracker;
  readonly #recovery: BootRecovery;
  readonly #replaceOptions: ReplaceOptions;
  #initialised = false;

  constructor({
    messenger,
    state,
    getSelectedAddress,
    walletOrigin = 'orrery',
    maxNonceGroups = MAX_NONCE_GROUPS,
    writeAhead = () => Promise.resolve(),
  }: TransactionControllerOptions) {
    super({
      messenger,
      metadata: transactionControllerMetadata,
      name: transactionControllerName,
      state: { transactions: state?.transactions ?? {}, uiTransactions: [] },
    });
    this.#getSelectedAddress = getSelectedAddress;
    this.#walletOrigin = walletOrigin;
    this.#chain = {
      provider: () => this.messenger.call('NetworkController:getProvider'),
      currentChainId: () =>
        this.messenger.call('NetworkController:getState').providerConfig.chainId,
      isAvailable: () =>
        this.messenger.call('NetworkController:getState').networkStatus === 'available',
      supportsEip1559: () => this.messenger.call('NetworkController:getEIP1559Compatibility'),
      gasControllerFees: (supportsEip1559) =>
        this.messenger.call('GasFeeController:getSuggestedGasFees', supportsEip1559),
    };
    this.#store = new TransactionStore({
      getState: () => this.state,
      // update() with the draft typed as plain state: immer's Draft of these deep JSON types is too deep for tsc.
      mutate: (recipe) => this.update((draft) => recipe(draft as TransactionControllerState)),
      maxNonceGroups,
      onStatusChanged: (tx) => this.#onStatusChanged(tx),
    });
    this.#approvals = new TransactionApprovalRequests({
      addRequest: (request) => this.messenger.call('ApprovalController:addRequest', request),
      rejectRequest: (approvalId) => this.messenger.call('ApprovalController:reject', approvalId),
      approve: async (id, overrides) => {
        if (overrides) await this.updateTransactionGas(id, overrides);
        await this.approveTransaction(id);
      },
      reject: (id) => this.rejectTransaction(id),
      find: (id) => this.#store.find(id),
      checkOverrides: (id, overrides) => {
        const { EIPS } = this.messenger.call('NetworkController:getState').networkDetails;
        // Known once the transaction's defaults loaded; if not, they are checked when applied.
        if (EIPS[1559] !== undefined) {
          withGasOverrides(this.#store.get(id).txParams, overrides, EIPS[1559]);
        }
      },
    });
    this.#defaults = new DefaultsLoader(this.#store, this.#chain);
    this.#nonceTracker = new NonceTracker({
      getProvider: () => this.#chain.provider(),
      getTransactions: (chainId, from) => this.#store.of(chainId, from),
    });
    this.#sender = new TransactionSender({
      store: this.#store,
      chain: this.#chain,
      defaults: this.#defaults,
      nonceTracker: this.#nonceTracker,
      sign: (from, txParams, chainId) =>
        this.messenger.call('KeyringController:signTransaction', from, txParams, chainId),
      writeAhead,
    });
    this.#pendingTracker = createPendingTracker(this.#store, this.#chain, (warning) =>
      this.messenger.publish(`${transactionControllerName}:transactionWarning`, warning),
    );
    this.#recovery = new BootRecovery({
      store: this.#store,
      chain: this.#chain,
      defaults: this.#defaults,
      sender: this.#sender,
      tracker: this.#pendingTracker,
      askApproval: (tx) => this.#askApproval(tx),
    });
    this.#replaceOptions = {
      store: this.#store,
      sender: this.#sender,
      askApproval: (tx) => this.#askApproval(tx),
    };
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /**
   * Boot recovery and wiring (see `BootRecovery`): leftovers of the selected chain are settled
   * now if it answers, others once their chain is selected. Then pending tracking runs on every
   * new block.
   */
  async init(): Promise<void> {
    if (this.#initialised) return;
    this.#initialised = true;
    this.messenger.subscribe('NetworkController:newBlock', this.#onNewBlock);
    this.messenger.subscribe('NetworkController:stateChange', this.#onNetworkStateChange);
    this.#refreshUiList();
    this.#recovery.begin();
    await this.#recovery.resume();
  }

  /**
   * Stops tracking; dapps still waiting get the unknown-problem error. Unapproved transactions
   * stay stored and are asked about again at the next start. Safe to call twice.
   */
  override destroy(): void {
    this.#approvals.detach();
    this.#waiters.rejectAll((id) => this.#store.find(id));
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
   * limit, fees), then puts it in the approval queue. A request that repeats one asked about
   * again after a restart waits for that one instead. Throws on invalid params, a wrong sender, a
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
    const txParams = validateTxParams(normalized, await this.#chain.supportsEip1559());
    validateSender(txParams.from, this.#getSelectedAddress(), origin, this.#walletOrigin);
    if (txParams.chainId !== undefined && Number(txParams.chainId) !== Number(chainId)) {
      throw rpcErrors.invalidParams(
        `Provided chainId "${String(txParams.chainId)}" must match the active chainId "${chainId}"`,
      );
    }
    const orphan = this.#recovery.adoptOrphan(origin, chainId, txParams);
    if (orphan) return { transactionMeta: orphan, result: this.#waiters.wait(orphan.id) };
    const dappSuggested = gasFieldsOf(txParams);
    const snapshot: TransactionSnapshot = {
      id: globalThis.crypto.randomUUID(),
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
    const result = this.#waiters.wait(transactionMeta.id);
    this.#store.insert(transactionMeta);
    await this.#defaults.start(transactionMeta.id);
    const loaded = this.#store.find(transactionMeta.id);
    // Rejected while its defaults loaded: the result already carries the rejection.
    if (!loaded) return { transactionMeta, result };
    this.#askApproval(loaded);
    return { transactionMeta: loaded, result };
  }

  /**
   * Changes the gas limit, fees (a gas price, or the fee-market pair) or custom nonce of an
   * unapproved transaction before approval, validated like new params.
   */
  async updateTransactionGas(id: string, overrides: GasOverrides): Promise<TransactionMeta> {
    const tx = this.#store.get(id);
    if (tx.status !== 'unapproved') throw new Error(`Transaction ${id} is not unapproved.`);
    const txParams = withGasOverrides(tx.txParams, overrides, await this.#chain.supportsEip1559());
    return this.#store.mustUpdate(id, 'transactions/updateTransactionGas', (draft) => {
      draft.txParams = txParams;
    });
  }

  /**
   * eth_getTransactionCount(from, 'pending') as a dapp should see it: the network's count raised
   * past this wallet's own in-flight and confirmed nonces on the active chain.
   */
  async getNextNonce(from: string): Promise<number> {
    const lock = await this.#nonceTracker.getNonceLock(this.#chain.currentChainId(), from);
    lock.releaseLock();
    return lock.nextNonce;
  }

  // ---------------------------------------------------------------- approval

  /** Approve → sign → publish. A second call while the first is signing does nothing. */
  approveTransaction(id: string): Promise<void> {
    return this.#sender.approve(id);
  }

  /** Marks the transaction rejected, tells the dapp (4001), then deletes it. */
  rejectTransaction(id: string): void {
    const tx = this.#store.get(id);
    if (tx.status !== 'unapproved') {
      throw new Error(`Transaction ${id} is not unapproved (it is ${tx.status}).`);
    }
    this.#store.setStatus(id, 'rejected', 'transactions#rejectTransaction');
    this.#store.remove(id);
  }

  // ---------------------------------------------------------------- replacements

  /** A replacement with the same nonce and 11/10 of the fees, approved and sent at once. */
  speedUpTransaction(id: string, overrides?: GasOverrides): Promise<TransactionMeta> {
    return replaceTransaction(this.#replaceOptions, id, 'speedUp', overrides);
  }

  /** A zero-value transaction to oneself with the same nonce and 11/10 of the fees, approved and sent. */
  cancelTransaction(id: string, overrides?: GasOverrides): Promise<TransactionMeta> {
    return replaceTransaction(this.#replaceOptions, id, 'cancel', overrides);
  }

  /** Like a speed-up, but left unapproved for the user to confirm. */
  retryTransaction(id: string, overrides?: GasOverrides): Promise<TransactionMeta> {
    return replaceTransaction(this.#replaceOptions, id, 'retry', overrides);
  }

  // ---------------------------------------------------------------- reading

  getTransaction(id: string): TransactionMeta | undefined {
    return this.#store.find(id);
  }

  /** Stored transactions, optionally of one chain and/or sender, oldest first. */
  getTransactions({ chainId, from }: { chainId?: string; from?: string } = {}): TransactionMeta[] {
    return this.#store
      .all()
      .filter(
        (tx) =>
          (chainId === undefined || tx.chainId === chainId) &&
          (from === undefined || tx.txParams.from === from.toLowerCase()),
      )
      .sort((a, b) => a.time - b.time);
  }

  /** For tests and the engine: runs one pending-tracker pass now. */
  checkPendingTransactions(blockNumber: number): Promise<void> {
    return this.#pendingTracker.onNewBlock(blockNumber);
  }

  // ---------------------------------------------------------------- internals

  #askApproval(tx: TransactionMeta): void {
    this.messenger.publish(`${transactionControllerName}:unapprovedTransactionAdded`, tx);
    this.#approvals.request(tx);
  }

  /** Events, the approval queue and the waiting dapp follow every status change. */
  #onStatusChanged(tx: TransactionMeta): void {
    if (tx.status !== 'unapproved') this.#approvals.withdraw(tx.id);
    this.messenger.publish(`${transactionControllerName}:transactionStatusUpdated`, tx);
    if (tx.status === 'submitted' || tx.status === 'rejected' || tx.status === 'failed') {
      this.messenger.publish(`${transactionControllerName}:transactionFinished`, tx);
      this.#waiters.settle(tx);
    }
  }

  /** Rebuilds the UI list for the selected chain. */
  #refreshUiList(): void {
    let chainId: Hex;
    try {
      chainId = this.#chain.currentChainId();
    } catch {
      return; // not wired yet
    }
    this.#store.showChain(chainId);
  }

  #onNewBlock = (blockNumber: number): void => {
    void this.#recovery.resume();
    void this.#pendingTracker.onNewBlock(blockNumber);
  };

  #onNetworkStateChange = (): void => {
    if (this.#store.shownChainId !== this.#chain.currentChainId()) this.#refreshUiList();
    void this.#recovery.resume();
  };
}
