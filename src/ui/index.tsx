/** Browser entry: reaches the wallet's one engine, mirrors its state and renders the app. */
import { toJS } from 'mobx';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { basenameFromBaseUri } from './base-path';
import { BackgroundClient } from './bridge/background-client';
import { connectToEngine } from './bridge/connect-engine';
import { createI18n } from './i18n/create-i18n';
import { RootStore } from './stores/root-store';
import './theme/tokens.css';
import './theme/global.css';

async function main(): Promise<void> {
  const store = new RootStore();
  const client = new BackgroundClient(store);
  const { wire, mode } = await connectToEngine();
  client.connect(wire.viewPort);
  // After a handover the next engine starts from storage: subscribe again for its snapshot.
  wire.onEngineChange(() => client.connect(wire.viewPort));
  document.documentElement.dataset.engineMode = mode;

  // Browser tests drive actions the screens do not offer yet. Exposes nothing a script of
  // this origin could not already reach through the engine's channel.
  if (new URLSearchParams(location.search).has('test-hooks')) {
    Object.assign(window, {
      orreryTestHooks: { actions: client.actions, state: () => toJS(store.ui) },
    });
  }

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
