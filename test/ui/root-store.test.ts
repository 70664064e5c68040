import { autorun, isObservable } from 'mobx';

import { RootStore } from '../../src/ui/stores/root-store';
import { applyStatePatches } from '../../src/ui/stores/apply-state-patches';
import { sampleUiState } from './fake-background';

describe('RootStore', () => {
  it('is not ready until a snapshot, and copies the snapshot into its own observables', () => {
    const store = new RootStore();
    expect(store.isReady).toBe(false);
    expect(() => store.ui).toThrow('has not arrived');
    expect(() => store.applyPatches([])).toThrow('before a snapshot');

    const snapshot = sampleUiState();
    store.applySnapshot(snapshot);
    expect(store.isReady).toBe(true);
    expect(store.ui).toEqual(snapshot);
    expect(store.ui.NetworkController).not.toBe(snapshot.NetworkController);
    expect(isObservable(store.ui.NetworkController)).toBe(true);
  });

  it('applies replace patches in place, so observers of other branches do not re-run', () => {
    const store = new RootStore();
    store.applySnapshot(sampleUiState());
    const networkBefore = store.ui.NetworkController;
    const seenBlocks: Array<number | null> = [];
    const seenThemes: string[] = [];
    const stopBlocks = autorun(() => seenBlocks.push(store.ui.NetworkController.latestBlockNumber));
    const stopThemes = autorun(() => seenThemes.push(store.ui.PreferencesController.theme));

    store.applyPatches([
      { op: 'replace', path: ['NetworkController', 'latestBlockNumber'], value: 12 },
      { op: 'replace', path: ['NetworkController', 'networkStatus'], value: 'available' },
    ]);
    store.applyPatches([
      { op: 'replace', path: ['NetworkController', 'latestBlockNumber'], value: 13 },
    ]);

    expect(store.ui.NetworkController).toBe(networkBefore);
    expect(store.ui.NetworkController.networkStatus).toBe('available');
    expect(seenBlocks).toEqual([null, 12, 13]);
    expect(seenThemes).toEqual(['light']);
    stopBlocks();
    stopThemes();
  });

  it('replaces a nested object and a whole controller', () => {
    const store = new RootStore();
    store.applySnapshot(sampleUiState());
    const config = {
      ...sampleUiState().NetworkController.providerConfig,
      chainId: '0x1' as const,
      networkName: 'Main',
    };
    store.applyPatches([
      { op: 'replace', path: ['NetworkController', 'providerConfig'], value: config },
    ]);
    expect(store.ui.NetworkController.providerConfig.networkName).toBe('Main');
    store.applyPatches([
      { op: 'replace', path: ['PreferencesController'], value: { theme: 'dark', locale: 'ko' } },
    ]);
    expect(store.ui.PreferencesController).toEqual({ theme: 'dark', locale: 'ko' });
  });

  it('does not keep references to the patch values it was given', () => {
    const store = new RootStore();
    store.applySnapshot(sampleUiState());
    const value = { theme: 'dark', locale: 'en' };
    store.applyPatches([{ op: 'replace', path: ['PreferencesController'], value }]);
    value.theme = 'light';
    expect(store.ui.PreferencesController.theme).toBe('dark');
  });
});

describe('applyStatePatches', () => {
  it('adds, replaces and removes object keys and array items in place', () => {
    const state: Record<string, unknown> = { A: { list: ['a', 'c'], map: { x: 1 } } };
    const list = (state.A as { list: string[] }).list;
    applyStatePatches(state, [
      { op: 'add', path: ['A', 'list', 1], value: 'b' },
      { op: 'add', path: ['A', 'list', 3], value: 'd' },
      { op: 'replace', path: ['A', 'list', 0], value: 'A' },
      { op: 'remove', path: ['A', 'list', 2] },
      { op: 'add', path: ['A', 'map', 'y'], value: { deep: [1] } },
      { op: 'add', path: ['A', 'map', 'y', 'deep', 1], value: 2 },
      { op: 'remove', path: ['A', 'map', 'x'] },
    ]);
    expect(state).toEqual({ A: { list: ['A', 'b', 'd'], map: { y: { deep: [1, 2] } } } });
    expect((state.A as { list: string[] }).list).toBe(list);
  });

  it('shortens arrays with a length replace (immer emits it for truncation)', () => {
    const state = { A: { list: [1, 2, 3, 4] } };
    applyStatePatches(state, [{ op: 'replace', path: ['A', 'list', 'length'], value: 2 }]);
    expect(state.A.list).toEqual([1, 2]);
  });

  it('throws on a patch whose parent does not exist or an index out of range', () => {
    const state = { A: { list: [1] } };
    expect(() => applyStatePatches(state, [{ op: 'replace', path: ['B', 'x'], value: 1 }])).toThrow(
      'Patch target does not exist: replace B.x',
    );
    expect(() =>
      applyStatePatches(state, [{ op: 'add', path: ['A', 'list', 5], value: 1 }]),
    ).toThrow('out of range');
    expect(() => applyStatePatches(state, [{ op: 'replace', path: [], value: 1 }])).toThrow(
      'without a path',
    );
  });

  it('matches what immer produces for the same recipe', async () => {
    const { produceWithPatches, enablePatches } = await import('immer');
    enablePatches();
    const base = {
      C: {
        items: [{ id: 1 }, { id: 2 }, { id: 3 }],
        flags: { a: true } as Record<string, boolean>,
      },
    };
    const [next, patches] = produceWithPatches(base, (draft) => {
      draft.C.items.splice(1, 1);
      draft.C.items.push({ id: 4 });
      draft.C.items[0]!.id = 10;
      delete draft.C.flags.a;
      draft.C.flags.b = false;
    });
    const mirror = structuredClone(base);
    applyStatePatches(mirror, patches as never);
    expect(mirror).toEqual(next);
  });
});
