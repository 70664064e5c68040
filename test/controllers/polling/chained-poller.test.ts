import { createChainedPoller } from '../../../src/controllers/polling/chained-poller';

describe('chained poller', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits for each run to end before scheduling the next, and stops for good', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const poller = createChainedPoller({
      intervalMs: 1_000,
      runAtStart: true,
      run: async () => {
        runs += 1;
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((resolve) => setTimeout(resolve, 5_000)); // slower than the interval
        running -= 1;
      },
    });
    poller.start();
    poller.start(); // idempotent
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(5_000 + 1_000);
    expect(runs).toBe(2);
    expect(maxRunning).toBe(1);
    poller.stop();
    expect(poller.isPolling).toBe(false);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
  });

  it('never runs two chains at once when stopped and restarted during a run', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const poller = createChainedPoller({
      intervalMs: 1_000,
      runAtStart: true,
      run: async () => {
        runs += 1;
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((resolve) => setTimeout(resolve, 500));
        running -= 1;
      },
    });
    poller.start(); // run 1 starts at 0 and ends at 500
    await jest.advanceTimersByTimeAsync(100);
    poller.stop();
    poller.start(); // run 2 overlaps run 1's end; run 1 must not schedule a chain of its own
    expect(runs).toBe(2);
    // One chain: run 2 ends at 600, run 3 at 1_600, run 4 at 2_600..3_100.
    await jest.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(4);
    poller.stop();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(4);
    expect(maxRunning).toBe(2); // only the restart itself overlapped the stopped run
  });

  it('keeps polling after a failed run, and waits one interval when not running at start', async () => {
    let runs = 0;
    const poller = createChainedPoller({
      intervalMs: 1_000,
      run: async () => {
        runs += 1;
        throw new Error('upstream down');
      },
    });
    poller.start();
    expect(runs).toBe(0);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    poller.stop();
  });

  it('asks a function for each wait, and pollNow runs at once or right after the run in flight', async () => {
    let runs = 0;
    let release: (() => void) | undefined;
    let interval = 1_000;
    const poller = createChainedPoller({
      intervalMs: () => interval,
      run: async () => {
        runs += 1;
        if (runs === 3) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    poller.pollNow(); // stopped: nothing
    expect(runs).toBe(0);
    poller.start();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    interval = 5_000; // asked again after each run
    poller.pollNow();
    expect(runs).toBe(2);
    await jest.advanceTimersByTimeAsync(4_999);
    expect(runs).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(3); // in flight until released
    poller.pollNow();
    poller.pollNow();
    expect(runs).toBe(3);
    release?.();
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toBe(4); // once more, right after, however often it was asked
    await jest.advanceTimersByTimeAsync(4_999);
    expect(runs).toBe(4);
    poller.stop();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(4);
  });
});
