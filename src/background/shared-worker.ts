/// <reference lib="webworker" />
/**
 * The engine's SharedWorker: one per browser profile for every page of the wallet origin that
 * loads the same script, alive while any of them is open. Each page connects with its own
 * port. Keys and vault contents stay in this realm; pages see only UI-visible state, action
 * results and their provider streams.
 */
import { startBrowserEngineHost } from './browser-engine';
import { portOverPostMessage } from './contract/post-message-port';
import type { PortMessageToEngine, PortMessageToPage } from './contract/protocol';

declare const self: SharedWorkerGlobalScope;

const host = startBrowserEngineHost();

self.addEventListener('connect', (event) => {
  const [port] = event.ports;
  if (!port) return;
  host.acceptPort(portOverPostMessage<PortMessageToEngine, PortMessageToPage>(port));
  port.start();
});
