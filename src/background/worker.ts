/// <reference lib="webworker" />
/**
 * The browser's background: a dedicated Web Worker that owns the engine. Keys and vault contents
 * stay in this realm; the page only ever sees UI-visible state and action results.
 */
import { createEngine } from './engine/create-engine';
import { IndexedDbStorage } from './persistence/indexeddb-storage';
import { portOverPostMessage } from './sync/post-message-port';
import type { BackgroundMessage, ViewMessage } from './sync/protocol';
import { bufferUntilListening } from './sync/buffered-port';
import { serveView } from './sync/serve-view';
import { readRuntimeConfig } from './runtime-config';

declare const self: DedicatedWorkerGlobalScope;

// A view may subscribe while the engine still starts; its messages wait in the buffer.
const bufferedPort = bufferUntilListening(
  portOverPostMessage<ViewMessage, BackgroundMessage>(self),
);

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

async function start(): Promise<void> {
  const config = await readRuntimeConfig(new URL('config.json', self.location.href));
  const engine = await createEngine({
    storage: new IndexedDbStorage(),
    network: config.network,
    backendUrl: config.apiUrl,
    notify: showNotification,
  });
  serveView(engine, bufferedPort);
}

start().catch((error: unknown) => {
  console.error('Orrery: the background failed to start', error);
});
