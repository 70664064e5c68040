import { createChainedPoller } from '../../src/controllers/polling/chained-poller';

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
});
