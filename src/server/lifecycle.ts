// Whether this instance is shutting down: /health answers not-ready and new requests are
// refused with 503 (so a balancer sends them elsewhere) while in-flight ones finish.
export class Lifecycle {
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  startDraining(): void {
    this.#draining = true;
  }
}

/** Marks the 503 of a draining instance: the request was not processed, so it is safe to retry. */
export const DRAINING_HEADER = 'x-orrery-draining';
