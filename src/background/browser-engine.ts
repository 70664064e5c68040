/**
 * The engine as a browser worker runs it: settings from `config.json` beside the app, state in
 * IndexedDB, desktop notifications, served to every page of the origin by an engine host that
 * holds the engine lock first. Used by both worker entries (shared and dedicated).
 */
import { DEFAULT_WALLET_ORIGIN } from '../controllers/approvals/ApprovalController';
import { createEngine } from './engine/create-engine';
import { IndexedDbStorage } from './persistence/indexeddb-storage';
import { IndexedDbLoginSessionStore } from './persistence/indexeddb-login-sessions';
import { readRuntimeConfig } from './runtime-config';
import { startEngineHost, type EngineHost } from './sync/engine-host';
import { ENGINE_CHANNEL, type LockManagerLike } from './contract/protocol';

/** A desktop notification, when the user has allowed them for the wallet's origin. */
function showNotification({
  title,
  body,
  url,
}: {
  title: string;
  body: string;
  url: string;
}): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  // Workers may show notifications; opening the explorer link on click needs a service worker.
  new Notification(title, { body, data: { url }, vibrate: [100, 50, 100] } as NotificationOptions);
}

export function startBrowserEngineHost(): EngineHost {
  return startEngineHost({
    locks: navigator.locks as LockManagerLike,
    channel: new BroadcastChannel(ENGINE_CHANNEL),
    walletOrigin: DEFAULT_WALLET_ORIGIN,
    async startEngine() {
      const config = await readRuntimeConfig(new URL('config.json', globalThis.location.href));
      return createEngine({
        // Opened only here, with the engine lock held.
        storage: new IndexedDbStorage(),
        network: config.network,
        backendUrl: config.apiUrl,
        whiteLabel: config.whiteLabel,
        notify: showNotification,
        assets: config.assets,
        loginSessions: new IndexedDbLoginSessionStore(),
      });
    },
  });
}
