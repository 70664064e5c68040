import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../../app-context';
import { Card } from '../../components/Card';
import { Switch } from '../../components/Switch';
import { useNotify } from '../../toasts/toast-context';
import { crashReportEnabled } from '../../view-models/settings';
import styles from './Settings.module.css';

/** Crash reporting (views.md §3.13 S5): one switch, saved at once. */
export const CrashReportSettings = observer(function CrashReportSettings() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const notify = useNotify();
  const enabled = crashReportEnabled(ui);
  return (
    <Card aria-labelledby="settings-crash-reports">
      <h2 id="settings-crash-reports" className={styles.heading}>
        {t('walletSettings.sections.crashReports')}
      </h2>
      <Switch
        label={t('walletSettings.crashReport')}
        description={t('walletSettings.explainCrashReport')}
        checked={enabled}
        testId="crash-report"
        onCheckedChange={(checked) => {
          void notify.outcome(actions.setCrashReport(checked), {
            success: 'navBar.snackSuccessCrashReport',
            failure: 'navBar.snackFailCrashReport',
          });
        }}
      />
    </Card>
  );
});
