/**
 * The embed's login modal (views.md §3.5 item 3): shown when a host's login() finds the wallet
 * without a session. It offers the wallet's own way in, the same forms as the login page
 * (create a vault, unlock, add a first account); social login buttons join when that work lands.
 * Closing it (Esc, the close button) tells the host the user closed the login.
 */
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { AddAccountForms } from '../../features/accounts/AddAccountForms';
import { CreateVaultForm } from '../../pages/login/CreateVaultForm';
import { UnlockForm } from '../../pages/login/UnlockForm';
import type { RootStore } from '../../stores/root-store';
import { sessionStatus } from '../../view-models/session';

export interface LoginModalProps {
  store: RootStore;
  origin: string;
  onClose(): void;
}

export const LoginModal = observer(function LoginModal({
  store,
  origin,
  onClose,
}: LoginModalProps) {
  const { t } = useTranslation();
  const status = store.state ? sessionStatus(store.state) : 'selecting';
  const step =
    status === 'noVault'
      ? 'create'
      : status === 'locked'
        ? 'unlock'
        : status === 'noAccount'
          ? 'account'
          : 'opening';
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t(`embedLogin.title.${step}`)}
      description={t('embedLogin.from', { origin })}
    >
      <div data-testid="embed-login" data-step={status}>
        {step === 'create' && <CreateVaultForm />}
        {step === 'unlock' && <UnlockForm />}
        {step === 'account' && <AddAccountForms onAdded={() => undefined} />}
        {step === 'opening' && (
          <p role="status" aria-busy="true">
            <Spinner size={24} /> {t('embedLogin.opening')}
          </p>
        )}
      </div>
    </Dialog>
  );
});
