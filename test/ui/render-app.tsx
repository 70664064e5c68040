import { act, render } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter, useLocation, type Location } from 'react-router';

import { App } from '../../src/ui/App';
import { BackgroundClient } from '../../src/ui/bridge/background-client';
import { createI18n, type CreateI18nOptions } from '../../src/ui/i18n/create-i18n';
import { RootStore } from '../../src/ui/stores/root-store';
import { ToastStore } from '../../src/ui/toasts/toast-store';
import { FakeBackground, flushMessages } from './fake-background';

/** The real app (bridge, store, i18n, routes, toasts) against a scripted background, at a given path. */
export async function renderApp(path: string, i18nOptions: CreateI18nOptions = {}) {
  const background = new FakeBackground();
  const store = new RootStore();
  const client = new BackgroundClient(store);
  client.connect(background.viewPort);
  const i18n: i18n = await createI18n(i18nOptions);
  const toasts = new ToastStore();
  let location: Location | null = null;
  function LocationProbe() {
    location = useLocation();
    return null;
  }
  const view = render(
    <App
      services={{ store, actions: client.actions }}
      i18n={i18n}
      toasts={toasts}
      router={(children) => (
        <MemoryRouter initialEntries={[path]}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      )}
    />,
  );
  /** Delivers what the background sent, lets lazy routes load and React re-render. */
  const settle = () =>
    act(async () => {
      for (let i = 0; i < 4; i++) {
        await flushMessages();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    });
  /** The router's current path and query, e.g. '/?redirect=%2Fwallet'. */
  const currentUrl = () => (location ? `${location.pathname}${location.search}` : null);
  return { background, store, client, i18n, view, settle, toasts, currentUrl };
}
