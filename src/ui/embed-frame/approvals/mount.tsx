/**
 * Loaded on demand by the embed iframe when one of the host's requests waits for the user: the
 * view (mirrored state, React, the approval modal) exists only while it is shown, so a dapp
 * page view with nothing to approve subscribes to nothing and starts no polling.
 */
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';

import type {
  BackgroundMessage,
  MessageChannelPort,
  ViewMessage,
} from '../../../background/contract/protocol';
import '../../theme/tokens.css';
import '../../theme/global.css';
import { acquireView } from '../shared-view';
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
  // Shared with the login modal should both be shown at once (./shared-view.ts).
  const view = await acquireView(options.viewPort);
  const container = document.createElement('div');
  container.id = 'root';
  document.body.appendChild(container);
  const root = createRoot(container);
  root.render(
    <I18nextProvider i18n={view.i18n}>
      <ApprovalModal
        store={view.store}
        actions={view.actions}
        origin={options.origin}
        walletUrl={options.walletUrl}
      />
    </I18nextProvider>,
  );
  return {
    close() {
      root.unmount();
      container.remove();
      view.release();
    },
  };
}
