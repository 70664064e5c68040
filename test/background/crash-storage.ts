// A storage adapter that can stop the world at a chosen write, as a crash would: from the moment
// its gate trips, that write (phase 'before') or the ones after it (phase 'after') never reach
// the inner storage and never resolve, so whoever awaits them (the transaction controller's
// write-ahead) never takes its next step. What the inner storage holds then is what a killed
// process leaves behind. In-process tests restart from it; the kill test's child process reports
// the trip and is killed by its parent while it hangs there.
import type { Json } from '@metamask/utils';

import type { StorageAdapter } from '../../src/background/persistence/storage-adapter';
import type { TransactionMeta, TransactionStatus } from '../../src/controllers/transactions/types';

export type Entries = Record<string, Json>;
export type CrashPhase = 'before' | 'after';

type Gate = { matches: (entries: Entries) => boolean; phase: CrashPhase; trip: () => void };

const never = new Promise<never>(() => undefined);

export class CrashableStorage implements StorageAdapter {
  readonly inner: StorageAdapter;
  #gate: Gate | undefined;
  #crashed = false;

  constructor(inner: StorageAdapter) {
    this.inner = inner;
  }

  get crashed(): boolean {
    return this.#crashed;
  }

  /** Resolves when a write that `matches` arrives: before it lands, or after it landed. */
  crashAt(matches: (entries: Entries) => boolean, phase: CrashPhase): Promise<void> {
    return new Promise((trip) => {
      this.#gate = { matches, phase, trip };
    });
  }

  /** Stops now: no write from here on lands or resolves. */
  crashNow(): void {
    this.#crashed = true;
    this.#gate = undefined;
  }

  getAll(): Promise<Entries> {
    return this.inner.getAll();
  }

  async setMany(entries: Entries): Promise<void> {
    if (this.#crashed) return never;
    const gate = this.#gate;
    const hit = gate?.matches(entries) ?? false;
    if (hit && gate?.phase === 'before') return this.#trip(gate);
    await this.inner.setMany(entries);
    if (hit && gate?.phase === 'after') return this.#trip(gate);
  }

  #trip(gate: Gate): Promise<never> {
    this.#crashed = true;
    this.#gate = undefined;
    gate.trip();
    return never;
  }
}

/** The transactions in a write (or a storage's contents), if it carries the controller's slice. */
export function storedTransactions(entries: Entries): TransactionMeta[] {
  const slice = entries.TransactionController as
    { transactions?: Record<string, Record<string, TransactionMeta[]>> } | undefined;
  return Object.values(slice?.transactions ?? {}).flatMap((byAddress) =>
    Object.values(byAddress).flat(),
  );
}

/** A write that stores the transaction with this id in this status. */
export function writesStatus(id: string, status: TransactionStatus) {
  return (entries: Entries): boolean =>
    storedTransactions(entries).some((tx) => tx.id === id && tx.status === status);
}
