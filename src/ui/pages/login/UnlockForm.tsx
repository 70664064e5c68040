import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions } from '../../app-context';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { failureMessage } from '../../view-models/action-errors';
import styles from './LoginPage.module.css';

/** Unlocks the vault after a reload, a lock or a log out. A wrong password changes nothing. */
export function UnlockForm() {
  const { t } = useTranslation();
  const actions = useActions();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className={styles.form}
      data-testid="unlock-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!password) return setError(t('login.errors.passwordRequired'));
        setBusy(true);
        setError(null);
        actions
          .submitPassword(password)
          .catch((failure: unknown) => {
            const { key, text } = failureMessage(failure);
            setError(key ? t(key) : text);
          })
          .finally(() => setBusy(false));
      }}
    >
      <TextField
        label={t('login.password')}
        type="password"
        revealable
        autoComplete="current-password"
        autoFocus
        value={password}
        error={error}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" variant="primary" fullWidth loading={busy}>
        {t('login.unlock')}
      </Button>
    </form>
  );
}
