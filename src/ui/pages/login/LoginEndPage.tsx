import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Spinner } from '../../components/Spinner';
import { loginEndFromQuery } from '../../features/login/popup-channel';
import { usePageTitle } from '../../hooks/use-page-title';
import styles from './LoginPage.module.css';

/**
 * R3 /end: where the identity provider sends the login popup back. Hands the answer to the
 * wallet page that opened the popup (postMessage to the wallet's own origin only) and closes;
 * the opener's background finishes the login. Opened any other way, it says so.
 */
export default function LoginEndPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const [orphan, setOrphan] = useState(false);
  useEffect(() => {
    const message = loginEndFromQuery(window.location.search);
    const opener = window.opener as Window | null;
    if (!message || !opener) {
      setOrphan(true);
      return;
    }
    opener.postMessage(message, window.location.origin);
    window.close();
  }, []);
  return (
    <section className={styles.opening} aria-busy={!orphan} data-testid="login-end">
      {orphan ? (
        <p role="alert">{t('socialLogin.endOrphan')}</p>
      ) : (
        <>
          <Spinner size={32} />
          <p role="status">{t('socialLogin.signingIn')}</p>
        </>
      )}
    </section>
  );
}
