import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions } from '../../app-context';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { loginEndUri } from '../../features/login/popup-channel';
import { failureMessage } from '../../view-models/action-errors';
import styles from './LoginPage.module.css';

// The spec's email check ('Invalid email address'); the server checks again.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
const CODE = /^\d{6}$/u;

/**
 * Email passwordless: the address gets a 6-digit code and a magic link (spec part 1 §1); the
 * code typed here finishes the login in the background, which kept the login's PKCE verifier.
 */
export function EmailLoginForm({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const actions = useActions();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<{ loginId: string; email: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fail = (failure: unknown) => {
    const { key, text } = failureMessage(failure);
    // The server's words for a wrong code, in the user's language.
    if (!key && /incorrect verification code/iu.test(text))
      return setError(t('socialLogin.email.wrongCode'));
    if (!key && /verification code has expired/iu.test(text))
      return setError(t('socialLogin.email.codeExpired'));
    if (!key && /invalid email/iu.test(text)) return setError(t('socialLogin.email.invalid'));
    if (!key && /verify your email first/iu.test(text))
      return setError(t('socialLogin.email.verifyFirst'));
    setError(key ? t(key) : text);
  };

  if (!sent)
    return (
      <form
        className={styles.form}
        aria-labelledby="email-login-title"
        data-testid="email-login"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const address = email.trim();
          if (!EMAIL.test(address)) return setError(t('socialLogin.email.invalid'));
          setBusy(true);
          setError(null);
          actions
            .startEmailLogin(address, loginEndUri())
            .then(({ loginId }) => setSent({ loginId, email: address }))
            .catch(fail)
            .finally(() => setBusy(false));
        }}
      >
        <h2 id="email-login-title" className={styles.optionsTitle}>
          {t('socialLogin.email.title')}
        </h2>
        <TextField
          label={t('socialLogin.email.address')}
          type="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="secondary" fullWidth loading={busy} disabled={disabled}>
          {t('socialLogin.email.send')}
        </Button>
      </form>
    );

  return (
    <form
      className={styles.form}
      aria-labelledby="email-login-title"
      data-testid="email-login"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!CODE.test(code.trim())) return setError(t('socialLogin.email.codeRule'));
        setBusy(true);
        setError(null);
        actions
          .finishEmailLogin(sent.loginId, code.trim())
          .catch(fail)
          .finally(() => setBusy(false));
      }}
    >
      <h2 id="email-login-title" className={styles.optionsTitle}>
        {t('socialLogin.email.title')}
      </h2>
      <p role="status">{t('socialLogin.email.sent', { email: sent.email })}</p>
      <TextField
        label={t('socialLogin.email.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" variant="primary" fullWidth loading={busy} disabled={disabled}>
        {t('socialLogin.email.signIn')}
      </Button>
      <Button
        type="button"
        variant="secondary"
        fullWidth
        disabled={disabled || busy}
        onClick={() => {
          // The magic link was opened (here or on another device): no code needed.
          setBusy(true);
          setError(null);
          actions
            .finishEmailLogin(sent.loginId)
            .catch(fail)
            .finally(() => setBusy(false));
        }}
      >
        {t('socialLogin.email.linkOpened')}
      </Button>
      <Button
        type="button"
        variant="ghost"
        fullWidth
        onClick={() => {
          setSent(null);
          setCode('');
          setError(null);
        }}
      >
        {t('socialLogin.email.other')}
      </Button>
    </form>
  );
}
