import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { isStrongPassword } from '../../../shared/password-rules';
import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/TextField';
import { failureMessage } from '../../view-models/action-errors';
import styles from '../settings/Settings.module.css';

/** A password and its retype, checked by the spec's rules before the background checks again. */
function usePasswordPair() {
  const [password, setPassword] = useState('');
  const [retype, setRetype] = useState('');
  const problem = !isStrongPassword(password)
    ? 'login.errors.passwordWeak'
    : password !== retype
      ? 'thresholdKey.errors.mismatch'
      : null;
  return { password, setPassword, retype, setRetype, problem };
}

/**
 * Settings' "Login factors" card (views.md §4.12): for a social login's normal account, make it a
 * threshold account (this browser + a password); for a threshold account, the factors, set or
 * change the password, export the backup phrase (behind the password) and remove a device.
 */
export const ThresholdSettings = observer(function ThresholdSettings() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const userInfo = ui.LoginController.userInfo;
  const factors = ui.TKeyController.factors;
  const pair = usePasswordPair();
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirmPassword, setConfirmPassword] = useState('');
  const [phrase, setPhrase] = useState<string | null>(null);
  if (!userInfo) return null;
  const hasPassword = factors.some((f) => f.type === 'password');

  const run = (work: Promise<unknown>, success: string) => {
    setBusy(true);
    setError(null);
    setDone(null);
    return work
      .then(() => {
        setDone(t(success));
        pair.setPassword('');
        pair.setRetype('');
        setTried(false);
      })
      .catch((failure: unknown) => {
        const { key, text } = failureMessage(failure);
        setError(key ? t(key) : text);
        throw failure;
      })
      .finally(() => setBusy(false));
  };
  const submitPassword = (event: FormEvent, create: boolean) => {
    event.preventDefault();
    setTried(true);
    if (pair.problem) return;
    const work = create
      ? actions.createThresholdAccount(pair.password)
      : actions.setTKeyPassword(pair.password);
    void run(
      work,
      create ? 'thresholdKey.settings.created' : 'thresholdKey.settings.passwordSet',
    ).catch(() => undefined);
  };
  const passwordFields = (
    <>
      <TextField
        label={t('thresholdKey.password')}
        type="password"
        autoComplete="new-password"
        revealable
        description={t('thresholdKey.passwordRules')}
        value={pair.password}
        error={tried && pair.problem ? t(pair.problem) : null}
        onChange={(event) => pair.setPassword(event.target.value)}
      />
      <TextField
        label={t('thresholdKey.retype')}
        type="password"
        autoComplete="new-password"
        value={pair.retype}
        onChange={(event) => pair.setRetype(event.target.value)}
      />
    </>
  );
  const status = (
    <>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className={styles.muted} role="status">
          {done}
        </p>
      )}
    </>
  );

  if (userInfo.accountType !== 'threshold')
    return (
      <Card aria-labelledby="settings-tkey">
        <h2 id="settings-tkey" className={styles.heading}>
          {t('thresholdKey.settings.title')}
        </h2>
        <p className={styles.muted}>{t('thresholdKey.settings.createExplain')}</p>
        {status}
        <form className={styles.form} noValidate onSubmit={(e) => submitPassword(e, true)}>
          {passwordFields}
          <Button type="submit" variant="primary" loading={busy}>
            {t('thresholdKey.settings.create')}
          </Button>
        </form>
      </Card>
    );

  return (
    <Card aria-labelledby="settings-tkey">
      <h2 id="settings-tkey" className={styles.heading}>
        {t('thresholdKey.settings.title')}
      </h2>
      {status}
      <ul className={styles.list} aria-label={t('thresholdKey.settings.factors')}>
        {factors.map((factor) => (
          <li key={factor.id} className={styles.row}>
            <div className={styles.rowText}>
              <span className={styles.rowTitle}>
                {t(`thresholdKey.factor.${factor.type}`)}
                {factor.thisDevice ? ` (${t('thresholdKey.settings.thisDevice')})` : ''}
              </span>
              {factor.label && <span className={styles.rowMeta}>{factor.label}</span>}
            </div>
            {factor.type === 'device' && (
              <div className={styles.rowActions}>
                <ConfirmDialog
                  trigger={
                    <Button size="sm" variant="danger">
                      {t('thresholdKey.settings.removeDevice')}
                    </Button>
                  }
                  title={t('thresholdKey.settings.removeDevice')}
                  description={t('thresholdKey.settings.removeExplain')}
                  confirmLabel={t('thresholdKey.settings.removeDevice')}
                  destructive
                  onConfirm={() =>
                    run(actions.removeTKeyFactor(factor.id), 'thresholdKey.settings.removed')
                  }
                />
              </div>
            )}
          </li>
        ))}
      </ul>

      <form className={styles.form} noValidate onSubmit={(e) => submitPassword(e, false)}>
        <h3 className={styles.heading}>
          {hasPassword
            ? t('thresholdKey.settings.changePassword')
            : t('thresholdKey.settings.addPassword')}
        </h3>
        {passwordFields}
        <Button type="submit" loading={busy}>
          {hasPassword
            ? t('thresholdKey.settings.changePassword')
            : t('thresholdKey.settings.addPassword')}
        </Button>
      </form>

      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          actions
            .exportBackupPhrase(hasPassword ? { password: confirmPassword } : { confirmed: true })
            .then((words) => {
              setPhrase(words);
              setConfirmPassword('');
            })
            .catch((failure: unknown) => {
              const { key, text } = failureMessage(failure);
              setError(key ? t(key) : text);
            })
            .finally(() => setBusy(false));
        }}
      >
        <h3 className={styles.heading}>{t('thresholdKey.settings.exportPhrase')}</h3>
        <p className={styles.muted}>{t('thresholdKey.settings.exportExplain')}</p>
        {hasPassword && (
          <TextField
            label={t('thresholdKey.settings.confirmPassword')}
            type="password"
            autoComplete="current-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
        )}
        <Button type="submit" loading={busy} disabled={hasPassword && !confirmPassword}>
          {t('thresholdKey.settings.showPhrase')}
        </Button>
        {phrase && (
          <p
            className={styles.rowMono}
            aria-label={t('thresholdKey.phrase')}
            data-testid="backup-phrase"
          >
            {phrase}
          </p>
        )}
      </form>
    </Card>
  );
});
