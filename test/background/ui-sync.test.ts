import { bytesToHex } from 'viem';
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts';

import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { createMemoryPortPair } from '../../src/background/sync/memory-port';
import type { BackgroundMessage, ViewMessage } from '../../src/background/contract/protocol';
import { serveView } from '../../src/background/sync/serve-view';
import { failureCode } from '../../src/background/contract/errors';
import { KeyringErrorCode } from '../../src/controllers/keyring/errors';
import { PreferencesErrorCode } from '../../src/controllers/preferences/errors';
import { startServer, type RunningServer } from '../../src/server/main';
import { createTestDatabase, type TestDatabase } from '../server/helpers';
import { sampleUiState } from '../ui/fake-background';
import { UNREACHABLE_RPC, waitFor } from './helpers';

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

  it('answers actions with their results and errors with code and message, never a hang', async () => {
    const view = connectView(engine);
    view.send({ type: 'request', id: 1, action: 'setTheme', params: ['dark'] });
    view.send({ type: 'request', id: 2, action: 'noSuchAction' as never, params: [] });
    view.send({ type: 'request', id: 3, action: 'setTheme', params: ['neon'] });
    view.send({ type: 'request', id: 4, action: 'setLocale', params: ['en', 'extra'] });
    view.send({ type: 'request', id: 5, action: 'submitPassword', params: ['anything'] });
    await waitFor(
      () => view.received.filter((m) => 'id' in m).length === 5,
      'an answer to each request',
    );

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
      error: {
        code: -32000,
        message: 'Unknown theme: neon',
        data: { code: PreferencesErrorCode.unknownTheme },
      },
    });
    expect(byId.get(4)).toEqual({
      type: 'error',
      id: 4,
      error: { code: -32602, message: 'Action setLocale takes 1 parameter(s), got 2.' },
    });
    expect(byId.get(5)).toEqual({
      type: 'error',
      id: 5,
      error: {
        code: -32000,
        message: 'There is no vault to unlock.',
        data: { code: KeyringErrorCode.noVault },
      },
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
    const answer = view.received.find((message) => 'id' in message && message.id === 7);
    expect(answer).toEqual({
      type: 'error',
      id: 7,
      error: {
        code: -32000,
        message: 'Incorrect Password Entered.',
        data: { code: KeyringErrorCode.incorrectPassword },
      },
    });
    // What a view matches on: the stable code, through the contract's helper.
    expect(failureCode((answer as { error: unknown }).error)).toBe('keyring.incorrectPassword');
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

/** A BIP-39 vector (Trezor's), a private key and a password that appear nowhere else. */
const PASSWORD = 'correct horse battery staple';
const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const PRIVATE_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';

/**
 * Which secrets occur in `text`: the password, each private key (with or without 0x, any case),
 * any two neighbouring words of the phrase (joined by up to three non-letters, so a phrase kept
 * as a string or as an array of words is found), and each token and its signature part.
 */
function secretsIn(
  text: string,
  secrets: { password: string; keys: string[]; phrase: string; tokens: string[] },
): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  if (lower.includes(secrets.password.toLowerCase())) found.push('password');
  for (const key of secrets.keys) {
    if (lower.includes(key.toLowerCase().replace(/^0x/, ''))) found.push(`key ${key.slice(0, 6)}`);
  }
  const words = secrets.phrase.split(' ');
  for (let i = 0; i + 1 < words.length; i += 1) {
    if (new RegExp(`${words[i]}[^a-z]{1,3}${words[i + 1]}`).test(lower)) {
      found.push(`phrase words ${i}-${i + 1}`);
    }
  }
  for (const token of secrets.tokens) {
    const signature = token.split('.')[2] ?? token;
    if (lower.includes(token.toLowerCase()) || lower.includes(signature.toLowerCase())) {
      found.push('token');
    }
  }
  return found;
}

describe('secrets and the view stream', () => {
  let database: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startServer(database.config());
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  it('never lets a secret-marked key reach a view, in the snapshot or in a patch', async () => {
    const storage = new MemoryStorage();
    const engine = await createEngine({
      storage,
      network: UNREACHABLE_RPC,
      backendUrl: server.url,
    });
    try {
      const view = connectView(engine);
      view.send({ type: 'subscribe' });
      await view.settle();
      await engine.actions.createNewVault(PASSWORD);
      const imported = await engine.actions.importAccountWithPrivateKey(PRIVATE_KEY);
      const fromPhrase = await engine.actions.importAccountWithSeedPhrase(PHRASE, 0);
      engine.actions.setSelectedAddress(fromPhrase);
      await engine.actions.loginToBackend('google', 'secrets@example.com');
      engine.actions.setLocked();
      await engine.actions.submitPassword(PASSWORD);
      view.send({ type: 'subscribe' }); // a second snapshot, after all of it
      await view.settle();
      await engine.flush();

      // The secrets exist: the vault, the token and the phrase's key are real...
      const stored = await storage.getAll();
      const { jwtTokens } = stored.BackendSessionController as {
        jwtTokens: Record<string, string>;
      };
      const tokens = Object.values(jwtTokens);
      expect(tokens).toHaveLength(1);
      expect(tokens[0]).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]{20,}$/);
      const phraseKey = mnemonicToAccount(PHRASE).getHdKey().privateKey!;
      expect(privateKeyToAddress(bytesToHex(phraseKey)).toLowerCase()).toBe(
        fromPhrase.toLowerCase(),
      );
      const secrets = {
        password: PASSWORD,
        keys: [PRIVATE_KEY, bytesToHex(phraseKey)],
        phrase: PHRASE,
        tokens,
      };
      // ...the search finds each kind in any spelling...
      expect(
        secretsIn(
          JSON.stringify({
            p: PASSWORD.toUpperCase(),
            k: [PRIVATE_KEY.slice(2).toUpperCase(), bytesToHex(phraseKey)],
            w: PHRASE.split(' ').slice(4, 6),
            t: tokens[0]!.split('.')[2],
          }),
          secrets,
        ),
      ).toEqual([
        'password',
        'key 0x4c08',
        `key ${bytesToHex(phraseKey).slice(0, 6)}`,
        'phrase words 4-5',
        'token',
      ]);
      expect(secretsIn(JSON.stringify(stored), secrets)).toContain('token');

      // ...and none of them is anywhere in what the view received: snapshots and patches.
      const kinds = new Set(view.received.map((message) => message.type));
      expect(kinds).toEqual(new Set(['snapshot', 'patches']));
      expect(view.received.filter((message) => message.type === 'snapshot')).toHaveLength(2);
      const everythingSent = JSON.stringify(view.received);
      expect(secretsIn(everythingSent, secrets)).toEqual([]);
      expect(everythingSent).not.toContain('vault');
      // What a view may see did arrive: both accounts, the sign-in, the unlock.
      expect(everythingSent).toContain(imported.toLowerCase());
      expect(everythingSent).toContain(fromPhrase.toLowerCase());
      expect(everythingSent).toContain('"isUnlocked":true');
      expect(engine.getState().KeyringController).not.toHaveProperty('vault');
    } finally {
      await engine.destroy();
    }
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
