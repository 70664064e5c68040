import type { Json } from '@metamask/utils';

import type { StorageAdapter } from '../../src/background/persistence/storage-adapter';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';

/**
 * Polls `read` every 20 ms until it gives something other than `false` or `undefined`, and
 * resolves with that (a boolean check resolves with `true`); fails naming `what` after `timeoutMs`.
 */
export async function waitFor<T>(
  read: () => T | false | undefined,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A port nobody listens on: engines pointed here stay 'loading' without a chain. */
export const UNREACHABLE_RPC = { rpcUrl: 'http://127.0.0.1:9/', chainId: '0x1691' as const };

/** Memory storage that records every write and can be told to fail the next one. */
export class RecordingStorage implements StorageAdapter {
  readonly inner = new MemoryStorage();
  readonly writes: Record<string, Json>[] = [];
  failNextWrites = 0;

  getAll(): Promise<Record<string, Json>> {
    return this.inner.getAll();
  }

  async setMany(entries: Record<string, Json>): Promise<void> {
    if (this.failNextWrites > 0) {
      this.failNextWrites -= 1;
      throw new Error('disk full');
    }
    this.writes.push(structuredClone(entries));
    await this.inner.setMany(entries);
  }
}
