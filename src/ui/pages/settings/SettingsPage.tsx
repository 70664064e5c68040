import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { Card, PageHeader } from '../../components/Card';
import { usePageTitle } from '../../hooks/use-page-title';
import { DisplaySettings } from './DisplaySettings';
import styles from './SettingsPage.module.css';

/** The settings sections (spec part 1 §2): built ones render; the others say they are coming. */
const COMING_SECTIONS = ['networks', 'contacts', 'permissions', 'crashReports'] as const;

/** Settings (/wallet/settings): one card per section. */
export const SettingsPage = observer(function SettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('walletSettings.title'));
  return (
    <div className={styles.page} data-testid="settings-page">
      <PageHeader title={t('walletSettings.title')} />
      <DisplaySettings />
      {COMING_SECTIONS.map((section) => (
        <Card key={section} aria-labelledby={`settings-${section}`} className={styles.coming}>
          <h2 id={`settings-${section}`} className={styles.heading}>
            {t(`walletSettings.sections.${section}`)}
          </h2>
          <p className={styles.muted}>{t('app.comingSoon')}</p>
        </Card>
      ))}
    </div>
  );
});

export default SettingsPage;
