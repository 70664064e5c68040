/**
 * Loaded on demand when a host's login finds no session: the login modal with its own mirrored
 * state (it must see the vault appear, the unlock, the first account), gone once the user is in
 * or closes it, so a dapp page view without a login subscribes to nothing.
 */
import { autorun, reaction } from 'mobx';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';

import type {
  BackgroundMessage,
  MessageChannelPort,
  ViewMessage,
} from '../../../background/contract/protocol';
import { AppServicesProvider } from '../../app-context';
import { BackgroundClient } from '../../bridge/background-client';
import { createI18n } from '../../i18n/create-i18n';
import { RootStore } from '../../stores/root-store';
import { applyTheme } from '../../theme/appearance';
import { hasSession } from '../../view-models/session';
import '../../theme/tokens.css';
import '../../theme/global.css';
import { LoginModal } from './LoginModal';

/** The spec's pause before the login modal hides after a successful login (part 1 §4). */
export const HIDE_AFTER_LOGIN_MS = 50;

/** Shows the modal; resolves true once the wallet has a session, false if the user closed it. */
export async function showLoginModal(options: {
  viewPort: MessageChannelPort<BackgroundMessage, ViewMessage>;
  origin: string;
}): Promise<boolean> {
  document.documentElement.dataset.surface = 'transparent';
  const store = new RootStore();
  const client = new BackgroundClient(store);
  client.connect(options.viewPort);
  const i18n = await createI18n();
  const stopAppearance = autorun(() => {
    const preferences = store.state?.PreferencesController;
    if (!preferences) return;
    applyTheme(preferences.theme);
    if (preferences.locale && i18n.language !== preferences.locale) {
      void i18n.changeLanguage(preferences.locale);
    }
    document.documentElement.lang = preferences.locale ?? 'en';
  });
  const container = document.createElement('div');
  container.id = 'embed-login-root';
  document.body.appendChild(container);
  const root = createRoot(container);
  return new Promise<boolean>((resolve) => {
    let stopSession = () => {};
    let finished = false;
    const finish = (entered: boolean) => {
      if (finished) return; // a close during the pause after the login changes nothing
      finished = true;
      stopSession();
      stopAppearance();
      root.unmount();
      container.remove();
      client.close(); // unsubscribes: the engine stops what it sent this view
      resolve(entered);
    };
    stopSession = reaction(
      () => (store.state ? hasSession(store.state) : false),
      (ready) => {
        if (ready) setTimeout(() => finish(true), HIDE_AFTER_LOGIN_MS);
      },
      { fireImmediately: true },
    );
    root.render(
      <I18nextProvider i18n={i18n}>
        <AppServicesProvider services={{ store, actions: client.actions }}>
          <LoginModal store={store} origin={options.origin} onClose={() => finish(false)} />
        </AppServicesProvider>
      </I18nextProvider>,
    );
  });
}
