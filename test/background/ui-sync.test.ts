import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { createMemoryPortPair } from '../../src/background/sync/memory-port';
import type { BackgroundMessage, ViewMessage } from '../../src/background/sync/protocol';
import { serveView } from '../../src/background/sync/serve-view';
import { sampleUiState } from '../ui/fake-background';
import { UNREACHABLE_RPC } from './helpers';

/** A bare view end that records everything the background sends. */
function connectView(engine: Engine) {
  const [viewPort, backgroundPort] = createMemoryPortPair<BackgroundMessage, ViewMessage>();
  const received: BackgroundMessage[] = [];
  viewPort.onMessage((message) => received.push(message));
  const stop = serveView(engine, backgroundPort);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { send: (message: ViewMessage) => viewPort.postMessage(message), received, stop, settle };
}

describe('UI state stream', () => {
  let engine: Engine;
  let storage: MemoryStorage;
  beforeEach(async () => {
    storage = new MemoryStorage();
    engine = await createEngine({ storage, network: UNREACHABLE_RPC });
  });
  afterEach(async () => {
    await engine.destroy();
  });

  it('sends a snapshot, then patch batches with consecutive sequence numbers', async () => {
    const view = connectView(engine);
    view.send({ type: 'subscribe' });
    await view.settle();
    engine.actions.setTheme('dark');
    engine.actions.setLocale('ko');
    engine.actions.setTheme('light');
    await view.settle();

    const [snapshot, ...batches] = view.received;
    expect(snapshot).toMatchObject({
      type: 'snapshot',
      state: { PreferencesController: { theme: 'light', locale: 'en' } },
    });
    const first = (snapshot as { seq: number }).seq;
    expect(batches.map((batch) => (batch as { seq: number }).seq)).toEqual([
      first + 1,
      first + 2,
      first + 3,
    ]);
    expect(batches[1]).toEqual({
      type: 'patches',
      seq: first + 2,
      patches: [{ op: 'replace', path: ['PreferencesController', 'locale'], value: 'ko' }],
    });
  });

  it('answers a resubscribe with a fresh snapshot that already holds what was missed', async () => {
    const view = connectView(engine);
    view.send({ type: 'subscribe' });
    await view.settle();
    view.send({ type: 'unsubscribe' });
    await view.settle();
    engine.actions.setTheme('dark'); // not sent: the view is not subscribed
    await view.settle();
    expect(view.received).toHaveLength(1);

    view.send({ type: 'subscribe' });
    await view.settle();
    const resync = view.received[1];
    expect(resync).toMatchObject({
      type: 'snapshot',
      state: { PreferencesController: { theme: 'dark' } },
    });
    expect((resync as { seq: number }).seq).toBe((view.received[0] as { seq: number }).seq + 1);

    engine.actions.setLocale('zh');
    await view.settle();
    expect(view.received[2]).toMatchObject({
      type: 'patches',
      seq: (resync as { seq: number }).seq + 1,
    });
  });

  it('two subscribes never deliver a batch twice', async () => {
    const view = connectView(engine);
    view.send({ type: 'subscribe' });
    view.send({ type: 'subscribe' });
    await view.settle();
    engine.actions.setTheme('dark');
    await view.settle();
    expect(view.received.filter((message) => message.type === 'patches')).toHaveLength(1);
  });

  it('never lets a secret-marked key reach a view, in the snapshot or in a patch', async () => {
    const view = connectView(engine);
    view.send({ type: 'subscribe' });
    await view.settle();
    await engine.actions.createNewVault('correct horse battery staple');
    engine.actions.setLocked();
    await engine.actions.submitPassword('correct horse battery staple');
    view.send({ type: 'subscribe' });
    await view.settle();
    await engine.flush();

    // The vault exists (encrypted, in storage) and yet nothing of it crossed to the view.
    const { KeyringController: storedKeyring } = await storage.getAll();
    expect(JSON.parse((storedKeyring as { vault: string }).vault)).toMatchObject({
      version: 1,
      cipher: { name: 'AES-GCM' },
    });
    const everythingSent = JSON.stringify(view.received);
    expect(everythingSent).not.toContain('vault');
    expect(everythingSent).toContain('"isUnlocked":true');
    expect(engine.getState().KeyringController).toMatchObject({ isUnlocked: true });
    expect(engine.getState().KeyringController).not.toHaveProperty('vault');
  });

  it('answers actions with their results and errors with code and message, never a hang', async () => {
    const view = connectView(engine);
    view.send({ type: 'request', id: 1, action: 'setTheme', params: ['dark'] });
    view.send({ type: 'request', id: 2, action: 'noSuchAction' as never, params: [] });
    view.send({ type: 'request', id: 3, action: 'setTheme', params: ['neon'] });
    view.send({ type: 'request', id: 4, action: 'setLocale', params: ['en', 'extra'] });
    view.send({ type: 'request', id: 5, action: 'submitPassword', params: ['anything'] });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const byId = new Map(
      view.received.filter((m) => 'id' in m).map((m) => [(m as { id: number }).id, m]),
    );
    expect(byId.get(1)).toEqual({ type: 'response', id: 1, result: null });
    expect(byId.get(2)).toEqual({
      type: 'error',
      id: 2,
      error: { code: -32601, message: 'Unknown action: noSuchAction' },
    });
    expect(byId.get(3)).toEqual({
      type: 'error',
      id: 3,
      error: { code: -32000, message: 'Unknown theme: neon' },
    });
    expect(byId.get(4)).toEqual({
      type: 'error',
      id: 4,
      error: { code: -32602, message: 'Action setLocale takes 1 parameter(s), got 2.' },
    });
    expect(byId.get(5)).toEqual({
      type: 'error',
      id: 5,
      error: { code: -32000, message: 'There is no vault to unlock.' },
    });
    expect(engine.getState().PreferencesController.theme).toBe('dark');
  });

  it('reports a wrong password as an error and keeps the vault', async () => {
    await engine.actions.createNewVault('right password');
    engine.actions.setLocked();
    const view = connectView(engine);
    view.send({ type: 'request', id: 7, action: 'submitPassword', params: ['wrong password'] });
    while (!view.received.some((message) => 'id' in message && message.id === 7))
      await view.settle();
    expect(view.received).toContainEqual({
      type: 'error',
      id: 7,
      error: { code: -32000, message: 'Incorrect Password Entered.' },
    });
    await engine.actions.submitPassword('right password');
    expect(engine.getState().KeyringController.isUnlocked).toBe(true);
  });

  it('stops serving a view when told to', async () => {
    const view = connectView(engine);
    view.send({ type: 'subscribe' });
    await view.settle();
    view.stop();
    engine.actions.setTheme('dark');
    view.send({ type: 'request', id: 9, action: 'setLocale', params: ['de'] });
    await view.settle();
    expect(view.received).toHaveLength(1);
    expect(engine.getState().PreferencesController.locale).toBe('en');
  });
});

describe('the UiState type', () => {
  it('names exactly the keys the engine sends a view, controller by controller', async () => {
    const engine = await createEngine({ storage: new MemoryStorage(), network: UNREACHABLE_RPC });
    try {
      const keysOf = (state: object) =>
        Object.fromEntries(
          Object.entries(state).map(([name, slice]) => [name, Object.keys(slice as object).sort()]),
        );
      // sampleUiState is typed UiState and built from every controller's full default state.
      expect(keysOf(engine.getState())).toEqual(keysOf(sampleUiState()));
    } finally {
      await engine.destroy();
    }
  });
});
