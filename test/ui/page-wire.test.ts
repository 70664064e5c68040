/**
 * Pages and the one engine, end to end in Node: real engines in engine hosts, pages on the
 * broadcast link (and one on a SharedWorker-style port), each with its PageWire, BackgroundClient
 * and RootStore. Web Locks are faked; BroadcastChannel is Node's. The browser proof is in
 * test/e2e/topology.e2e.test.ts; this covers the same paths deterministically, including a
 * handover with a pending dapp request and a write.
 */
import { DEFAULT_WALLET_ORIGIN } from '../../src/controllers/approvals/ApprovalController';
import { createEngine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import type { OriginProvider } from '../../src/background/rpc/origin-provider';
import { startEngineHost, type EngineHost } from '../../src/background/sync/engine-host';
import { createMemoryPortPair } from '../../src/background/sync/memory-port';
import {
  pageLockName,
  type PortMessageToEngine,
  type PortMessageToPage,
} from '../../src/background/contract/protocol';
import { BackgroundClient, CONNECTION_CLOSED_CODE } from '../../src/ui/bridge/background-client';
import { createBroadcastLink, createSharedWorkerLink } from '../../src/ui/bridge/engine-link';
import { PageWire } from '../../src/ui/bridge/page-wire';
import { RootStore } from '../../src/ui/stores/root-store';
import { FakeLocks } from '../background/fake-locks';
import { UNREACHABLE_RPC, waitFor } from '../background/helpers';

const PASSWORD = 'correct horse battery staple';
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const DEV_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

let channelCount = 0;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  const failures: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse()) {
    await Promise.resolve()
      .then(cleanup)
      .catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw failures[0];
});

function world() {
  const locks = new FakeLocks();
  const channelName = `wire-test-${++channelCount}`;
  const storage = new MemoryStorage();
  const connections: OriginProvider[] = [];
  const channel = () => {
    const opened = new BroadcastChannel(channelName);
    cleanups.push(() => opened.close());
    return opened;
  };

  /** A realm running an engine on the shared storage; `kill` ends it as a closed tab would. */
  const realm = () => {
    const realmChannel = channel();
    const host: EngineHost = startEngineHost({
      locks,
      channel: realmChannel,
      walletOrigin: DEFAULT_WALLET_ORIGIN,
      async startEngine() {
        const engine = await createEngine({ storage, network: UNREACHABLE_RPC });
        return {
          ...engine,
          connect(origin: string) {
            const provider = engine.connect(origin);
            connections.push(provider);
            return provider;
          },
        };
      },
    });
    cleanups.push(() => host.stop());
    return {
      host,
      /** Abruptly: nothing more leaves the realm, then its engine and locks go. */
      async kill() {
        realmChannel.close();
        await host.stop();
      },
    };
  };

  const page = async (via: 'broadcast' | EngineHost = 'broadcast') => {
    const clientId = crypto.randomUUID();
    const leave = await locks.hold(pageLockName(clientId));
    const pageChannels: BroadcastChannel[] = [];
    const broadcast = () => {
      const opened = channel();
      pageChannels.push(opened);
      return createBroadcastLink(opened, clientId);
    };
    let link;
    if (via === 'broadcast') {
      link = broadcast();
    } else {
      const [pagePort, realmPort] = createMemoryPortPair<PortMessageToPage, PortMessageToEngine>();
      via.acceptPort(realmPort);
      link = createSharedWorkerLink(pagePort, clientId, broadcast);
    }
    const wire = new PageWire(link);
    const store = new RootStore();
    const client = new BackgroundClient(store);
    client.connect(wire.viewPort);
    wire.onEngineChange(() => client.connect(wire.viewPort));
    let killed = false;
    const close = () => {
      if (killed) return;
      client.close();
      wire.close();
      leave();
    };
    cleanups.push(close);
    /** As a closed tab: nothing more leaves the page, and its lock frees. */
    const kill = () => {
      killed = true;
      for (const opened of pageChannels) opened.close();
      leave();
    };
    return { wire, store, client, actions: client.actions, close, kill };
  };

  return { locks, realm, page, connections };
}

