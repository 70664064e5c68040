import type { Draft } from 'immer';

import { INTERNAL_FAILURE_MESSAGE, UI_LIST_LIMIT } from './constants';
import { updateWithHistory } from './history';
import { errorMessage } from './rpc';
import { allTransactions, transactionsOf, type TransactionsByChain } from './selectors';
import { trimNonceGroups } from './trim';
import {
  FINAL_STATUSES,
  type TransactionMeta,
  type TransactionReceipt,
  type TransactionSnapshot,
  type TransactionStatus,
} from './types';

/** What a view sees of a transaction: no history and no raw bytes. */
export type UiTransaction = Omit<TransactionMeta, 'history' | 'rawTx'>;

export type TransactionControllerState = {
  transactions: TransactionsByChain;
  /** The current chain's latest transactions (at most 100), oldest first. Derived; never persisted. */
  uiTransactions: UiTransaction[];
};

export type TransactionRecipe = (draft: Draft<TransactionSnapshot>) => void;

export type TransactionStoreOptions = {
  /** The controller's current (frozen) state. */
  getState: () => TransactionControllerState;
  /** The controller's update(), with the draft typed as plain state. */
  mutate: (recipe: (state: TransactionControllerState) => void) => void;
  /** Nonce groups kept per chain and sender. */
  maxNonceGroups: number;
  /** Called after every status change (events, waiting dapps, approvals). */
  onStatusChanged: (tx: TransactionMeta) => void;
};

function stripForUi(tx: TransactionMeta): UiTransaction {
  const { history: _history, rawTx: _rawTx, ...rest } = tx;
  return rest;
}

/**
 * The transactions in controller state and their history: reads, inserts, updates with a history
 * entry, status changes, trimming to the nonce-group limit and the view's list.
 *
 * Writes read positions from the plain, frozen state and write by index into the draft: touching
 * every draft element would make each update cost O(stored transactions).
 */
export class TransactionStore {
  readonly #options: TransactionStoreOptions;
  /** The chain the UI list was derived for. */
  #uiChainId: string | undefined;

  constructor(options: TransactionStoreOptions) {
    this.#options = options;
  }

