// The one bounded cache of the server (lru-cache): every answer cache keyed by client input
// holds at most `maxEntries` entries (and `maxBytes` when sizes are given), each for `ttlMs`.
// The least recently used entry goes first, so no key pattern can grow the process's memory.
import { LRUCache } from 'lru-cache';

export interface BoundedCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  readonly size: number;
}

export interface BoundedCacheOptions<T> {
  /** How long an entry is served; 0 turns caching off. */
  ttlMs: number;
  /** At most this many entries (default 5,000). */
  maxEntries?: number;
  /** At most this many bytes in all, as `sizeOf` counts them (entries larger are not kept). */
  maxBytes?: number;
  sizeOf?: (value: T) => number;
  /** Clock for the time limit (tests); performance.now by default. */
  now?: () => number;
}

export const DEFAULT_CACHE_MAX_ENTRIES = 5000;

export function createBoundedCache<T>({
  ttlMs,
  maxEntries = DEFAULT_CACHE_MAX_ENTRIES,
  maxBytes,
  sizeOf,
  now,
}: BoundedCacheOptions<T>): BoundedCache<T> {
  // lru-cache reads ttl 0 as "never expires"; here it means "do not cache".
  if (ttlMs <= 0) return { get: () => undefined, set: () => undefined, size: 0 };
  // Values are boxed: lru-cache stores no undefined, and null is a real answer here.
  const lru = new LRUCache<string, { value: T }>({
    max: maxEntries,
    ttl: ttlMs,
    ...(maxBytes !== undefined && sizeOf
      ? { maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)) }
      : {}),
    // Exact expiry with an injected clock (lru-cache reads a start time of 0 as "no TTL", so
    // the clock is moved on by 1 ms); otherwise lru-cache's default 1 ms resolution.
    ...(now ? { perf: { now: () => now() + 1 }, ttlResolution: 0 } : {}),
  });
  return {
    get: (key) => lru.get(key)?.value,
    set: (key, value) => {
      lru.set(key, { value });
    },
    get size() {
      return lru.size;
    },
  };
}
