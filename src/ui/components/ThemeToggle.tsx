import { observer } from 'mobx-react-lite';
import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../app-context';
import { useNotify } from '../toasts/toast-context';
import { Button } from './Button';
import styles from './ThemeToggle.module.css';

/** Flips between light and dark through the engine, which owns the preference; says when it is saved. */
export const ThemeToggle = observer(function ThemeToggle() {
  const { t } = useTranslation();
  const actions = useActions();
  const notify = useNotify();
  const theme = useStore().ui.PreferencesController.theme;
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      size="sm"
      variant="ghost"
      data-testid="theme-toggle"
      // The name holds the visible text (WCAG 2.5.3) and says what the button does.
      aria-label={`${t('walletSettings.themeToggle')}: ${t(`walletSettings.${next}`)}`}
      title={t('walletSettings.themeToggle')}
      icon={next === 'dark' ? <Moon aria-hidden="true" /> : <Sun aria-hidden="true" />}
      onClick={() =>
        void notify.outcome(actions.setTheme(next), {
          success: 'navBar.snackSuccessTheme',
          failure: 'navBar.snackFailTheme',
        })
      }
    >
      <span className={styles.label}>{t(`walletSettings.${next}`)}</span>
    </Button>
  );
});
