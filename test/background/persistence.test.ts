import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import 'fake-indexeddb/auto';

import { createEngine } from '../../src/background/engine/create-engine';
import { FileStorage } from '../../src/background/persistence/file-storage';
import { IndexedDbStorage } from '../../src/background/persistence/indexeddb-storage';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import {
  CURRENT_STATE_VERSION,
  runMigrations,
  type Migration,
} from '../../src/background/persistence/migrations';
import type { StateMetadata } from '@metamask/base-controller';
import { Messenger } from '@metamask/messenger';
import type { Json } from '@metamask/utils';

import {
  PreferencesController,
  preferencesControllerName,
  type PreferencesControllerActions,
  type PreferencesControllerEvents,
} from '../../src/controllers/preferences/PreferencesController';
import { PersistenceManager } from '../../src/background/persistence/persistence-manager';
import type { ImmerPatch } from '../../src/background/sync/ui-state-source';
import { createManualTimers } from '../controllers/polling/manual-timers';
import { RecordingStorage, UNREACHABLE_RPC, waitFor } from './helpers';

describe('persistence', () => {
  it('restores each controller from its own key after a restart', async () => {
    const storage = new MemoryStorage();
    const first = await createEngine({ storage, network: UNREACHABLE_RPC });
    first.actions.setTheme('dark');
    first.actions.setLocale('ja');
    await first.destroy();

    const stored = await storage.getAll();
    expect(stored.PreferencesController).toEqual({
      theme: 'dark',
      locale: 'ja',
      selectedAddress: null,
    });
    expect(stored.meta).toEqual({ version: CURRENT_STATE_VERSION });
    // Facts about the present are not persisted.
    expect(stored.NetworkController).not.toHaveProperty('networkStatus');
    expect(stored.NetworkController).not.toHaveProperty('latestBlockNumber');

    const second = await createEngine({ storage, network: UNREACHABLE_RPC });
    expect(second.getState().PreferencesController).toEqual({
      theme: 'dark',
      locale: 'ja',
      selectedAddress: null,
    });
    await second.destroy();
  });

  it('gathers quick changes into one debounced write', async () => {
    // The manager and a real controller on a manual clock: the debounce fires when told.
    const storage = new RecordingStorage();
    const timers = createManualTimers();
    const root = new Messenger<'Root', PreferencesControllerActions, PreferencesControllerEvents>({
      namespace: 'Root',
    });
    const preferences = new PreferencesController({
      messenger: new Messenger<
        typeof preferencesControllerName,
        PreferencesControllerActions,
        PreferencesControllerEvents,
        typeof root
      >({ namespace: preferencesControllerName, parent: root }),
    });
    const manager = new PersistenceManager({
      storage,
      controllers: [
        {
          name: preferencesControllerName,
          metadata: preferences.metadata as unknown as StateMetadata<Record<string, Json>>,
          get state() {
            return preferences.state as unknown as Record<string, Json>;
          },
        },
      ],
      debounceMs: 200,
      timers,
    });
    manager.start({
      onStateChange: (listener) => {
        const handler = (_state: unknown, patches: ImmerPatch[]) =>
          listener(preferencesControllerName, patches);
        root.subscribe(`${preferencesControllerName}:stateChange`, handler);
        return () => root.unsubscribe(`${preferencesControllerName}:stateChange`, handler);
      },
    });
    preferences.setTheme('dark');
    preferences.setLocale('de');
    preferences.setTheme('light');
    expect(storage.writes).toEqual([]);
    expect(timers.pending()).toEqual([200]); // one debounce for the three changes
    timers.fireNext();
    await waitFor(() => storage.writes.length === 1, 'the debounced write');
    expect(storage.writes[0]?.PreferencesController).toEqual({
      theme: 'light',
      locale: 'de',
      selectedAddress: null,
    });
    expect(timers.pending()).toEqual([]);
    await manager.stop();
    expect(storage.writes).toHaveLength(1); // nothing was left to write
  });

  it('writes the last change on shutdown, before the debounce fires', async () => {
    const storage = new RecordingStorage();
    const engine = await createEngine({
      storage,
      network: UNREACHABLE_RPC,
      persistDebounceMs: 60_000,
    });
    engine.actions.setLocale('es');
    await engine.destroy();
    expect((await storage.getAll()).PreferencesController).toEqual({
      theme: 'light',
      locale: 'es',
      selectedAddress: null,
    });
  });

  it('stores an action’s change before a view’s request for it resolves', async () => {
    const storage = new RecordingStorage();
    const engine = await createEngine({
      storage,
      network: UNREACHABLE_RPC,
      persistDebounceMs: 60_000,
    });
    await engine.call('setTheme', ['dark']);
    expect((await storage.getAll()).PreferencesController).toEqual({
      theme: 'dark',
      locale: 'en',
      selectedAddress: null,
    });
    await engine.destroy();
  });

  it('keeps a failed write queued and retries it with the next one', async () => {
    const storage = new RecordingStorage();
    const engine = await createEngine({
      storage,
      network: UNREACHABLE_RPC,
      persistDebounceMs: 60_000,
    });
    await engine.flush();
    storage.failNextWrites = 1;
    engine.actions.setTheme('dark');
    await expect(engine.flush()).rejects.toThrow('disk full');
    await engine.flush();
    expect((await storage.getAll()).PreferencesController).toEqual({
      theme: 'dark',
      locale: 'en',
      selectedAddress: null,
    });
    await engine.destroy();
  });

  it('does not write when only non-persisted keys change', async () => {
    const storage = new RecordingStorage();
    const engine = await createEngine({ storage, network: UNREACHABLE_RPC, persistDebounceMs: 10 });
    await engine.flush();
    const before = storage.writes.length;
    await engine.actions.createNewVault('correct horse battery');
    await engine.flush();
    const after = storage.writes.length;
    engine.actions.setLocked(); // isUnlocked is not persisted
    await engine.flush();
    expect(after - before).toBe(1);
    expect(storage.writes.length).toBe(after);
    await engine.destroy();
  });
});

