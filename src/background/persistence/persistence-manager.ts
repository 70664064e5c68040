import { deriveStateFromMetadata, type StateMetadata } from '@metamask/base-controller';
import type { Json } from '@metamask/utils';
import { ComposedStore } from '@metamask/obs-store/dist/ComposedStore';
import { ObservableStore } from '@metamask/obs-store/dist/ObservableStore';

import {
  CURRENT_STATE_VERSION,
  runMigrations,
  type Migration,
  migrations as defaultMigrations,
  type PersistedStates,
} from './migrations';
import { realTimers, type TimerHandle, type Timers } from '../../controllers/polling/timers';
import { META_KEY, type PersistedMeta, type StorageAdapter } from './storage-adapter';

/** What the persistence layer needs from a controller: its name, state and metadata. */
export interface PersistableController {
  name: string;
  state: Record<string, Json>;
  metadata: StateMetadata<Record<string, Json>>;
}

export interface StateChangeSource {
  /** Calls back with the controller's name and the immer patches of every state change. */
  onStateChange(
    listener: (
      controllerName: string,
      patches: readonly { path: readonly (string | number)[] }[],
    ) => void,
  ): () => void;
}

/** Loads stored controller states, brought up to the current schema version. */
export async function loadPersistedState(
  storage: StorageAdapter,
  migrations: readonly Migration[] = defaultMigrations,
): Promise<{ states: PersistedStates; version: number; migrated: boolean }> {
  const { [META_KEY]: meta, ...stored } = await storage.getAll();
  const fromVersion =
    Object.keys(stored).length === 0
      ? (migrations.at(-1)?.version ?? 0)
      : ((meta as PersistedMeta | undefined)?.version ?? 0);
  const { states, version } = runMigrations(stored, fromVersion, migrations);
  return { states, version, migrated: version !== fromVersion };
}

/**
 * Writes each controller's persisted state under its own key. Every controller's persisted slice
 * is an ObservableStore inside one ComposedStore; the manager observes the composed store and
 * writes the changed slices, debounced. `flush()` writes whatever is pending, so shutdown never
 * loses the last change.
 */
export class PersistenceManager {
  readonly #store: ComposedStore<Record<string, Json>>;
  readonly #storage: StorageAdapter;
  readonly #debounceMs: number;
  readonly #controllers: Map<string, PersistableController>;
  readonly #slices = new Map<string, ObservableStore<Json>>();
  readonly #dirty = new Set<string>();
  readonly #version: number;
  readonly #timers: Timers;
  #timer: TimerHandle | undefined;
  #writing: Promise<void> = Promise.resolve();
  #stopListening: () => void = () => undefined;
  /** Controllers with anything to store: the others' changes (approvals, signing) skip at once. */
  readonly #persisting = new Set<string>();

  constructor({
    storage,
    controllers,
    debounceMs = 200,
    version = CURRENT_STATE_VERSION,
    timers = realTimers,
  }: {
    storage: StorageAdapter;
    controllers: readonly PersistableController[];
    debounceMs?: number;
    version?: number;
    /** The debounce's timers; tests pass a manual clock. */
    timers?: Timers;
  }) {
    this.#storage = storage;
    this.#timers = timers;
    this.#debounceMs = debounceMs;
    this.#version = version;
    this.#controllers = new Map(controllers.map((controller) => [controller.name, controller]));
    for (const controller of controllers) {
      if (Object.values(controller.metadata).some((entry) => Boolean(entry?.persist)))
        this.#persisting.add(controller.name);
    }
    for (const controller of controllers) {
      this.#slices.set(
        controller.name,
        new ObservableStore<Json>(this.#persistedSlice(controller)),
      );
    }
    this.#store = new ComposedStore(
      Object.fromEntries(this.#slices) as Record<string, ObservableStore<Json>>,
    );
  }

  /** Starts writing on change. `writeNow` stores the current state at once (after a migration or on first start). */
  start(source: StateChangeSource, { writeNow = false } = {}): void {
    this.#stopListening = source.onStateChange((controllerName, patches) => {
      const controller = this.#controllers.get(controllerName);
      if (!controller || !this.#persisting.has(controllerName)) return;
      const touchesPersisted = patches.some((patch) => {
        const key = patch.path[0];
        // A replace of the whole state touches what persists (this controller has some).
        if (key === undefined) return true;
        return Boolean(controller.metadata[key]?.persist);
      });
      if (!touchesPersisted) return;
      this.#slices.get(controllerName)?.putState(this.#persistedSlice(controller));
      this.#dirty.add(controllerName);
      this.#schedule();
    });
    if (writeNow) {
      for (const name of this.#controllers.keys()) this.#dirty.add(name);
      this.#schedule();
    }
  }

  /** Writes every pending change now and waits for it. */
  async flush(): Promise<void> {
    this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#write();
  }

  /** Stops listening and writes what is pending. */
  async stop(): Promise<void> {
    this.#stopListening();
    await this.flush();
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = undefined;
      // A failed background write keeps its changes queued; it is reported, not thrown into the void.
      this.#write().catch((error: unknown) => console.error('Orrery: saving state failed', error));
    }, this.#debounceMs);
  }

  #write(): Promise<void> {
    const write = this.#writing.then(async () => {
      if (this.#dirty.size === 0) return;
      const names = [...this.#dirty];
      this.#dirty.clear();
      const composed = this.#store.getState();
      const entries: Record<string, Json> = { [META_KEY]: { version: this.#version } };
      for (const name of names) entries[name] = composed[name] ?? null;
      try {
        await this.#storage.setMany(entries);
      } catch (error) {
        // Keep the changes queued: the next write retries them instead of losing them.
        for (const name of names) this.#dirty.add(name);
        throw error;
      }
    });
    this.#writing = write.catch(() => undefined);
    return write;
  }

  #persistedSlice(controller: PersistableController): Json {
    return deriveStateFromMetadata(controller.state, controller.metadata, 'persist');
  }
}
