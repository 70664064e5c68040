/**
 * A manual clock for pollers and debounces (the `Timers` they take): nothing fires until the
 * test says so, and "nothing more will happen" is checked by nothing being scheduled. Real I/O
 * (anvil, local HTTP servers) keeps running on the real event loop meanwhile.
 */
import type { TimerHandle, Timers } from '../../../src/controllers/polling/timers';

type Entry = { id: number; dueAt: number; delayMs: number; callback: () => void };

export interface ManualTimers extends Timers {
  /** The virtual time in ms: advanced by `fireNext`. */
  now(): number;
  /** Delays (ms, as asked for) of the timers still waiting, earliest due first. */
  pending(): number[];
  /** How many timers were ever scheduled; a chained poller schedules one after each run. */
  readonly scheduledCount: number;
  /** Fires the timer due first, moving the clock to its due time. Throws when none waits. */
  fireNext(): void;
}

export function createManualTimers(): ManualTimers {
  let clock = 0;
  let nextId = 1;
  let scheduledCount = 0;
  const waiting = new Map<number, Entry>();
  const ordered = () => [...waiting.values()].sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
  return {
    setTimeout(callback, delayMs): TimerHandle {
      const id = nextId++;
      scheduledCount += 1;
      waiting.set(id, { id, dueAt: clock + delayMs, delayMs, callback });
      return id;
    },
    clearTimeout(handle) {
      if (typeof handle === 'number') waiting.delete(handle);
    },
    now: () => clock,
    pending: () => ordered().map((entry) => entry.delayMs),
    get scheduledCount() {
      return scheduledCount;
    },
    fireNext() {
      const [first] = ordered();
      if (!first) throw new Error('no timer is waiting');
      waiting.delete(first.id);
      clock = Math.max(clock, first.dueAt);
      first.callback();
    },
  };
}

/** Waits (real time, with a deadline) until `timers` has scheduled more than `count` timers. */
export async function waitForScheduled(
  timers: ManualTimers,
  count: number,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (timers.scheduledCount <= count) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