describe('migrations', () => {
  const list: Migration[] = [
    { version: 1, migrate: (states) => states },
    {
      version: 2,
      // A made-up rename, as a real migration would do: 'language' became 'locale'.
      migrate: (states) => {
        const { language, ...rest } = (states.PreferencesController ?? {}) as Record<
          string,
          string
        >;
        return { ...states, PreferencesController: { ...rest, locale: language ?? 'en' } };
      },
    },
  ];

  it('runs each migration after the stored version, in order', () => {
    const result = runMigrations(
      { PreferencesController: { theme: 'dark', language: 'ko' } },
      1,
      list,
    );
    expect(result).toEqual({
      version: 2,
      states: { PreferencesController: { theme: 'dark', locale: 'ko' } },
    });
  });

  it('refuses state written by a newer wallet', () => {
    expect(() => runMigrations({}, 3, list)).toThrow(
      'Stored state is version 3, newer than this wallet understands (2).',
    );
  });

  it('refuses a history with a hole', () => {
    expect(() => runMigrations({}, 0, [{ version: 2, migrate: (s) => s }])).toThrow(
      'Migration to version 2 does not follow version 0.',
    );
  });

  it('migrates stored state when the engine starts and writes it back with the new version', async () => {
    const storage = new MemoryStorage();
    await storage.setMany({
      meta: { version: 1 },
      PreferencesController: { theme: 'dark', language: 'zh' },
    });
    const engine = await createEngine({ storage, network: UNREACHABLE_RPC, migrations: list });
    expect(engine.getState().PreferencesController).toEqual({
      theme: 'dark',
      locale: 'zh',
      selectedAddress: null,
    });
    await engine.destroy();
    const stored = await storage.getAll();
    expect(stored.meta).toEqual({ version: 2 });
    expect(stored.PreferencesController).toEqual({
      theme: 'dark',
      locale: 'zh',
      selectedAddress: null,
    });
  });
});

describe('storage adapters', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orrery-storage-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('FileStorage round-trips entries and merges later writes', async () => {
    const path = join(dir, 'nested', 'state.json');
    const storage = new FileStorage(path);
    expect(await storage.getAll()).toEqual({});
    await storage.setMany({ a: { x: 1 }, b: [1, 2] });
    await storage.setMany({ b: 'replaced' });
    expect(await new FileStorage(path).getAll()).toEqual({ a: { x: 1 }, b: 'replaced' });
  });

  it('FileStorage refuses a corrupt file and leaves it as it was', async () => {
    const path = join(dir, 'state.json');
    await writeFile(path, '{ not json', 'utf8');
    const storage = new FileStorage(path);
    await expect(storage.getAll()).rejects.toThrow('is not valid JSON; it was left untouched');
    await expect(storage.setMany({ a: 1 })).rejects.toThrow('is not valid JSON');
    expect(await readFile(path, 'utf8')).toBe('{ not json');
  });

  it('an engine on FileStorage survives a restart', async () => {
    const path = join(dir, 'state.json');
    const first = await createEngine({ storage: new FileStorage(path), network: UNREACHABLE_RPC });
    first.actions.setTheme('dark');
    await first.destroy();
    const second = await createEngine({ storage: new FileStorage(path), network: UNREACHABLE_RPC });
    expect(second.getState().PreferencesController.theme).toBe('dark');
    await second.destroy();
  });

  it('IndexedDbStorage round-trips entries in one transaction: all of them or none', async () => {
    const storage = new IndexedDbStorage(`orrery-test-${Date.now()}`);
    const opened = jest.spyOn(IDBDatabase.prototype, 'transaction');
    const writes = () => opened.mock.calls.filter(([, mode]) => mode === 'readwrite').length;
    await storage.setMany({
      meta: { version: 1 },
      PreferencesController: { theme: 'dark', locale: 'en' },
    });
    expect(writes()).toBe(1);
    await storage.setMany({ PreferencesController: { theme: 'light', locale: 'de' } });
    expect(writes()).toBe(2);
    expect(await storage.getAll()).toEqual({
      meta: { version: 1 },
      PreferencesController: { theme: 'light', locale: 'de' },
    });

    // A value the store cannot keep fails the whole write: the entry before it is not kept.
    const refused = { later: 'kept?', bad: (() => undefined) as unknown as Json };
    await expect(storage.setMany(refused)).rejects.toThrow(/clone/i);
    expect(await storage.getAll()).toEqual({
      meta: { version: 1 },
      PreferencesController: { theme: 'light', locale: 'de' },
    });
    opened.mockRestore();
    await storage.close();
  });

  it('MemoryStorage refuses a value that is not JSON and keeps what it had', async () => {
    const storage = new MemoryStorage();
    await storage.setMany({ a: 1 });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(storage.setMany({ a: 2, b: cyclic as never })).rejects.toThrow();
    expect(await storage.getAll()).toEqual({ a: 1 });
  });
});
