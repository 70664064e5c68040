import { observer } from 'mobx-react-lite';
import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { THEMES, type Theme } from '../../../shared/preferences';
import { useActions, useStore } from '../../app-context';
import { Card } from '../../components/Card';
import { LanguageSelect } from '../../components/LanguageSelect';
import { RadioGroup } from '../../components/RadioGroup';
import { CurrencySelect } from '../../features/currency/CurrencySelect';
import { useNotify } from '../../toasts/toast-context';
import styles from './SettingsPage.module.css';

const THEME_ICONS: Record<Theme, typeof Sun> = { light: Sun, dark: Moon };

/**
 * Display settings: theme, language and currency. Each change goes to the engine and a toast says it is
 * saved once the action resolved (actions resolve once stored).
 */
export const DisplaySettings = observer(function DisplaySettings() {
  const { t } = useTranslation();
  const actions = useActions();
  const notify = useNotify();
  const { ui } = useStore();
  const theme = ui.PreferencesController.theme;
  return (
    <Card aria-labelledby="settings-display">
      <h2 id="settings-display" className={styles.heading}>
        {t('walletSettings.sections.display')}
      </h2>
      <RadioGroup
        label={t('walletSettings.theme')}
        orientation="horizontal"
        testId="theme-choice"
        value={theme}
        onValueChange={(value) => {
          const next = THEMES.find((candidate) => candidate === value);
          if (!next || next === theme) return;
          void notify.outcome(actions.setTheme(next), {
            success: 'navBar.snackSuccessTheme',
            failure: 'navBar.snackFailTheme',
          });
        }}
        options={THEMES.map((value) => {
          const Icon = THEME_ICONS[value];
          return { value, label: t(`walletSettings.${value}`), icon: <Icon aria-hidden="true" /> };
        })}
      />
      <LanguageSelect />
      <CurrencySelect label={t('walletSettings.currency')} testId="currency-select" />
    </Card>
  );
});
