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

  const tick = async () => {
    if (!polling) return;
    await run().catch(() => undefined);
    if (polling) timer = setTimeout(() => void tick(), intervalMs);
  };

  return {
    start() {
      if (polling) return;
      polling = true;
      if (runAtStart) void tick();
      else timer = setTimeout(() => void tick(), intervalMs);
    },
    stop() {
      polling = false;
      clearTimeout(timer);
      timer = undefined;
    },
    get isPolling() {
      return polling;
    },
  };
}
