import { observer } from 'mobx-react-lite';
import { Download, Star } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { useNotify } from '../../toasts/toast-context';
import { accountRows } from '../../view-models/accounts';
import { ExportKeystoreDialog } from '../accounts/ExportKeystoreDialog';
import styles from './Settings.module.css';

/**
 * Privacy and security (views.md §3.13 S1, V1 part): the selected account's details (address,
 * type, whether it is the default account) with "make default" and "download wallet" (an
 * encrypted keystore file). The raw private key is never shown (the engine returns no secret);
 * custom key and tKey settings belong to the login issue.
 */
export const PrivacySettings = observer(function PrivacySettings() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const row = accountRows(ui).find((account) => account.selected);
  if (!row) return null;
  return (
    <Card aria-labelledby="settings-privacy" data-testid="privacy-settings">
      <h2 id="settings-privacy" className={styles.heading}>
        {t('walletPrivacy.title')}
      </h2>
      <dl className={styles.details}>
        <div>
          <dt>{t('walletPrivacy.address')}</dt>
          <dd className={styles.address} data-testid="privacy-address">
            {row.address}
          </dd>
        </div>
        <div>
          <dt>{t('walletPrivacy.type')}</dt>
          <dd>{t(`accountMenu.types.${row.accountType}`, { defaultValue: row.accountType })}</dd>
        </div>
        <div>
          <dt>{t('walletPrivacy.defaultAccount')}</dt>
          <dd data-testid="privacy-default">
            {row.isDefault ? t('walletPrivacy.isDefault') : t('walletPrivacy.notDefault')}
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button
          icon={<Star aria-hidden="true" />}
          disabled={row.isDefault}
          onClick={() => {
            void notify.outcome(actions.setDefaultPublicAddress(row.address), {
              success: 'accountMenu.defaultSet',
              failure: 'accountMenu.defaultFailed',
            });
          }}
        >
          {t('walletPrivacy.makeDefault')}
        </Button>
        <Button
          ref={downloadButton}
          icon={<Download aria-hidden="true" />}
          onClick={() => setExporting(true)}
        >
          {t('walletPrivacy.downloadWallet')}
        </Button>
      </div>
      <p className={styles.muted}>{t('walletPrivacy.noRawKey')}</p>
      <ExportKeystoreDialog
        address={row.address}
        open={exporting}
        onOpenChange={setExporting}
        returnFocusTo={downloadButton}
        onExported={() => {
          setExporting(false);
          notify.success('accountMenu.exported');
        }}
      />
    </Card>
  );
});
