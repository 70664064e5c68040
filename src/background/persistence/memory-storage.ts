import type { Json } from '@metamask/utils';

import type { StorageAdapter } from './storage-adapter';

/** Keeps persisted state in memory; for tests and throwaway headless engines. */
export class MemoryStorage implements StorageAdapter {
  #entries = new Map<string, string>();

  async getAll(): Promise<Record<string, Json>> {
    return Object.fromEntries(
      [...this.#entries].map(([key, text]) => [key, JSON.parse(text) as Json]),
    );
  }

  async setMany(entries: Record<string, Json>): Promise<void> {
    // Serialise every entry first so a non-JSON value fails the write before anything changes.
    const serialised = Object.entries(entries).map(
      ([key, value]) => [key, JSON.stringify(value)] as const,
    );
    for (const [key, text] of serialised) this.#entries.set(key, text);
  }
}
