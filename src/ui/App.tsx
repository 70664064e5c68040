import type { i18n } from 'i18next';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';

import { AppServicesProvider, type AppServices } from './app-context';
import { ToastRegion } from './components/Toasts';
import { AppShell } from './shell/AppShell';
import { ToastStoreProvider } from './toasts/toast-context';
import { ToastStore } from './toasts/toast-store';

export interface AppProps {
  services: AppServices;
  i18n: i18n;
  /** The router to run in; the browser app uses a BrowserRouter under the page's base path. */
  router?: (children: ReactNode) => ReactNode;
  basename?: string;
  /** The view's toasts; tests pass their own to read what was shown. */
  toasts?: ToastStore;
}

export function App({ services, i18n, basename = '/', router, toasts }: AppProps) {
  const [toastStore] = useState(() => toasts ?? new ToastStore());
  const shell = <AppShell />;
  return (
    <AppServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        <ToastStoreProvider store={toastStore}>
          <ToastRegion>
            {router ? router(shell) : <BrowserRouter basename={basename}>{shell}</BrowserRouter>}
          </ToastRegion>
        </ToastStoreProvider>
      </I18nextProvider>
    </AppServicesProvider>
  );
}
