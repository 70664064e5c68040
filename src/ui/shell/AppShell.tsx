import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { useActions, useStore } from '../app-context';
import { FullPageLoader } from '../components/FullPageLoader';
import { useActivityReporter } from '../hooks/use-activity-reporter';
import { AppRoutes, isTransparentPath } from '../routes/AppRoutes';
import { sessionNamespaceOf } from '../routes/navigation';
import { useSessionRestore } from '../features/login/use-session-restore';
import { failureMessage } from '../view-models/action-errors';
import { useNotify } from '../toasts/toast-context';
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
 * snapshot, then the page's login session reopened without a popup) with the full-page loader
 * (spec part 1 §2: after 500 ms, size 60).
 */
export const AppShell = observer(function AppShell() {
  const store = useStore();
  const actions = useActions();
  const notify = useNotify();
  const { pathname, search } = useLocation();
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
  // The first snapshot, then the login session restored without a popup, behind the loader.
  const keyring = store.state?.KeyringController;
  const restore = useSessionRestore(actions, {
    ready: store.isReady,
    locked: Boolean(keyring && keyring.hasVault && !keyring.isUnlocked),
    namespace: sessionNamespaceOf(search),
  });
  const restoreFailure = restore.failure;
  useEffect(() => {
    if (!restoreFailure) return;
    const { key, text } = failureMessage(restoreFailure);
    // Only a refusal the user must know of ('No Accounts available'); the rest was logged.
    if (key) notify.error(key);
    else console.warn('Session restore:', text);
  }, [restoreFailure, notify]);

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

  if (!store.isReady || restore.restoring) return <FullPageLoader logo={rememberedLoaderLogo()} />;
  return (
    <>
      <WhiteLabelNotice />
      <AppRoutes />
    </>
  );
});