  get #state(): TransactionControllerState {
    return this.#options.getState();
  }

  all(): TransactionMeta[] {
    return allTransactions(this.#state.transactions);
  }

  of(chainId: string, from: string): readonly TransactionMeta[] {
    return transactionsOf(this.#state.transactions, chainId, from);
  }

  find(id: string): TransactionMeta | undefined {
    for (const byAddress of Object.values(this.#state.transactions)) {
      for (const list of Object.values(byAddress)) {
        const tx = list.find((candidate) => candidate.id === id);
        if (tx) return tx;
      }
    }
    return undefined;
  }

  get(id: string): TransactionMeta {
    const tx = this.find(id);
    if (!tx) throw new Error(`Transaction with id ${id} not found.`);
    return tx;
  }

  insert(tx: TransactionMeta): void {
    const showInUi = tx.chainId === this.#uiChainId;
    const uiOverflow = showInUi
      ? Math.max(0, this.#state.uiTransactions.length + 1 - UI_LIST_LIMIT)
      : 0;
    this.#options.mutate((state) => {
      const byAddress = (state.transactions[tx.chainId] ??= {});
      (byAddress[tx.txParams.from] ??= []).push(tx);
      if (showInUi) {
        state.uiTransactions.push(stripForUi(tx));
        if (uiOverflow > 0) state.uiTransactions.splice(0, uiOverflow);
      }
    });
  }

  remove(id: string): void {
    this.#removeMany(this.get(id), [id]);
  }

  /** Applies a recipe with a history entry; returns the new transaction, or undefined if it is gone. */
  update(id: string, note: string, recipe: TransactionRecipe): TransactionMeta | undefined {
    const tx = this.find(id);
    if (!tx) return undefined;
    const next = updateWithHistory(tx, note, recipe);
    if (next === tx) return tx;
    const list = this.of(tx.chainId, tx.txParams.from);
    const index = list.findIndex((candidate) => candidate.id === id);
    const uiIndex = this.#state.uiTransactions.findIndex((candidate) => candidate.id === id);
    this.#options.mutate((state) => {
      const draftList = state.transactions[tx.chainId]?.[tx.txParams.from];
      if (draftList && index >= 0) draftList[index] = next;
      if (uiIndex >= 0) state.uiTransactions[uiIndex] = stripForUi(next);
    });
    if (FINAL_STATUSES.includes(next.status) && !FINAL_STATUSES.includes(tx.status)) {
      this.#trim(next);
    }
    return next;
  }

  mustUpdate(id: string, note: string, recipe: TransactionRecipe): TransactionMeta {
    const next = this.update(id, note, recipe);
    if (!next) throw new Error(`Transaction with id ${id} not found.`);
    return next;
  }

  /**
   * Sets a status (with an optional further change) and reports it. A final status is final: e.g.
   * a replacement dropped by a confirmed sibling mid-signing stays dropped (returns undefined).
   */
  setStatus(
    id: string,
    status: TransactionStatus,
    note: string,
    recipe?: TransactionRecipe,
  ): TransactionMeta | undefined {
    const current = this.find(id);
    if (!current || FINAL_STATUSES.includes(current.status)) return undefined;
    const tx = this.update(id, note, (draft) => {
      draft.status = status;
      recipe?.(draft);
    });
    if (tx) this.#options.onStatusChanged(tx);
    return tx;
  }

  /** Fails a transaction that is not final yet, keeping the error's message and RPC code. */
  fail(id: string, error: unknown, receipt?: TransactionReceipt): void {
    const message = errorMessage(error) || INTERNAL_FAILURE_MESSAGE;
    const rpc =
      error && typeof error === 'object' && 'code' in error
        ? { code: Number((error as { code: unknown }).code) }
        : undefined;
    this.setStatus(id, 'failed', 'transactions: failed', (draft) => {
      draft.err = {
        message,
        ...(rpc ? { rpc } : {}),
        ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
      };
      if (receipt) draft.txReceipt = receipt;
    });
  }

  /** Rebuilds the UI list for a chain (the selected one): its latest 100 transactions, oldest first. */
  showChain(chainId: string): void {
    this.#uiChainId = chainId;
    const list: TransactionMeta[] = [];
    for (const txs of Object.values(this.#state.transactions[chainId] ?? {})) list.push(...txs);
    list.sort((a, b) => a.time - b.time);
    const uiTransactions = list.slice(-UI_LIST_LIMIT).map(stripForUi);
    this.#options.mutate((state) => {
      state.uiTransactions = uiTransactions;
    });
  }

  get shownChainId(): string | undefined {
    return this.#uiChainId;
  }

  /** Keeps at most the configured number of nonce groups for the transaction's chain and sender. */
  #trim(of: TransactionMeta): void {
    const list = this.of(of.chainId, of.txParams.from);
    const kept = new Set(trimNonceGroups(list, this.#options.maxNonceGroups).map((tx) => tx.id));
    const removed = list.filter((tx) => !kept.has(tx.id)).map((tx) => tx.id);
    if (removed.length > 0) this.#removeMany(of, removed);
  }

  /** Removes transactions of one chain and sender (and from the UI list). */
  #removeMany(of: TransactionMeta, ids: readonly string[]): void {
    const list = this.of(of.chainId, of.txParams.from);
    const listIndexes = ids.map((id) => list.findIndex((tx) => tx.id === id)).filter((i) => i >= 0);
    const uiIndexes = ids
      .map((id) => this.#state.uiTransactions.findIndex((tx) => tx.id === id))
      .filter((i) => i >= 0);
    this.#options.mutate((state) => {
      const draftList = state.transactions[of.chainId]?.[of.txParams.from];
      for (const index of [...listIndexes].sort((a, b) => b - a)) draftList?.splice(index, 1);
      for (const index of [...uiIndexes].sort((a, b) => b - a)) {
        state.uiTransactions.splice(index, 1);
      }
    });
  }
}
