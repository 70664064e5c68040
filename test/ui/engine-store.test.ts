/**
 * The view stores driven by the real engine in-process: engine → serveView → memory ports →
 * BackgroundClient → RootStore, against a real anvil chain.
 */
import { autorun } from 'mobx';

import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { createMemoryPortPair } from '../../src/background/sync/memory-port';
import {
  ActionErrorCode,
  type BackgroundMessage,
  type ViewMessage,
} from '../../src/background/contract/protocol';
import { serveView } from '../../src/background/sync/serve-view';
import { BackgroundActionError, BackgroundClient } from '../../src/ui/bridge/background-client';
import { RootStore } from '../../src/ui/stores/root-store';
import { mine } from '../chain/snapshot';
import { useAnvil } from '../chain/use-anvil';
import { waitFor } from '../background/helpers';

describe('RootStore fed by the real engine', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let engine: Engine;
  let stopServing: () => void;
  let store: RootStore;
  let client: BackgroundClient;

  beforeEach(async () => {
    engine = await createEngine({
      storage: new MemoryStorage(),
      network: { rpcUrl: anvil().rpcUrl, chainId: '0x1691', networkName: 'Anvil 5777' },
      blockPollingInterval: 100,
    });
    const [viewPort, backgroundPort] = createMemoryPortPair<BackgroundMessage, ViewMessage>();
    stopServing = serveView(engine, backgroundPort);
    store = new RootStore();
    client = new BackgroundClient(store);
    client.connect(viewPort);
  });

  afterEach(async () => {
    client.close();
    stopServing();
    await engine.destroy();
  });

  it('mirrors the snapshot and follows mined blocks through patches', async () => {
    await waitFor(() => store.isReady, 'the snapshot');
    expect(store.ui).toEqual(engine.getState());
    expect(store.ui.NetworkController.providerConfig).toMatchObject({
      chainId: '0x1691',
      networkName: 'Anvil 5777',
    });

    await waitFor(() => store.ui.NetworkController.latestBlockNumber !== null, 'the first block');
    expect(store.ui.NetworkController.networkStatus).toBe('available');
    const seen: Array<number | null> = [];
    const stop = autorun(() => seen.push(store.ui.NetworkController.latestBlockNumber));
    const before = store.ui.NetworkController.latestBlockNumber ?? 0;

    await mine(anvil().rpcUrl, 2);
    await waitFor(
      () => (store.ui.NetworkController.latestBlockNumber ?? 0) >= before + 2,
      'two more blocks',
    );
    stop();
    expect(seen[0]).toBe(before);
    expect(seen.length).toBeGreaterThan(1);
    expect(store.ui).toEqual(engine.getState());
  });

  it('runs actions through the engine and sees their effect as patches', async () => {
    await waitFor(() => store.isReady, 'the snapshot');
    await client.actions.setTheme('dark');
    await client.actions.setLocale('zh');
    await waitFor(() => store.ui.PreferencesController.locale === 'zh', 'the locale patch');
    expect(store.ui.PreferencesController).toEqual({
      theme: 'dark',
      locale: 'zh',
      selectedAddress: null,
    });
  });

  it('rejects a refused action with the error code and message the engine gives', async () => {
    await waitFor(() => store.isReady, 'the snapshot');
    const error = await client.actions.setLocale('xx' as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackgroundActionError);
    expect(error).toMatchObject({
      code: ActionErrorCode.rejected,
      message: 'Unsupported locale: xx',
    });
    expect(store.ui.PreferencesController.locale).toBe('en');
  });

  it('a reconnect gets a fresh snapshot that includes changes made meanwhile', async () => {
    await waitFor(() => store.isReady, 'the snapshot');
    client.close();
    engine.actions.setTheme('dark');
    const [viewPort, backgroundPort] = createMemoryPortPair<BackgroundMessage, ViewMessage>();
    const stopSecond = serveView(engine, backgroundPort);
    client.connect(viewPort);
    await waitFor(() => client.isSynced, 'the fresh snapshot');
    expect(store.ui.PreferencesController.theme).toBe('dark');
    stopSecond();
  });
});
