import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions } from '../../app-context';
import { Button } from '../../components/Button';
import { TextAreaField, TextField } from '../../components/TextField';
import { failureMessage } from '../../view-models/action-errors';
import styles from '../../pages/login/LoginPage.module.css';

/**
 * The new-device step of a threshold account (views.md §3.4): the social login was one factor;
 * the password or the backup phrase is the second. The background opens the account and makes
 * this browser a factor, so the next sign-in here needs no second factor.
 */
export function SecondFactorForm() {
  const { t } = useTranslation();
  const actions = useActions();
  const [password, setPassword] = useState('');
  const [phrase, setPhrase] = useState('');
  const [busy, setBusy] = useState<'password' | 'phrase' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (kind: 'password' | 'phrase') => {
    setBusy(kind);
    setError(null);
    actions
      .finishWithSecondFactor(kind === 'password' ? { password } : { phrase: phrase.trim() })
      .catch((failure: unknown) => {
        const { key, text } = failureMessage(failure);
        setError(key ? t(key) : text);
      })
      .finally(() => setBusy(null));
  };

  return (
    <section
      className={styles.form}
      aria-labelledby="second-factor-title"
      data-testid="second-factor"
    >
      <h2 id="second-factor-title" className={styles.optionsTitle}>
        {t('thresholdKey.newDevice.title')}
      </h2>
      <p className={styles.subtitle}>{t('thresholdKey.newDevice.explain')}</p>
      {error && (
        <p className={styles.failure} role="alert">
          {error}
        </p>
      )}
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (password) submit('password');
        }}
      >
        <TextField
          label={t('thresholdKey.password')}
          type="password"
          autoComplete="current-password"
          revealable
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button
          type="submit"
          variant="primary"
          fullWidth
          loading={busy === 'password'}
          disabled={busy !== null || !password}
        >
          {t('thresholdKey.newDevice.withPassword')}
        </Button>
      </form>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (phrase.trim()) submit('phrase');
        }}
      >
        <TextAreaField
          label={t('thresholdKey.phrase')}
          description={t('thresholdKey.newDevice.phraseHelp')}
          autoComplete="off"
          spellCheck={false}
          rows={3}
          value={phrase}
          onChange={(event) => setPhrase(event.target.value)}
        />
        <Button
          type="submit"
          fullWidth
          loading={busy === 'phrase'}
          disabled={busy !== null || !phrase.trim()}
        >
          {t('thresholdKey.newDevice.withPhrase')}
        </Button>
      </form>
    </section>
  );
}
