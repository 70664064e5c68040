import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../app-context';

/** Flips between light and dark through the background, which owns the preference. */
export const ThemeToggle = observer(function ThemeToggle() {
  const { t } = useTranslation();
  const actions = useActions();
  const theme = useStore().ui.PreferencesController.theme;
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="control"
      data-testid="theme-toggle"
      aria-label={t('walletSettings.themeToggle')}
      title={t('walletSettings.themeToggle')}
      onClick={() => {
        actions
          .setTheme(next)
          .catch((error: unknown) => console.error('Could not change the theme', error));
      }}
    >
      {t(`walletSettings.${next}`)}
    </button>
  );
});
