import { realTimers, type TimerHandle, type Timers } from './timers';

/**
 * Polling with chained timers: the next run is scheduled only after the previous one ended, so
 * runs never overlap, and a stopped poller schedules nothing more.
 */
export interface ChainedPoller {
  start(): void;
  stop(): void;
  /**
   * Runs now instead of at the next timer (right after the run in flight, if there is one).
   * Does nothing while stopped.
   */
  pollNow(): void;
  readonly isPolling: boolean;
}

export function createChainedPoller({
  intervalMs,
  run,
  runAtStart = false,
  timers = realTimers,
}: {
  /** The wait after each run, in ms; a function is asked again after every run. */
  intervalMs: number | (() => number);
  /** One round of work; a rejection is the caller's to report, polling goes on. */
  run: () => Promise<void>;
  /** Run once at start instead of waiting one interval first. */
  runAtStart?: boolean;
  timers?: Timers;
}): ChainedPoller {
  let polling = false;
  let timer: TimerHandle | undefined;
  // Each start() begins a new chain; a run still in flight from an earlier chain (stopped, then
  // restarted) must not schedule next to the new one, or two chains would overlap.
  let chain = 0;
  /** The chain whose run is in flight, if any. */
  let running: number | undefined;
  let runAgain = false;

  const nextDelay = () => (typeof intervalMs === 'function' ? intervalMs() : intervalMs);

  const schedule = (owner: number, delayMs: number) => {
    timer = timers.setTimeout(() => {
      timer = undefined;
      void tick(owner);
    }, delayMs);
  };

  const tick = async (owner: number) => {
    if (owner !== chain) return;
    running = owner;
    await run().catch(() => undefined);
    if (running === owner) running = undefined;
    if (owner !== chain) return;
    if (runAgain) {
      runAgain = false;
      void tick(owner);
      return;
    }
    schedule(owner, nextDelay());
  };

  return {
    start() {
      if (polling) return;
      polling = true;
      chain += 1;
      runAgain = false;
      const owner = chain;
      if (runAtStart) void tick(owner);
      else schedule(owner, nextDelay());
    },
    stop() {
      polling = false;
      chain += 1;
      runAgain = false;
      timers.clearTimeout(timer);
      timer = undefined;
    },
    pollNow() {
      if (!polling) return;
      if (running === chain) {
        runAgain = true;
        return;
      }
      timers.clearTimeout(timer);
      timer = undefined;
      void tick(chain);
    },
    get isPolling() {
      return polling;
    },
  };
}
