/**
 * Polling with chained timers: the next run is scheduled only after the previous one ended, so
 * runs never overlap, and a stopped poller schedules nothing more.
 */
export interface ChainedPoller {
  start(): void;
  stop(): void;
  readonly isPolling: boolean;
}

export function createChainedPoller({
  intervalMs,
  run,
  runAtStart = false,
}: {
  intervalMs: number;
  /** One round of work; a rejection is the caller's to report, polling goes on. */
  run: () => Promise<void>;
  /** Run once at start instead of waiting one interval first. */
  runAtStart?: boolean;
}): ChainedPoller {
  let polling = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Each start() begins a new chain; a run still in flight from an earlier chain (stopped, then
  // restarted) must not schedule next to the new one, or two chains would overlap.
  let chain = 0;

  const tick = async (owner: number) => {
    if (owner !== chain) return;
    await run().catch(() => undefined);
    if (owner === chain) timer = setTimeout(() => void tick(owner), intervalMs);
  };

  return {
    start() {
      if (polling) return;
      polling = true;
      chain += 1;
      const owner = chain;
      if (runAtStart) void tick(owner);
      else timer = setTimeout(() => void tick(owner), intervalMs);
    },
    stop() {
      polling = false;
      chain += 1;
      clearTimeout(timer);
      timer = undefined;
    },
    get isPolling() {
      return polling;
    },
  };
}
