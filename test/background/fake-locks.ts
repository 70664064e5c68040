import type { LockManagerLike } from '../../src/background/contract/protocol';

interface Waiter {
  grant(): void;
  abort(): void;
}

/**
 * Exclusive Web Locks as navigator.locks grants them: one holder per name, a FIFO queue, the
 * callback run a task later, the lock released when the callback's promise settles;
 * `ifAvailable` calls back with null instead of queueing; an aborted signal removes a queued
 * request. `hold()` stands for another realm holding a lock (e.g. a page, until it closes).
 */
export class FakeLocks implements LockManagerLike {
  readonly #held = new Set<string>();
  readonly #queues = new Map<string, Waiter[]>();

  request<T>(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: { name: string } | null) => T,
  ): Promise<T> {
    if (options.signal?.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
    const queue = this.#queues.get(name) ?? [];
    const free = !this.#held.has(name) && queue.length === 0;
    if (!free && options.ifAvailable) {
      return new Promise((resolve) => setTimeout(resolve, 0)).then(() => callback(null));
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          this.#held.add(name);
          setTimeout(() => {
            const result = Promise.resolve().then(() => callback({ name }));
            result.then(resolve, reject);
            void result.catch(() => undefined).then(() => this.#release(name));
          }, 0);
        },
        abort: () => reject(new DOMException('Aborted', 'AbortError')),
      };
      options.signal?.addEventListener('abort', () => {
        const waiting = this.#queues.get(name);
        const index = waiting?.indexOf(waiter) ?? -1;
        if (index >= 0) {
          waiting!.splice(index, 1);
          waiter.abort();
        }
      });
      if (free) waiter.grant();
      else this.#queues.set(name, [...queue, waiter]);
    });
  }

  /** Holds `name` as another realm would, once it is free; resolves with the release. */
  hold(name: string): Promise<() => void> {
    return new Promise((resolveHeld) => {
      void this.request(name, {}, () => new Promise<void>((release) => resolveHeld(release)));
    });
  }

  isHeld(name: string): boolean {
    return this.#held.has(name);
  }

  queued(name: string): number {
    return this.#queues.get(name)?.length ?? 0;
  }

  #release(name: string): void {
    this.#held.delete(name);
    const next = this.#queues.get(name)?.shift();
    if (next) next.grant();
  }
}