describe('pages and the one engine', () => {
  it('every page mirrors the same engine; an action in one shows in all', async () => {
    const { realm, page } = world();
    const { host } = realm();
    const pages = [await page(), await page(), await page(host)];
    await waitFor(() => pages.every((p) => p.store.isReady), 'every page to get a snapshot');
    expect(new Set(pages.map((p) => p.wire.engineId))).toEqual(new Set([host.engineId]));

    await pages[1]!.actions.setTheme('dark');
    await waitFor(
      () => pages.every((p) => p.store.ui.PreferencesController.theme === 'dark'),
      'the theme in every page',
    );
  });

  it('queues what a page sends before the engine is up, and delivers it in order', async () => {
    const { realm, page } = world();
    const early = await page();
    const theme = early.actions.setTheme('dark');
    const locale = early.actions.setLocale('ja');
    const stream = early.wire.openProvider({ kind: 'dapp', origin: 'https://dapp.example' });
    const chainId = stream.request({ method: 'eth_chainId' });
    realm();
    await Promise.all([theme, locale]);
    expect(await chainId).toBe('0x1691');
    await waitFor(() => early.store.isReady, 'the snapshot');
    expect(early.store.ui.PreferencesController).toMatchObject({ theme: 'dark', locale: 'ja' });
  });

  it('carries several provider streams with their own origins over one link', async () => {
    const { realm, page } = world();
    realm();
    const p = await page();
    const dapp = p.wire.openProvider({ kind: 'dapp', origin: 'https://dapp.example' });
    const other = p.wire.openProvider({ kind: 'dapp', origin: 'https://other.example' });
    const own = p.wire.openProvider({ kind: 'wallet' });
    await Promise.all([dapp, other, own].map((s) => s.request({ method: 'eth_chainId' })));
    expect([dapp, other, own].map((s) => s.engineOrigin)).toEqual([
      'https://dapp.example',
      'https://other.example',
      DEFAULT_WALLET_ORIGIN,
    ]);

    // A request for accounts waits for the user; it shows in the view with the stream's origin.
    await p.actions.createNewVault(PASSWORD);
    await p.actions.importAccountWithPrivateKey(DEV_KEY);
    const accounts = other.request({ method: 'eth_requestAccounts' });
    const [approval] = await waitFor(() => {
      const pending = Object.values(p.store.ui.ApprovalController.pendingApprovals);
      return pending.length > 0 && pending;
    }, 'the connect approval');
    expect(approval).toMatchObject({ origin: 'https://other.example', type: 'connect' });
    const changed: unknown[] = [];
    other.onNotification((n) => changed.push(n));
    await p.actions.approveRequest(approval!.id, { accounts: [DEV_ADDRESS], period: 'week' });
    expect(await accounts).toEqual([DEV_ADDRESS]);
    await waitFor(() => changed.length > 0, 'accountsChanged');
    expect(changed).toContainEqual({ method: 'wallet_accountsChanged', params: [DEV_ADDRESS] });
    expect(await dapp.request({ method: 'eth_accounts' })).toEqual([]);

    // Closing a stream fails what it still waits for, and nothing more goes out on it.
    const waiting = dapp.request({ method: 'eth_requestAccounts' });
    dapp.close();
    await expect(waiting).rejects.toMatchObject({ code: 4900 });
    await expect(dapp.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4900 });
  });

  it('hands over to the next engine without losing a pending dapp request or a write', async () => {
    const { realm, page } = world();
    const first = realm();
    const p = await page();
    const other = await page();
    await waitFor(() => p.store.isReady && other.store.isReady, 'both pages');
    await p.actions.createNewVault(PASSWORD);
    await p.actions.importAccountWithPrivateKey(DEV_KEY);
    await p.actions.setTheme('dark');
    const dapp = p.wire.openProvider({ kind: 'dapp', origin: 'https://dapp.example' });
    const accounts = dapp.request({ method: 'eth_requestAccounts' });
    await waitFor(
      () => other.store.ui.ApprovalController.pendingApprovalCount === 1,
      'the approval in the other page',
    );

    await first.kill();
    // Sent while no engine runs: it never arrives, and fails once the next engine is there.
    const lost = p.actions.setLocale('ko');
    const second = realm();
    await second.host.running;
    await expect(lost).rejects.toMatchObject({ code: CONNECTION_CLOSED_CODE });
    await waitFor(
      () =>
        p.wire.engineId === second.host.engineId && other.wire.engineId === second.host.engineId,
      'both pages on the next engine',
    );
    await waitFor(() => other.store.ui.KeyringController.isUnlocked === false, 'the locked wallet');
    // The write survived; the lost action did not happen.
    expect(other.store.ui.PreferencesController).toMatchObject({ theme: 'dark', locale: 'en' });
    expect(other.store.ui.PreferencesController.selectedAddress).toBe(DEV_ADDRESS);

    // The dapp's request was re-sent to the new engine; it waits for the unlock, then asks again.
    await other.actions.submitPassword(PASSWORD);
    const [approval] = await waitFor(() => {
      const pending = Object.values(other.store.ui.ApprovalController.pendingApprovals);
      return pending.length > 0 && pending;
    }, 'the connect approval again');
    expect(approval).toMatchObject({ origin: 'https://dapp.example', type: 'connect' });
    await other.actions.approveRequest(approval!.id, { accounts: [DEV_ADDRESS], period: 'week' });
    expect(await accounts).toEqual([DEV_ADDRESS]);
  });

  it("closes a closed page's provider connections", async () => {
    const { realm, page, connections } = world();
    realm();
    const staying = await page();
    const leaving = await page();
    const streams = [staying, leaving].map((p) =>
      p.wire.openProvider({ kind: 'dapp', origin: 'https://dapp.example' }),
    );
    await Promise.all(streams.map((s) => s.request({ method: 'eth_chainId' })));
    expect(connections.map((c) => c.closed)).toEqual([false, false]);
    leaving.kill();
    await waitFor(() => connections[1]!.closed, "the closed page's connection to close");
    expect(connections[0]!.closed).toBe(false);
  });
});
