import { act, render } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter } from 'react-router';

import { App } from '../../src/ui/App';
import { BackgroundClient } from '../../src/ui/bridge/background-client';
import { createI18n, type CreateI18nOptions } from '../../src/ui/i18n/create-i18n';
import { RootStore } from '../../src/ui/stores/root-store';
import { FakeBackground, flushMessages } from './fake-background';

/** The real app (bridge, store, i18n, routes) against a scripted background, at a given path. */
export async function renderApp(path: string, i18nOptions: CreateI18nOptions = {}) {
  const background = new FakeBackground();
  const store = new RootStore();
  const client = new BackgroundClient(store);
  client.connect(background.viewPort);
  const i18n: i18n = await createI18n(i18nOptions);
  const view = render(
    <App
      services={{ store, actions: client.actions }}
      i18n={i18n}
      router={(children) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>}
    />,
  );
  /** Delivers what the background sent and lets React re-render. */
  const settle = () => act(flushMessages);
  return { background, store, client, i18n, view, settle };
}
