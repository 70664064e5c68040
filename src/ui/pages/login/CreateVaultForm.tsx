import { Check, Circle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions } from '../../app-context';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { failureMessage } from '../../view-models/action-errors';
import { newPasswordErrors, passwordRuleStates } from '../../view-models/password';
import styles from './LoginPage.module.css';

/** Step 1 of the local way in: a password that encrypts the vault, with its rules shown as they are met. */
export function CreateVaultForm() {
  const { t } = useTranslation();
  const actions = useActions();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = submitted ? newPasswordErrors(password, confirmation) : {};

  const rules = (
    <ul className={styles.rules} aria-label={t('login.rules.title')}>
      {passwordRuleStates(password).map(({ rule, met }) => (
        <li key={rule} className={met ? styles.ruleMet : styles.rule} data-met={met}>
          {met ? <Check aria-hidden="true" /> : <Circle aria-hidden="true" />}
          <span>{t(`login.rules.${rule}`)}</span>
          <span className="visually-hidden">
            {met ? t('login.rules.met') : t('login.rules.notMet')}
          </span>
        </li>
      ))}
    </ul>
  );

  return (
    <form
      className={styles.form}
      data-testid="create-vault-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        setFailure(null);
        const problems = newPasswordErrors(password, confirmation);
        if (problems.password || problems.confirmation) return;
        setBusy(true);
        actions
          .createNewVault(password)
          .catch((error: unknown) => {
            const { key, text } = failureMessage(error);
            setFailure(key ? t(key) : text);
          })
          .finally(() => setBusy(false));
      }}
    >
      <TextField
        label={t('login.password')}
        type="password"
        revealable
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        description={rules}
        error={errors.password ? t(errors.password) : null}
      />
      <TextField
        label={t('login.confirmPassword')}
        type="password"
        revealable
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={errors.confirmation ? t(errors.confirmation) : null}
      />
      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" variant="primary" fullWidth loading={busy}>
        {t('login.create')}
      </Button>
    </form>
  );
}
