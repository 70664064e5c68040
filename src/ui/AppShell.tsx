import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useStore } from './app-context';
import { AppRoutes } from './AppRoutes';
import { FullPageLoader } from './components/FullPageLoader';
import { useActivityReporter } from './hooks/use-activity-reporter';
import { applyTheme } from './theme/global-styles';

/** Follows the background's theme and locale and keeps the routes behind the first snapshot. */
export const AppShell = observer(function AppShell() {
  const store = useStore();
  const preferences = store.state?.PreferencesController;
  const theme = preferences?.theme;
  const locale = preferences?.locale;
  const { i18n } = useTranslation();
  useActivityReporter();

  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);

  useEffect(() => {
    if (!locale) return;
    document.documentElement.lang = locale;
    if (i18n.language !== locale) {
      i18n
        .changeLanguage(locale)
        .catch((error: unknown) => console.error('Could not load the language', error));
    }
  }, [locale, i18n]);

  // Session restore, for now: waiting for the background's first snapshot.
  if (!store.isReady) return <FullPageLoader />;
  return <AppRoutes />;
});
