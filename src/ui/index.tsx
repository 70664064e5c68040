/** Browser entry: starts the background worker, mirrors its state and renders the app. */
import { createRoot } from 'react-dom/client';

import { portOverPostMessage } from '../background/sync/post-message-port';
import type { BackgroundMessage, ViewMessage } from '../background/sync/protocol';
import { App } from './App';
import { basenameFromBaseUri } from './base-path';
import { BackgroundClient } from './bridge/background-client';
import { createI18n } from './i18n/create-i18n';
import { RootStore } from './stores/root-store';
import { installGlobalStyles } from './theme/global-styles';

async function main(): Promise<void> {
  installGlobalStyles();
  const store = new RootStore();
  const client = new BackgroundClient(store);
  const worker = new Worker(new URL('../background/worker.ts', import.meta.url), {
    name: 'orrery-background',
  });
  // A worker that fails to load leaves the loader up; say why in the console.
  worker.addEventListener('error', (event) =>
    console.error('Orrery: the background worker failed', event.message),
  );
  client.connect(portOverPostMessage<BackgroundMessage, ViewMessage>(worker));

  // English is bundled, so this resolves at once; AppShell switches to the stored locale.
  const i18n = await createI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <App
      services={{ store, actions: client.actions }}
      i18n={i18n}
      basename={basenameFromBaseUri(document.baseURI)}
    />,
  );
}

main().catch((error: unknown) => console.error('Orrery failed to start', error));
