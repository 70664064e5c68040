import type { Json } from '@metamask/utils';

/**
 * Where the engine keeps persisted state: one entry per controller name, plus `meta`
 * ({ version }) for migrations. `setMany` must be atomic: either every entry is written or none.
 */
export interface StorageAdapter {
  getAll(): Promise<Record<string, Json>>;
  setMany(entries: Record<string, Json>): Promise<void>;
}

export const META_KEY = 'meta';

export interface PersistedMeta {
  version: number;
}
