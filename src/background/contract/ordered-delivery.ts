/**
 * Every frame, once and in order, over a channel that loses messages. Chromium's
 * BroadcastChannel does: a page that opens a window of its own origin misses the messages that
 * arrive while the window is created (measured in Chromium 156: some 20 ms of traffic, about one
 * message in thirty of a steady stream), and the dapp's answer or `accountsChanged` lost that way
 * never comes. So each direction of a page's session over the broadcast channel numbers its
 * frames; the receiver delivers them in order, holds the early ones and drops repeats, and
 * acknowledges the last one it delivered; the sender keeps each frame until it is acknowledged
 * and sends it again while it is not.
 */

/** How long a frame may wait for its acknowledgement before it is sent again. */
export const RESEND_AFTER_MS = 200;
/** How long a receiver gathers deliveries into one acknowledgement. */
export const ACK_DELAY_MS = 20;
/** Early frames a receiver holds while one before them is missing (resends fill the gap). */
const MAX_EARLY = 10_000;

export interface DeliveryTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const realTimers: DeliveryTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** The sending half: numbers frames from 1, keeps them until acknowledged, sends them again. */
export class OutboundFrames<Frame> {
  readonly #post: (seq: number, frame: Frame) => void;
  readonly #timers: DeliveryTimers;
  readonly #unacknowledged = new Map<number, { frame: Frame; sentAt: number }>();
  #next = 1;
  #timer: unknown = null;
  #closed = false;

  constructor(post: (seq: number, frame: Frame) => void, timers: DeliveryTimers = realTimers) {
    this.#post = post;
    this.#timers = timers;
  }

  /** Frames sent and not yet acknowledged. */
  get pending(): number {
    return this.#unacknowledged.size;
  }

  send(frame: Frame): void {
    if (this.#closed) return;
    const seq = this.#next++;
    this.#unacknowledged.set(seq, { frame, sentAt: this.#timers.now() });
    this.#post(seq, frame);
    this.#schedule();
  }

  /** The receiver delivered every frame up to `upTo`. */
  acknowledge(upTo: number): void {
    for (const seq of this.#unacknowledged.keys()) {
      if (seq <= upTo) this.#unacknowledged.delete(seq);
    }
    if (this.#unacknowledged.size === 0) this.#stopTimer();
  }

  /** Stops sending (the session ended); nothing is sent again. */
  close(): void {
    this.#closed = true;
    this.#unacknowledged.clear();
    this.#stopTimer();
  }

  // A timer runs only while something waits for its acknowledgement: an idle link polls nothing.
  #schedule(): void {
    if (this.#timer !== null || this.#closed) return;
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null;
      const now = this.#timers.now();
      for (const [seq, entry] of this.#unacknowledged) {
        if (now - entry.sentAt < RESEND_AFTER_MS) continue;
        entry.sentAt = now;
        this.#post(seq, entry.frame);
      }
      if (this.#unacknowledged.size > 0) this.#schedule();
    }, RESEND_AFTER_MS);
  }

  #stopTimer(): void {
    if (this.#timer === null) return;
    this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
  }
}

/** The receiving half: delivers in order exactly once, and acknowledges what it delivered. */
export class InboundFrames<Frame> {
  readonly #deliver: (frame: Frame) => void;
  readonly #acknowledge: (upTo: number) => void;
  readonly #timers: DeliveryTimers;
  readonly #early = new Map<number, Frame>();
  #expected = 1;
  #ackTimer: unknown = null;
  #closed = false;

  constructor(
    deliver: (frame: Frame) => void,
    acknowledge: (upTo: number) => void,
    timers: DeliveryTimers = realTimers,
  ) {
    this.#deliver = deliver;
    this.#acknowledge = acknowledge;
    this.#timers = timers;
  }

  receive(seq: number, frame: Frame): void {
    if (this.#closed || !Number.isSafeInteger(seq) || seq < 1) return;
    if (seq === this.#expected) {
      this.#expected += 1;
      this.#deliver(frame);
      for (let next = this.#early.get(this.#expected); next !== undefined;) {
        this.#early.delete(this.#expected);
        this.#expected += 1;
        this.#deliver(next);
        next = this.#early.get(this.#expected);
      }
    } else if (seq > this.#expected && this.#early.size < MAX_EARLY) {
      this.#early.set(seq, frame);
    }
    // A repeat is acknowledged too: its first acknowledgement may be the message that was lost.
    this.#scheduleAck();
  }

  close(): void {
    this.#closed = true;
    this.#early.clear();
    if (this.#ackTimer !== null) this.#timers.clearTimeout(this.#ackTimer);
    this.#ackTimer = null;
  }

  #scheduleAck(): void {
    if (this.#ackTimer !== null) return;
    this.#ackTimer = this.#timers.setTimeout(() => {
      this.#ackTimer = null;
      if (!this.#closed) this.#acknowledge(this.#expected - 1);
    }, ACK_DELAY_MS);
  }
}
