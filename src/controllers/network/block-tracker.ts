import { type ChainedPoller, createChainedPoller } from '../polling/chained-poller';
import type { Timers } from '../polling/timers';

/** What one read of the chain's head gives: at least the latest block number. */
export type Head = { number: number };

export interface BlockTrackerOptions<H extends Head> {
  /** Reads the head from the node (and whatever is read with it). */
  readHead: () => Promise<H>;
  /** Called with every head read. */
  onHead: (head: H) => void;
  /** Called when a read fails; polling goes on, after `retryMs`. */
  onError: (error: unknown) => void;
  /** The wait after a successful read, asked again after each one. */
  intervalMs: () => number;
  /** The wait after a failed read. */
  retryMs: () => number;
  timers?: Timers;
}

/**
 * Polls the chain's head on the shared chained poller, only between `start()` and `stop()`:
 * the network controller starts it while someone needs blocks. Stopped, it knows no current
 * block: nobody is checking, so 'latest' must not resolve to an old one.
 */
export class BlockTracker<H extends Head = Head> {
  readonly #poller: ChainedPoller;
  #current: number | null = null;
  #lastReadFailed = false;
  #reading = false;
  /** The head read in flight (null when it fails or is dropped), for `headInFlight`. */
  #inFlight: Promise<H | null> | null = null;
  /** Reads begun so far; `readNow` waits for one that begins after it is called. */
  #started = 0;
  #waiters: { from: number; resolve: (head: H | null) => void }[] = [];

  constructor({ readHead, onHead, onError, intervalMs, retryMs, timers }: BlockTrackerOptions<H>) {
    this.#poller = createChainedPoller({
      runAtStart: true,
      timers,
      intervalMs: () => (this.#lastReadFailed ? retryMs() : intervalMs()),
      run: async () => {
        let head: H;
        const seq = ++this.#started;
        this.#reading = true;
        const read = readHead();
        this.#inFlight = read.then(
          (answer) => (this.#poller.isPolling ? answer : null),
          () => null,
        );
        try {
          head = await read;
        } catch (error) {
          this.#lastReadFailed = true;
          if (this.#poller.isPolling) onError(error);
          this.#settle(seq, null);
          return;
        } finally {
          this.#reading = false;
          this.#inFlight = null;
        }
        this.#lastReadFailed = false;
        if (!this.#poller.isPolling) return; // stopped while reading: nobody wants it
        this.#current = head.number;
        onHead(head);
        this.#settle(seq, head);
      },
    });
  }

  start(): void {
    this.#poller.start();
  }

  /** Stops polling and forgets the current block. */
  stop(): void {
    this.#poller.stop();
    this.#current = null;
    this.#lastReadFailed = false;
    this.#settle(Infinity, null);
  }

  /**
   * Reads the head now and resolves with a read that began after this call (null when it fails
   * or the tracker stops): a read already in flight may predate what the caller wants to see,
   * e.g. the user's "refresh" after a transaction was mined.
   */
  readNow(): Promise<H | null> {
    if (!this.#poller.isPolling) return Promise.resolve(null);
    const from = this.#started + 1;
    const answer = new Promise<H | null>((resolve) => this.#waiters.push({ from, resolve }));
    this.#poller.pollNow();
    return answer;
  }

  #settle(seq: number, head: H | null): void {
    const due = this.#waiters.filter((waiter) => waiter.from <= seq);
    if (due.length === 0) return;
    this.#waiters = this.#waiters.filter((waiter) => waiter.from > seq);
    for (const waiter of due) waiter.resolve(head);
  }

  /** Reads now instead of at the next timer (a new consumer wants a fresh head). */
  pollNow(): void {
    this.#poller.pollNow();
  }

  get isRunning(): boolean {
    return this.#poller.isPolling;
  }

  /** Whether a head read is in flight (its answer is as fresh as a new read's would be). */
  get isReading(): boolean {
    return this.#reading;
  }

  /**
   * The answer of the head read in flight, or null when none is (or it fails): a caller that
   * needs the head while the tracker is starting waits for it instead of asking the node again.
   */
  headInFlight(): Promise<H | null> {
    return this.#inFlight ?? Promise.resolve(null);
  }

  /** The latest block number seen while running, as hex (the per-block cache's source). */
  getCurrentBlock(): string | null {
    return this.#current === null ? null : `0x${this.#current.toString(16)}`;
  }
}
