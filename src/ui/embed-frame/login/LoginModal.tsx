/**
 * The embed's login modal (views.md §3.5 item 3): shown when a host's login() finds the wallet
 * without a session. It offers the wallet's own way in, the same forms as the login page
 * (create a vault, unlock, add a first account), and the social and email sign-in ways the
 * deployment offers, arranged by the host's loginConfig (./modal-options.ts). Closing it (Esc, the close button) tells the host the user closed the login.
 */
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { AddAccountForms } from '../../features/accounts/AddAccountForms';
import { CreateVaultForm } from '../../pages/login/CreateVaultForm';
import { SocialLogin } from '../../pages/login/SocialLogin';
import { UnlockForm } from '../../pages/login/UnlockForm';
import type { RootStore } from '../../stores/root-store';
import type { LoginConfigItem } from '../../view-models/login-options';
import { sessionStatus } from '../../view-models/session';
import { modalLoginItems } from './modal-options';

export interface LoginModalProps {
  store: RootStore;
  origin: string;
  /** The host's loginConfig, parsed (init-config.ts). */
  loginConfig: Readonly<Record<string, LoginConfigItem>>;
  onClose(): void;
}

export const LoginModal = observer(function LoginModal({
  store,
  origin,
  loginConfig,
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
        {step !== 'opening' && (
          <SocialLogin
            items={modalLoginItems(store.state?.LoginController.verifiers ?? [], loginConfig)}
          />
        )}
        {step === 'opening' && (
          <p role="status" aria-busy="true">
            <Spinner size={24} /> {t('embedLogin.opening')}
          </p>
        )}
      </div>
    </Dialog>
  );
});
