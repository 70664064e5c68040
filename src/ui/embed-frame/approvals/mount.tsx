/**
 * Loaded on demand by the embed iframe when one of the host's requests waits for the user: the
 * view (mirrored state, React, the approval modal) exists only while it is shown, so a dapp
 * page view with nothing to approve subscribes to nothing and starts no polling.
 */
import { autorun } from 'mobx';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';

import type {
  BackgroundMessage,
  MessageChannelPort,
  ViewMessage,
} from '../../../background/contract/protocol';
import { BackgroundClient } from '../../bridge/background-client';
import { createI18n } from '../../i18n/create-i18n';
import { RootStore } from '../../stores/root-store';
import { applyTheme } from '../../theme/appearance';
import '../../theme/tokens.css';
import '../../theme/global.css';
import { ApprovalModal } from './ApprovalModal';

export interface MountedModal {
  close(): void;
}

export async function mountApprovalModal(options: {
  viewPort: MessageChannelPort<BackgroundMessage, ViewMessage>;
  origin: string;
  walletUrl: string;
}): Promise<MountedModal> {
  document.documentElement.dataset.surface = 'transparent';
  const store = new RootStore();
  const client = new BackgroundClient(store);
  client.connect(options.viewPort);
  const i18n = await createI18n();
  // The user's theme and language, as the wallet shows them.
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
  container.id = 'root';
  document.body.appendChild(container);
  const root = createRoot(container);
  root.render(
    <I18nextProvider i18n={i18n}>
      <ApprovalModal
        store={store}
        actions={client.actions}
        origin={options.origin}
        walletUrl={options.walletUrl}
      />
    </I18nextProvider>,
  );
  return {
    close() {
      stopAppearance();
      root.unmount();
      container.remove();
      client.close(); // unsubscribes: the engine stops what it polled for this view
    },
  };
}
