import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { loginStartFromQuery } from '../../features/login/popup-channel';
import { usePageTitle } from '../../hooks/use-page-title';
import { VERIFIER_NAMES } from './LoginOptions';
import styles from './LoginPage.module.css';

/**
 * R2 /start: the login popup's first page. The wallet page that starts a social login opens the
 * popup here at once, on the user's click (so no popup blocker stops it, and the user sees the
 * wallet's loader rather than a blank window), and points it at the identity provider as soon as
 * the background has started the login (features/login/popup-login.ts). Opened with a query
 * that names no provider the wallet offers, it says so (the spec's 'Invalid params') and offers
 * to close the window.
 */
export default function LoginStartPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const provider = loginStartFromQuery(useLocation().search);
  if (!provider) {
    return (
      <section className={styles.opening} data-testid="login-start">
        <p role="alert">{t('socialLogin.start.invalidParams')}</p>
        <Button variant="primary" onClick={() => window.close()}>
          {t('socialLogin.start.close')}
        </Button>
      </section>
    );
  }
  return (
    <section className={styles.opening} aria-busy data-testid="login-start">
      <Spinner size={32} />
      <p role="status">{t('socialLogin.start.opening', { name: VERIFIER_NAMES[provider] })}</p>
    </section>
  );
}
