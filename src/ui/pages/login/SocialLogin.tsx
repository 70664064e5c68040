import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { SocialVerifier } from '../../../shared/api/login';
import { failureCode } from '../../../background/contract/errors';
import { useActions, useStore } from '../../app-context';
import { Spinner } from '../../components/Spinner';
import { isSocialVerifier, loginWithPopup } from '../../features/login/popup-login';
import { SecondFactorForm } from '../../features/tkey/SecondFactorForm';
import { sessionNamespaceOf } from '../../routes/navigation';
import { failureMessage } from '../../view-models/action-errors';
import type { LoginConfigItem } from '../../view-models/login-options';
import { EmailLoginForm } from './EmailLoginForm';
import { LoginOptions, loginItemOf, useLoginVerifiers } from './LoginOptions';
import styles from './LoginPage.module.css';

/**
 * Social and email sign-in on the login screen: a button per provider the deployment offers
 * (the popup flow), the email code form, a loader while the background rebuilds the key, and
 * the failure (the buttons are usable again at once). On success the keyring holds the key
 * and the route guard moves on to the wallet.
 */
export const SocialLogin = observer(function SocialLogin({
  items,
}: {
  /** The ways in to show, arranged by the caller (the embed's modal: the host's loginConfig). */
  items?: readonly LoginConfigItem[];
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const { ui } = useStore();
  const verifiers = useLoginVerifiers();
  const [busy, setBusy] = useState<SocialVerifier | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A threshold account on a new device: the social login was one factor, the form asks the second.
  if (ui.TKeyController.secondFactorNeeded) return <SecondFactorForm />;
  if (!verifiers.length) return null;
  const social = items
    ? items.filter((item) => item.verifier !== 'email_passwordless')
    : verifiers.filter((v) => v.flavour !== 'email').map(loginItemOf);
  const email = items
    ? items.some((item) => item.verifier === 'email_passwordless')
    : verifiers.some((v) => v.verifier === 'email_passwordless');

  const showFailure = (failure: unknown) => {
    if (failureCode(failure) === 'tkey.secondFactorNeeded') return; // the form above takes over
    const { key, text } = failureMessage(failure);
    setError(key ? t(key) : text);
  };

  return (
    <div className={styles.form} data-testid="social-login">
      {error && (
        <p className={styles.failure} role="alert">
          {error}
        </p>
      )}
      {busy && (
        <p className={styles.signingIn} role="status">
          <Spinner size={20} />
          {t('socialLogin.signingIn')}
        </p>
      )}
      <LoginOptions
        items={social}
        disabled={busy !== null}
        onChoose={(item) => {
          const { verifier } = item;
          if (!isSocialVerifier(verifier)) return;
          setBusy(verifier);
          setError(null);
          loginWithPopup(actions, verifier, {
            namespace: sessionNamespaceOf(window.location.search),
          })
            .catch(showFailure)
            .finally(() => setBusy(null));
        }}
      />
      {email && <EmailLoginForm disabled={busy !== null} />}
    </div>
  );
});
