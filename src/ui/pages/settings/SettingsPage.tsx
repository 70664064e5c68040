import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '../../components/Card';
import { ContactSettings } from '../../features/settings/ContactSettings';
import { CrashReportSettings } from '../../features/settings/CrashReportSettings';
import { NetworkSettings } from '../../features/settings/NetworkSettings';
import { PermissionSettings } from '../../features/settings/PermissionSettings';
import { PrivacySettings } from '../../features/settings/PrivacySettings';
import { ThresholdSettings } from '../../features/tkey/ThresholdSettings';
import { usePageTitle } from '../../hooks/use-page-title';
import { DisplaySettings } from './DisplaySettings';
import styles from './SettingsPage.module.css';

/** Settings (/wallet/settings, views.md §3.13): one card per section. */
export const SettingsPage = observer(function SettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('walletSettings.title'));
  return (
    <div className={styles.page} data-testid="settings-page">
      <PageHeader title={t('walletSettings.title')} />
      <PrivacySettings />
      <ThresholdSettings />
      <NetworkSettings />
      <ContactSettings />
      <DisplaySettings />
      <CrashReportSettings />
      <PermissionSettings />
    </div>
  );
});

export default SettingsPage;
