import type { StatePatch } from '../../src/background/contract/protocol';
import type { UiState } from '../../src/background/contract/ui-state';
import {
  BackgroundActionError,
  BackgroundClient,
  CONNECTION_CLOSED_CODE,
  type StateSink,
} from '../../src/ui/bridge/background-client';
import { FakeBackground, flushMessages, sampleUiState } from './fake-background';

class RecordingSink implements StateSink {
  events: Array<{ snapshot: UiState } | { patches: StatePatch[] }> = [];
  failNext = false;
  applySnapshot(state: UiState) {
    this.events.push({ snapshot: state });
  }
  applyPatches(patches: StatePatch[]) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('bad patch');
    }
    this.events.push({ patches });
  }
}

const block = (n: number): StatePatch[] => [
  { op: 'replace', path: ['NetworkController', 'latestBlockNumber'], value: n },
];

function setup() {
  const background = new FakeBackground();
  const sink = new RecordingSink();
  const client = new BackgroundClient(sink);
  client.connect(background.viewPort);
  return { background, sink, client };
}

describe('BackgroundClient state sync', () => {
  it('subscribes on connect, applies the snapshot, then patches in order', async () => {
    const { background, sink, client } = setup();
    await flushMessages();
    expect(background.typesReceived()).toEqual(['subscribe']);
    expect(client.isSynced).toBe(false);

    background.snapshot(7);
    background.patches(8, block(1));
    background.patches(9, block(2));
    await flushMessages();

    expect(client.isSynced).toBe(true);
    expect(sink.events).toEqual([
      { snapshot: sampleUiState() },
      { patches: block(1) },
      { patches: block(2) },
    ]);
  });

  it('ignores patches that arrive before the first snapshot', async () => {
    const { background, sink } = setup();
    background.patches(1, block(1));
    background.snapshot(1);
    background.patches(2, block(2));
    await flushMessages();
    expect(sink.events).toEqual([{ snapshot: sampleUiState() }, { patches: block(2) }]);
  });

  it('ignores duplicates and stale batches', async () => {
    const { background, sink } = setup();
    background.snapshot(3);
    background.patches(4, block(4));
    background.patches(4, block(4));
    background.patches(3, block(3));
    background.patches(2, block(2));
    background.patches(5, block(5));
    await flushMessages();
    expect(sink.events).toEqual([
      { snapshot: sampleUiState() },
      { patches: block(4) },
      { patches: block(5) },
    ]);
  });

  it('on a gap drops the batch, subscribes again and applies nothing until the fresh snapshot', async () => {
    const { background, sink, client } = setup();
    background.snapshot(1);
    background.patches(3, block(3)); // 2 went missing
    background.patches(4, block(4)); // still waiting for the snapshot
    await flushMessages();

    expect(background.typesReceived()).toEqual(['subscribe', 'subscribe']);
    expect(client.isSynced).toBe(false);
    expect(sink.events).toEqual([{ snapshot: sampleUiState() }]);

    const fresh = sampleUiState();
    fresh.NetworkController.latestBlockNumber = 4;
    background.snapshot(10, fresh);
    background.patches(11, block(5));
    await flushMessages();
    expect(client.isSynced).toBe(true);
    expect(sink.events).toEqual([
      { snapshot: sampleUiState() },
      { snapshot: fresh },
      { patches: block(5) },
    ]);
  });

  it('resyncs when a batch fails to apply', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { background, sink } = setup();
    background.snapshot(1);
    await flushMessages();
    sink.failNext = true;
    background.patches(2, block(2));
    background.patches(3, block(3));
    await flushMessages();
    expect(background.typesReceived()).toEqual(['subscribe', 'subscribe']);
    expect(sink.events).toEqual([{ snapshot: sampleUiState() }]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('reconnecting unsubscribes the old port and waits for a fresh snapshot on the new one', async () => {
    const { background, sink, client } = setup();
    background.snapshot(5);
    await flushMessages();

    const next = new FakeBackground();
    client.connect(next.viewPort);
    await flushMessages();
    expect(background.typesReceived()).toEqual(['subscribe', 'unsubscribe']);
    expect(next.typesReceived()).toEqual(['subscribe']);
    expect(client.isSynced).toBe(false);

    background.patches(6, block(6)); // the old connection is no longer heard
    next.patches(1, block(1)); // nothing before the snapshot
    const fresh = sampleUiState({
      PreferencesController: { theme: 'dark', locale: 'de', selectedAddress: null },
    });
    next.snapshot(1, fresh); // a restarted background may start its numbering over
    next.patches(2, block(2));
    await flushMessages();
    expect(sink.events).toEqual([
      { snapshot: sampleUiState() },
      { snapshot: fresh },
      { patches: block(2) },
    ]);
  });
});

describe('BackgroundClient actions', () => {
  it('sends requests with increasing ids and resolves them by id in any order', async () => {
    const { background, client } = setup();
    const first = client.actions.setTheme('dark');
    const second = client.actions.setLocale('ja');
    await flushMessages();
    expect(background.requests()).toEqual([
      { type: 'request', id: 1, action: 'setTheme', params: ['dark'] },
      { type: 'request', id: 2, action: 'setLocale', params: ['ja'] },
    ]);
    background.send({ type: 'response', id: 2, result: 'second' });
    background.send({ type: 'response', id: 1, result: null });
    await expect(second).resolves.toBe('second');
    await expect(first).resolves.toBeNull();
  });

  it('rejects with an Error carrying the code and message of an error answer', async () => {
    const { background, client } = setup();
    const unlock = client.actions.submitPassword('wrong');
    await flushMessages();
    background.send({
      type: 'error',
      id: 1,
      error: { code: -32000, message: 'Incorrect Password Entered.' },
    });
    const error = await unlock.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackgroundActionError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: -32000, message: 'Incorrect Password Entered.' });
  });

  it('ignores answers with unknown ids and answers to settled requests', async () => {
    const { background, client } = setup();
    const lock = client.actions.setLocked();
    await flushMessages();
    background.send({ type: 'response', id: 99, result: 'stray' });
    background.send({ type: 'error', id: 42, error: { code: -32603, message: 'stray' } });
    background.send({ type: 'response', id: 1, result: 'ok' });
    background.send({ type: 'error', id: 1, error: { code: -32603, message: 'late duplicate' } });
    await expect(lock).resolves.toBe('ok');
  });

  it('rejects pending requests when the connection closes, and calls made while closed', async () => {
    const { background, client } = setup();
    const pending = client.actions.createNewVault('password123');
    await flushMessages();
    client.close();
    await expect(pending).rejects.toMatchObject({ code: CONNECTION_CLOSED_CODE });
    background.send({ type: 'response', id: 1, result: 'too late' });
    await flushMessages();
    await expect(client.actions.setTheme('light')).rejects.toMatchObject({
      code: CONNECTION_CLOSED_CODE,
    });
  });
});
