import { applyPatches, enablePatches, produceWithPatches, type Draft } from 'immer';

import type { HistoryPatch, TransactionMeta, TransactionSnapshot } from './types';

enablePatches();

/** The transaction without its history: what the history records. */
export function snapshotOf(tx: TransactionMeta): TransactionSnapshot {
  const { history: _history, ...snapshot } = tx;
  return snapshot;
}

/**
 * Applies `recipe` to a transaction and returns the new one with one more history entry: the
 * immer patches of the change, the first carrying the note and time. An update that changes
 * nothing adds no entry.
 */
export function updateWithHistory(
  tx: TransactionMeta,
  note: string,
  recipe: (draft: Draft<TransactionSnapshot>) => void,
  now: number = Date.now(),
): TransactionMeta {
  const [next, patches] = produceWithPatches(snapshotOf(tx), recipe);
  if (patches.length === 0) return tx;
  const entry = patches.map((patch) => ({ ...patch }) as HistoryPatch);
  entry[0] = { ...entry[0]!, note, timestamp: now };
  return { ...next, history: [...tx.history, entry] };
}

/** Starts a transaction's history with its first snapshot. */
export function withInitialHistory(snapshot: TransactionSnapshot): TransactionMeta {
  return { ...snapshot, history: [structuredClone(snapshot)] };
}

/** Rebuilds the transaction from its history: the first snapshot with every patch list applied. */
export function replayHistory(history: TransactionMeta['history']): TransactionSnapshot {
  const [first, ...rest] = history;
  if (!first || Array.isArray(first)) throw new Error('History must start with a snapshot.');
  let state = first;
  for (const entry of rest) {
    if (!Array.isArray(entry))
      throw new Error('History entries after the first must be patch lists.');
    state = applyPatches(
      state,
      entry.map(({ note: _note, timestamp: _timestamp, ...patch }) => patch),
    );
  }
  return state;
}
