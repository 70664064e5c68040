/**
 * The one mirrored view of the iframe's view port, shared by its modals (login, approval). A port
 * carries one state subscription (an `unsubscribe` ends it for every client on it) and each
 * BackgroundClient numbers its requests from 1, so two clients on one port would cut each other
 * off and take each other's answers. Connected at the first acquire, closed at the last release,
 * so nothing is mirrored while no modal is shown.
 */
import type { i18n } from 'i18next';
import { autorun } from 'mobx';

import type { RemoteActionApi } from '../../background/contract/action-api';
import type {
  BackgroundMessage,
  MessageChannelPort,
  ViewMessage,
} from '../../background/contract/protocol';
import { BackgroundClient } from '../bridge/background-client';
import { createI18n } from '../i18n/create-i18n';
import { RootStore } from '../stores/root-store';
import { applyTheme } from '../theme/appearance';

export interface SharedView {
  store: RootStore;
  actions: RemoteActionApi;
  i18n: i18n;
  /** This user is done; the last one closes the view (unsubscribes). Idempotent. */
  release(): void;
}

interface Connected {
  store: RootStore;
  client: BackgroundClient;
  i18n: Promise<i18n>;
  users: number;
  stopAppearance: () => void;
}

let connected: Connected | null = null;

export async function acquireView(
  viewPort: MessageChannelPort<BackgroundMessage, ViewMessage>,
): Promise<SharedView> {
  if (!connected) {
    const store = new RootStore();
    const client = new BackgroundClient(store);
    client.connect(viewPort);
    const view: Connected = {
      store,
      client,
      users: 0,
      stopAppearance: () => undefined,
      // The user's theme and language, as the wallet shows them.
      i18n: createI18n().then((instance) => {
        view.stopAppearance = autorun(() => {
          const preferences = store.state?.PreferencesController;
          if (!preferences) return;
          applyTheme(preferences.theme);
          if (preferences.locale && instance.language !== preferences.locale) {
            void instance.changeLanguage(preferences.locale);
          }
          document.documentElement.lang = preferences.locale ?? 'en';
        });
        return instance;
      }),
    };
    connected = view;
  }
  const view = connected;
  view.users++;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (--view.users > 0) return;
    view.stopAppearance();
    view.client.close(); // unsubscribes: the engine stops what it sent this view
    if (connected === view) connected = null;
  };
  try {
    return { store: view.store, actions: view.client.actions, i18n: await view.i18n, release };
  } catch (error) {
    release();
    throw error;
  }
}
