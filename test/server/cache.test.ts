// The server's one bounded cache (lru-cache): a size limit and a time limit, whatever the keys.
import { createBoundedCache, DEFAULT_CACHE_MAX_ENTRIES } from '../../src/server/cache';

describe('createBoundedCache', () => {
  it('stays bounded under 100,000 distinct keys, dropping the least recently used', () => {
    const cache = createBoundedCache<string | null>({ ttlMs: 60_000, maxEntries: 1000 });
    cache.set('kept', 'hot');
    let largest = 0;
    let keptMissing = 0;
    for (let i = 0; i < 100_000; i++) {
      cache.set(`name-${i}.eth`, i % 2 ? `0x${i}` : null);
      if (i % 500 === 0 && cache.get('kept') !== 'hot') keptMissing += 1; // used often: stays
      largest = Math.max(largest, cache.size);
    }
    expect(largest).toBe(1000);
    expect(keptMissing).toBe(0);
    expect(cache.size).toBe(1000);
    expect(cache.get('name-0.eth')).toBeUndefined(); // evicted
    expect(cache.get('name-99999.eth')).toBe('0x99999');
    expect(cache.get('name-99998.eth')).toBeNull(); // null is an answer, not a miss
    expect(cache.get('kept')).toBe('hot');
  });

  it('bounds the default size too', () => {
    const cache = createBoundedCache<number>({ ttlMs: 60_000 });
    for (let i = 0; i < 100_000; i++) cache.set(String(i), i);
    expect(cache.size).toBe(DEFAULT_CACHE_MAX_ENTRIES);
  });

  it('bounds the bytes held when sizes are given, and keeps no entry larger than all of it', () => {
    const cache = createBoundedCache<string>({
      ttlMs: 60_000,
      maxBytes: 10_000,
      sizeOf: (value) => value.length,
    });
    for (let i = 0; i < 100_000; i++) cache.set(`url-${i}`, 'x'.repeat(100));
    expect(cache.size).toBe(100); // 100 entries of 100 bytes
    cache.set('huge', 'x'.repeat(20_000));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('serves an entry for ttlMs and not after; ttl 0 caches nothing', () => {
    let now = 0;
    const cache = createBoundedCache<string>({ ttlMs: 1000, now: () => now });
    cache.set('a', 'A');
    now = 1000;
    expect(cache.get('a')).toBe('A');
    now = 1001;
    expect(cache.get('a')).toBeUndefined();
    const off = createBoundedCache<string>({ ttlMs: 0 });
    off.set('a', 'A');
    expect(off.get('a')).toBeUndefined();
  });
});
