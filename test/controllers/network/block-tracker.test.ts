import { BlockTracker, type Head } from '../../../src/controllers/network/block-tracker';

/** A head source whose reads the test answers one by one. */
function manualHeads() {
  const pending: ((head: Head) => void)[] = [];
  return {
    readHead: () => new Promise<Head>((resolve) => pending.push(resolve)),
    /** Answers the oldest unanswered read, once one has begun. */
    async answer(number: number) {
      for (let i = 0; i < 100 && pending.length === 0; i++) await Promise.resolve();
      const next = pending.shift();
      if (!next) throw new Error('no read in flight');
      next({ number });
    },
    get inFlight() {
      return pending.length;
    },
  };
}

function tracker(source: ReturnType<typeof manualHeads>) {
  const heads: number[] = [];
  const blocks = new BlockTracker({
    readHead: source.readHead,
    onHead: (head) => heads.push(head.number),
    onError: () => undefined,
    // No timed reads within a test: only the start and readNow read.
    intervalMs: () => 3_600_000,
    retryMs: () => 3_600_000,
  });
  return { blocks, heads };
}

describe('BlockTracker.readNow', () => {
  it('answers with a read that began after the call, not the one already in flight', async () => {
    const source = manualHeads();
    const { blocks, heads } = tracker(source);
    blocks.start(); // the first read begins at once
    expect(source.inFlight).toBe(1);
    const fresh = blocks.readNow();
    await source.answer(10); // the read from before the call
    await source.answer(11); // the read it asked for
    await expect(fresh).resolves.toEqual({ number: 11 });
    expect(heads).toEqual([10, 11]);
    expect(blocks.getCurrentBlock()).toBe('0xb');
    blocks.stop();
  });

  it('reads at once when idle between timed reads', async () => {
    const source = manualHeads();
    const { blocks } = tracker(source);
    blocks.start();
    await source.answer(5);
    const fresh = blocks.readNow();
    await source.answer(6);
    await expect(fresh).resolves.toEqual({ number: 6 });
    blocks.stop();
  });

  it('gives null when the tracker is stopped, before or while waiting', async () => {
    const source = manualHeads();
    const { blocks } = tracker(source);
    await expect(blocks.readNow()).resolves.toBeNull();
    blocks.start();
    const waiting = blocks.readNow();
    blocks.stop();
    await expect(waiting).resolves.toBeNull();
  });
});
