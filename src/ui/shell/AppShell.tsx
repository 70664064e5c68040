import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { useStore } from '../app-context';
import { FullPageLoader } from '../components/FullPageLoader';
import { useActivityReporter } from '../hooks/use-activity-reporter';
import { AppRoutes, isTransparentPath } from '../routes/AppRoutes';
import { logoFor } from '../view-models/white-label';
import {
  applySurface,
  applyTheme,
  rememberedLoaderLogo,
  rememberLoaderLogo,
} from '../theme/appearance';
import { applyWhiteLabelCss, whiteLabelCss } from '../theme/white-label-theme';
import { WhiteLabelNotice } from './WhiteLabelNotice';

/**
 * The app around every route: follows the engine's theme, language and white-label, marks the
 * embed route transparent, and keeps the routes behind the session restore (the first
 * snapshot) with the full-page loader (spec part 1 §2: after 500 ms, size 60).
 */
export const AppShell = observer(function AppShell() {
  const store = useStore();
  const { pathname } = useLocation();
  const preferences = store.state?.PreferencesController;
  const theme = preferences?.theme;
  const locale = preferences?.locale;
  // Built in render, so the observer follows every colour the engine patches.
  const whiteLabelTheme = store.state?.WhiteLabelController.whiteLabel.theme;
  const brandCss = whiteLabelTheme ? whiteLabelCss(whiteLabelTheme) : '';
  const whiteLabel = store.state?.WhiteLabelController.whiteLabel;
  const loaderLogo =
    whiteLabel && theme && whiteLabel.useLogoLoader ? logoFor(whiteLabel, theme) : null;
  const { i18n } = useTranslation();
  useActivityReporter();

  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);

  useEffect(() => {
    applyWhiteLabelCss(brandCss);
  }, [brandCss]);

  useEffect(() => {
    if (store.isReady) rememberLoaderLogo(loaderLogo);
  }, [store.isReady, loaderLogo]);

  useEffect(() => {
    applySurface(isTransparentPath(pathname));
  }, [pathname]);

  useEffect(() => {
    if (!locale) return;
    document.documentElement.lang = locale;
    if (i18n.language !== locale) {
      i18n
        .changeLanguage(locale)
        .catch((error: unknown) => console.error('Could not load the language', error));
    }
  }, [locale, i18n]);

  if (!store.isReady) return <FullPageLoader logo={rememberedLoaderLogo()} />;
  return (
    <>
      <WhiteLabelNotice />
      <AppRoutes />
    </>
  );
});
