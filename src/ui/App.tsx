import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';

import { AppServicesProvider, type AppServices } from './app-context';
import { AppShell } from './AppShell';

export interface AppProps {
  services: AppServices;
  i18n: i18n;
  /** The router to run in; the browser app uses a BrowserRouter under the page's base path. */
  router?: (children: ReactNode) => ReactNode;
  basename?: string;
}

export function App({ services, i18n, basename = '/', router }: AppProps) {
  const shell = <AppShell />;
  return (
    <AppServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        {router ? router(shell) : <BrowserRouter basename={basename}>{shell}</BrowserRouter>}
      </I18nextProvider>
    </AppServicesProvider>
  );
}
