import { observer } from 'mobx-react-lite';
import { LockKeyhole, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { useStore } from '../../app-context';
import { Brand } from '../../components/Brand';
import { LanguageSelect } from '../../components/LanguageSelect';
import { Spinner } from '../../components/Spinner';
import { ThemeToggle } from '../../components/ThemeToggle';
import { AddAccountForms } from '../../features/accounts/AddAccountForms';
import { usePageTitle } from '../../hooks/use-page-title';
import { useProductName } from '../../hooks/use-product-name';
import { hasSession, sessionStatus } from '../../view-models/session';
import { sessionNamespaceOf } from '../../routes/navigation';
import { CreateVaultForm } from './CreateVaultForm';
import styles from './LoginPage.module.css';
import { SocialLogin } from './SocialLogin';
import { UnlockForm } from './UnlockForm';

/**
 * The login screen (/, /logout and any unknown path): social and email sign-in where the
 * deployment offers it (SocialLogin), and the local way in: create a vault with a password, add
 * a first account, unlock after a reload. A locked
 * wallet always lands here, never on a half-empty home. Once there is a session, the route's
 * guard sends the user on (?redirect= or /wallet).
 */
export const LoginPage = observer(function LoginPage({
  loggedOut = false,
}: {
  loggedOut?: boolean;
}) {
  const { t } = useTranslation();
  const { ui } = useStore();
  const product = useProductName();
  usePageTitle(t('login.title'));
  const status = sessionStatus(ui);
  // Open for another namespace's login (a white-label host's): this page signs in for itself.
  const otherSession =
    status === 'ready' && !hasSession(ui, sessionNamespaceOf(window.location.search));
  const offersLogin = ui.LoginController.verifiers.length > 0;

  const step =
    status === 'noVault'
      ? {
          title: t('login.createTitle'),
          subtitle: t('login.createSubtitle'),
          body: <CreateVaultForm />,
        }
      : status === 'locked'
        ? {
            title: t('login.unlockTitle'),
            subtitle: t('login.unlockSubtitle'),
            body: <UnlockForm />,
          }
        : otherSession
          ? { title: t('login.title'), subtitle: t('loginSession.otherSession'), body: null }
          : status === 'noAccount'
            ? {
                title: t('login.firstAccountTitle'),
                subtitle: t('login.firstAccountSubtitle'),
                body: <AddAccountForms onAdded={() => undefined} />,
              }
            : {
                title: t('login.loader'),
                subtitle: null,
                body: (
                  <div className={styles.opening} aria-busy="true">
                    <Spinner size={32} />
                  </div>
                ),
              };

  return (
    <div className={styles.page} data-testid="login-page" data-step={status}>
      <header className={styles.header}>
        <Brand size={32} />
        <div className={styles.controls}>
          <LanguageSelect compact />
          <ThemeToggle />
        </div>
      </header>
      <main className={styles.main} id="main">
        <section className={styles.hero}>
          <p className={styles.heroTitle}>{t('login.heading', { product })}</p>
          <p className={styles.heroText}>{t('login.subtitle')}</p>
        </section>
        <div className={styles.card}>
          {loggedOut && (
            <p className={styles.notice} role="status">
              {t('login.beenLoggedOut')}
            </p>
          )}
          <div className={styles.stepHeader}>
            <span className={styles.stepIcon} aria-hidden="true">
              {status === 'locked' ? <LockKeyhole /> : <ShieldCheck />}
            </span>
            <h1 className={styles.title}>{step.title}</h1>
            {step.subtitle && <p className={styles.subtitle}>{step.subtitle}</p>}
          </div>
          {/* A threshold account's new-device step (in SocialLogin) replaces the local way in. */}
          {!ui.TKeyController.secondFactorNeeded && step.body}
          {(status === 'noVault' ||
            status === 'locked' ||
            status === 'noAccount' ||
            otherSession) && <SocialLogin />}
          <p className={styles.footnote}>
            {offersLogin ? t('loginSession.footnoteSocial') : t('login.localOnly', { product })}
          </p>
        </div>
      </main>
    </div>
  );
});

export default LoginPage;
