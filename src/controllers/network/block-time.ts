/**
 * The chain's block time, measured from the timestamps of blocks seen (not guessed from the
 * URL): the average over the widest span observed, so one late or early block moves it little.
 */
export class BlockTimeEstimator {
  #oldest: { number: number; timestamp: number } | null = null;
  #newest: { number: number; timestamp: number } | null = null;

  /** A block and its timestamp (seconds), in any order. */
  observe(number: number, timestamp: number): void {
    if (!Number.isSafeInteger(number) || !Number.isFinite(timestamp)) return;
    if (!this.#oldest || number < this.#oldest.number) this.#oldest = { number, timestamp };
    if (!this.#newest || number > this.#newest.number) this.#newest = { number, timestamp };
  }

  /** Forgets every observation (the chain went backwards: a restarted dev node). */
  reset(): void {
    this.#oldest = null;
    this.#newest = null;
  }

  /** Milliseconds per block, or null until two different blocks were seen. */
  get blockTimeMs(): number | null {
    if (!this.#oldest || !this.#newest || this.#newest.number === this.#oldest.number) return null;
    const seconds = this.#newest.timestamp - this.#oldest.timestamp;
    return Math.max(0, (seconds * 1000) / (this.#newest.number - this.#oldest.number));
  }
}
