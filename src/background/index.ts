/**
 * The headless API: create an engine with a storage adapter and network settings, read and
 * subscribe to UI-visible state, call actions, connect dapp origins, destroy. See README.md.
 * Node-only storage lives in `./node` so that this entry stays browser-safe.
 */
export { createEngine, type Engine, type EngineOptions } from './engine/create-engine';
export { MemoryStorage } from './persistence/memory-storage';
export { IndexedDbStorage } from './persistence/indexeddb-storage';
export type { StorageAdapter } from './persistence/storage-adapter';
export type { ActionApi, ActionName, RemoteActionApi } from './contract/action-api';
export type { PatchBatch } from './sync/ui-state-source';
export type { UiState } from './contract/ui-state';
export { serveView } from './sync/serve-view';
export type { OriginProvider } from './rpc/origin-provider';
