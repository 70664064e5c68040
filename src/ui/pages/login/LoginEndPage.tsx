import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions } from '../../app-context';
import { Spinner } from '../../components/Spinner';
import { loginEndFromQuery, magicLinkFromQuery } from '../../features/login/popup-channel';
import { usePageTitle } from '../../hooks/use-page-title';
import styles from './LoginPage.module.css';

type EndState =
  | { kind: 'handing' }
  | { kind: 'orphan' }
  | { kind: 'checkingLink' }
  | { kind: 'linkVerified'; email: string }
  | { kind: 'linkFailed' };

/**
 * R3 /end: where the identity provider sends the login popup back. Hands the answer to the
 * wallet page that opened the popup (postMessage to the wallet's own origin only) and closes;
 * the opener's background finishes the login. A magic link (?magic_link=) lands here too, in
 * any browser: it marks the email verified, and the browser that asked finishes the login.
 */
export default function LoginEndPage() {
  const { t } = useTranslation();
  const actions = useActions();
  usePageTitle(t('login.title'));
  const [state, setState] = useState<EndState>({ kind: 'handing' });
  useEffect(() => {
    const magicLink = magicLinkFromQuery(window.location.search);
    if (magicLink) {
      setState({ kind: 'checkingLink' });
      actions.verifyMagicLink(magicLink).then(
        ({ email }) => setState({ kind: 'linkVerified', email }),
        () => setState({ kind: 'linkFailed' }),
      );
      return;
    }
    const message = loginEndFromQuery(window.location.search);
    const opener = window.opener as Window | null;
    if (!message || !opener) {
      setState({ kind: 'orphan' });
      return;
    }
    opener.postMessage(message, window.location.origin);
    window.close();
  }, [actions]);

  const busy = state.kind === 'handing' || state.kind === 'checkingLink';
  return (
    <section className={styles.opening} aria-busy={busy} data-testid="login-end">
      {busy && <Spinner size={32} />}
      {state.kind === 'handing' && <p role="status">{t('socialLogin.signingIn')}</p>}
      {state.kind === 'checkingLink' && <p role="status">{t('socialLogin.magic.checking')}</p>}
      {state.kind === 'linkVerified' && (
        <p role="status">{t('socialLogin.magic.verified', { email: state.email })}</p>
      )}
      {state.kind === 'linkFailed' && <p role="alert">{t('socialLogin.magic.failed')}</p>}
      {state.kind === 'orphan' && <p role="alert">{t('socialLogin.endOrphan')}</p>}
    </section>
  );
}
