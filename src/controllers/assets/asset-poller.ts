/**
 * When an assets controller polls: only while someone shows the data (the engine starts it while a
 * view is open), the wallet is unlocked and an account is selected, and not while the user is idle
 * (spec part 2 §4, §9). Runs are chained timers (no overlap); `refreshNow` runs one at once, as a
 * network or account switch or the refresh action needs.
 */
import { createChainedPoller } from '../polling/chained-poller';

export interface AssetPoller {
  /** The engine's wish: a view shows assets. */
  setWanted(wanted: boolean): void;
  /** The wallet's lock: nothing runs while locked. */
  setUnlocked(unlocked: boolean): void;
  /** Runs a refresh now, whatever the timer says (not while locked). Restarts the timer. */
  refreshNow(): Promise<void>;
  readonly isPolling: boolean;
}

export function createAssetPoller({
  intervalMs,
  isIdle,
  refresh,
}: {
  intervalMs: number;
  isIdle: () => boolean;
  refresh: () => Promise<void>;
}): AssetPoller {
  let wanted = false;
  let unlocked = false;
  const poller = createChainedPoller({
    intervalMs,
    run: async () => {
      if (!isIdle()) await refresh();
    },
  });
  const apply = () => {
    if (wanted && unlocked) {
      if (!poller.isPolling) {
        poller.start();
        void refresh().catch(() => undefined);
      }
    } else {
      poller.stop();
    }
  };
  return {
    setWanted(value) {
      wanted = value;
      apply();
    },
    setUnlocked(value) {
      unlocked = value;
      apply();
    },
    async refreshNow() {
      if (!unlocked) return;
      if (poller.isPolling) {
        // The next timed run counts from this one.
        poller.stop();
        poller.start();
      }
      await refresh();
    },
    get isPolling() {
      return poller.isPolling;
    },
  };
}
