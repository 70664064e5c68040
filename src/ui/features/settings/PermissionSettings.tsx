import { observer } from 'mobx-react-lite';
import { Plus, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useNotify } from '../../toasts/toast-context';
import { shortenAddress } from '../../view-models/accounts';
import { permissionRows, siteOrigin } from '../../view-models/settings';
import styles from './Settings.module.css';

const PERIODS = ['hour', 'week', 'month', 'year'] as const;

/**
 * DApp permissions (views.md §3.13 S6): the sites that may see an account, until when, with
 * revoke; and granting a site by hand for a period (G19).
 */
export const PermissionSettings = observer(function PermissionSettings() {
  const { t, i18n } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const notify = useNotify();
  const rows = permissionRows(ui, Date.now());
  const selected = ui.PreferencesController.selectedAddress ?? '';
  const accounts = ui.KeyringController.accounts.map(({ address }) => address.toLowerCase());
  const [site, setSite] = useState('');
  // null until the user picks one: the picker follows the selected account until then.
  const [account, setAccount] = useState<string | null>(null);
  const [period, setPeriod] = useState<string>('week');
  const [siteError, setSiteError] = useState<string | null>(null);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const chosenAccount = account && accounts.includes(account) ? account : selected;

  const grant = async () => {
    const origin = siteOrigin(site);
    if (!origin) {
      setSiteError(t('walletSettings.errors.invalidSite'));
      return;
    }
    setSiteError(null);
    const done = await notify.outcome(actions.grantPermissions(origin, [chosenAccount], period), {
      success: 'walletSettings.permissionGranted',
      failure: 'walletSettings.permissionGrantFailed',
    });
    if (done) setSite('');
  };

  return (
    <Card aria-labelledby="settings-permissions">
      <h2 id="settings-permissions" className={styles.heading}>
        {t('walletSettings.sections.permissions')}
      </h2>
      <p className={styles.muted}>{t('walletSettings.dappPermissionDesc')}</p>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('walletSettings.noPermissions')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('walletSettings.grantedSites')}>
          {rows.map((row) => (
            <li
              key={row.origin}
              className={[styles.row, row.expired ? styles.expired : ''].join(' ')}
              data-testid="permission-row"
            >
              <div className={styles.rowText}>
                <span className={styles.rowTitle}>{row.origin}</span>
                <span className={styles.rowMeta}>
                  {t(`walletSettings.periods.${row.period}`)} ·{' '}
                  {row.expired
                    ? t('walletSettings.expired')
                    : t('walletSettings.expires', { date: dateFormat.format(row.expiresAt) })}
                </span>
                <span className={styles.rowMono}>
                  {row.accounts.map((address) => shortenAddress(address)).join(', ')}
                </span>
              </div>
              <ConfirmDialog
                trigger={
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={<ShieldOff aria-hidden="true" />}
                    aria-label={t('walletSettings.revokeNamed', { name: row.origin })}
                  >
                    {t('walletSettings.revoke')}
                  </Button>
                }
                title={t('walletSettings.revokeTitle')}
                description={t('walletSettings.revokeBody', { name: row.origin })}
                confirmLabel={t('walletSettings.revoke')}
                destructive
                onConfirm={async () => {
                  const done = await notify.outcome(actions.revokePermissions(row.origin), {
                    success: 'walletSettings.permissionRevoked',
                    failure: 'walletSettings.permissionRevokeFailed',
                  });
                  if (!done) throw new Error('not revoked');
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <form
        className={styles.inlineForm}
        noValidate
        data-testid="grant-form"
        aria-label={t('walletSettings.grantSite')}
        onSubmit={(event) => {
          event.preventDefault();
          void grant();
        }}
      >
        <TextField
          label={t('walletSettings.site')}
          placeholder="https://app.example"
          autoComplete="off"
          spellCheck={false}
          value={site}
          error={siteError}
          onChange={(event) => setSite(event.target.value)}
        />
        <Select
          label={t('walletSettings.account')}
          value={chosenAccount}
          options={accounts.map((address) => ({ value: address, label: shortenAddress(address) }))}
          onValueChange={setAccount}
        />
        <Select
          label={t('walletSettings.period')}
          value={period}
          options={PERIODS.map((value) => ({
            value,
            label: t(`walletSettings.periods.${value}`),
          }))}
          onValueChange={setPeriod}
        />
        <Button type="submit" variant="primary" icon={<Plus aria-hidden="true" />}>
          {t('walletSettings.grant')}
        </Button>
      </form>
    </Card>
  );
});
