import { act, fireEvent, screen } from '@testing-library/react';
import { clearTimers } from 'mobx-react-lite';

import en from '../../locales/en.json';
import { loadLocale } from '../../src/ui/i18n/load-locale';
import { flushMessages, sampleUiState } from './fake-background';
import { renderApp } from './render-app';

afterAll(() => clearTimers());

describe('theme', () => {
  it('follows PreferencesController.theme on the root element', async () => {
    const { background, settle } = await renderApp('/wallet');
    background.snapshot(
      1,
      sampleUiState({
        PreferencesController: { theme: 'dark', locale: 'en', selectedAddress: null },
      }),
    );
    await settle();
    expect(document.documentElement.dataset.theme).toBe('dark');
    background.patches(2, [
      { op: 'replace', path: ['PreferencesController', 'theme'], value: 'light' },
    ]);
    await settle();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('the toggle asks the background for the other theme and shows it once the patch arrives', async () => {
    const { background, settle } = await renderApp('/');
    background.snapshot(1);
    await settle();
    const toggle = screen.getByTestId('theme-toggle');
    expect(toggle.textContent).toBe('Dark');
    fireEvent.click(toggle);
    await settle();
    expect(background.requests()).toEqual([
      { type: 'request', id: 1, action: 'setTheme', params: ['dark'] },
    ]);
    // Nothing changes until the background says so.
    expect(document.documentElement.dataset.theme).toBe('light');

    background.send({ type: 'response', id: 1, result: null });
    background.patches(2, [
      { op: 'replace', path: ['PreferencesController', 'theme'], value: 'dark' },
    ]);
    await settle();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByTestId('theme-toggle').textContent).toBe('Light');
  });
});

describe('locale', () => {
  it('loads a language on demand when PreferencesController.locale changes and re-renders in it', async () => {
    const loaded: string[] = [];
    let releaseGerman = () => {};
    const germanGate = new Promise<void>((resolve) => (releaseGerman = resolve));
    const load = async (language: string) => {
      loaded.push(language);
      if (language === 'de') await germanGate;
      return loadLocale(language);
    };
    const { background, settle, i18n } = await renderApp('/', { load });
    background.snapshot(1);
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('Welcome to Orrery');
    expect(loaded).toEqual([]); // English is bundled

    background.patches(2, [
      { op: 'replace', path: ['PreferencesController', 'locale'], value: 'de' },
    ]);
    await settle();
    expect(loaded).toEqual(['de']);
    // Still English while German loads: no half-translated screen.
    expect(screen.getByRole('heading').textContent).toBe('Welcome to Orrery');

    await act(async () => {
      releaseGerman();
      for (let i = 0; i < 20; i++) await flushMessages();
    });
    expect(i18n.language).toBe('de');
    expect(screen.getByRole('heading').textContent).toBe('Willkommen bei Orrery');
    expect(document.title).toBe('Anmelden | Orrery');
    expect(document.documentElement.lang).toBe('de');

    background.patches(3, [
      { op: 'replace', path: ['PreferencesController', 'locale'], value: 'ja' },
    ]);
    await act(async () => {
      for (let i = 0; i < 20; i++) await flushMessages();
    });
    expect(screen.getByRole('heading').textContent).toBe('Orreryへようこそ');
    expect(loaded).toEqual(['de', 'ja']);
  });

  it('the language select asks the background to change the locale', async () => {
    const { background, settle } = await renderApp('/wallet');
    background.snapshot(1);
    await settle();
    fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'ko' } });
    await settle();
    expect(background.requests()).toEqual([
      { type: 'request', id: 1, action: 'setLocale', params: ['ko'] },
    ]);
  });
});

describe('locale files', () => {
  it('every language has exactly the English keys, all translated', async () => {
    const flatten = (value: unknown, prefix = ''): Record<string, string> =>
      Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
        (keys, [key, child]) => {
          const path = prefix ? `${prefix}.${key}` : key;
          return typeof child === 'string'
            ? { ...keys, [path]: child }
            : { ...keys, ...flatten(child, path) };
        },
        {},
      );
    const english = flatten(en);
    for (const language of ['de', 'ja', 'ko', 'zh', 'es']) {
      const other = flatten(await loadLocale(language));
      expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
      for (const key of Object.keys(english)) {
        if (key !== 'walletHome.status.networkStatus')
          expect([language, key, other[key]]).not.toEqual([language, key, english[key]]);
      }
    }
  });

  it('refuses a language outside the supported six', async () => {
    await expect(loadLocale('fr')).rejects.toThrow('Unsupported locale: fr');
    await expect(loadLocale('../package')).rejects.toThrow('Unsupported locale');
  });
});
