import type { Json } from '@metamask/utils';

import type { StorageAdapter } from '../../src/background/persistence/storage-adapter';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';

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
