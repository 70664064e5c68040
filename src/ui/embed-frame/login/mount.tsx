/**
 * Loaded on demand when a host's login finds no session: the login modal with its own mirrored
 * state (it must see the vault appear, the unlock, the first account), gone once the user is in
 * or closes it, so a dapp page view without a login subscribes to nothing.
 */
import { reaction } from 'mobx';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';

import type {
  BackgroundMessage,
  MessageChannelPort,
  ViewMessage,
} from '../../../background/contract/protocol';
import { AppServicesProvider } from '../../app-context';
import type { LoginConfigItem } from '../../view-models/login-options';
import { hasSession } from '../../view-models/session';
import '../../theme/tokens.css';
import '../../theme/global.css';
import { acquireView } from '../shared-view';
import { LoginModal } from './LoginModal';

/** The spec's pause before the login modal hides after a successful login (part 1 §4). */
export const HIDE_AFTER_LOGIN_MS = 50;

/** Shows the modal; resolves true once the wallet has a session, false if the user closed it. */
export async function showLoginModal(options: {
  viewPort: MessageChannelPort<BackgroundMessage, ViewMessage>;
  origin: string;
  loginConfig: Readonly<Record<string, LoginConfigItem>>;
}): Promise<boolean> {
  document.documentElement.dataset.surface = 'transparent';
  // Shared with the approval modal should both be shown at once (../shared-view.ts).
  const view = await acquireView(options.viewPort);
  const { store } = view;
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
      root.unmount();
      container.remove();
      view.release();
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
      <I18nextProvider i18n={view.i18n}>
        <AppServicesProvider services={{ store, actions: view.actions }}>
          <LoginModal
            store={store}
            origin={options.origin}
            loginConfig={options.loginConfig}
            onClose={() => finish(false)}
          />
        </AppServicesProvider>
      </I18nextProvider>,
    );
  });
}
