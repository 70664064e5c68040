import { act, fireEvent, screen } from '@testing-library/react';
import { clearTimers } from 'mobx-react-lite';

import { loadLocale } from '../../src/ui/i18n/load-locale';
import { THEME_STORAGE_KEY } from '../../src/ui/theme/appearance';
import { flushMessages, sampleUiState, signedInState } from './fake-background';
import { renderApp } from './render-app';

afterAll(() => clearTimers());
beforeEach(() => localStorage.clear());

describe('theme', () => {
  it('follows PreferencesController.theme on the root element and mirrors it for the first paint', async () => {
    const { background, settle } = await renderApp('/');
    background.snapshot(
      1,
      sampleUiState({
        PreferencesController: { theme: 'dark', locale: 'en', selectedAddress: null },
      }),
    );
    await settle();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    background.patches(2, [
      { op: 'replace', path: ['PreferencesController', 'theme'], value: 'light' },
    ]);
    await settle();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('the toggle asks the engine and says "saved" only once the action resolved', async () => {
    const { background, settle, toasts } = await renderApp('/');
    background.snapshot(1);
    await settle();
    const toggle = screen.getByRole('button', { name: 'Switch theme: Dark' });
    expect(toggle.textContent).toBe('Dark');
    fireEvent.click(toggle);
    await settle();
    expect(background.requests()).toEqual([
      { type: 'request', id: 1, action: 'setTheme', params: ['dark'] },
    ]);
    // Nothing changes, and nothing is said, until the engine answers.
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(toasts.items).toEqual([]);

    background.patches(2, [
      { op: 'replace', path: ['PreferencesController', 'theme'], value: 'dark' },
    ]);
    await settle();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(toasts.items).toEqual([]); // the patch is not the "stored" signal; the answer is
    background.send({ type: 'response', id: 1, result: null });
    await settle();
    expect(toasts.items).toEqual([{ id: 1, tone: 'success', message: 'navBar.snackSuccessTheme' }]);
    expect(screen.getByTestId('toast').textContent).toContain('Theme saved');
    expect(screen.getByRole('button', { name: 'Switch theme: Light' }).textContent).toBe('Light');
  });

  it("says the spec's failure message when the engine refuses", async () => {
    const { background, settle, toasts } = await renderApp('/');
    background.snapshot(1);
    await settle();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Switch theme: Dark' }));
    await settle();
    background.send({
      type: 'error',
      id: 1,
      error: { code: -32000, message: 'backend down', data: { code: 'backend.unavailable' } },
    });
    await settle();
    warn.mockRestore();
    expect(toasts.items).toEqual([{ id: 1, tone: 'error', message: 'navBar.snackFailTheme' }]);
    expect(screen.getByTestId('toast').dataset.tone).toBe('error');
    expect(screen.getByTestId('toast').textContent).toContain('Unable to update theme');
  });

  it('settings offer both themes as a radio group that saves through the engine', async () => {
    const { background, settle, toasts } = await renderApp('/wallet/settings');
    background.snapshot(1, signedInState());
    await settle();
    const dark = screen.getByRole('radio', { name: 'Dark' });
    expect(screen.getByRole('radio', { name: 'Light' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(dark);
    await settle();
    expect(background.requests()).toEqual([
      { type: 'request', id: 1, action: 'setTheme', params: ['dark'] },
    ]);
    background.send({ type: 'response', id: 1, result: null });
    await settle();
    expect(screen.getByTestId('toast').textContent).toContain('Theme saved');
    expect(toasts.items).toHaveLength(1);
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
    const title = () => screen.getByRole('heading', { level: 1 }).textContent;
    expect(title()).toBe('Create your wallet');
    expect(loaded).toEqual([]); // English is bundled

    background.patches(2, [
      { op: 'replace', path: ['PreferencesController', 'locale'], value: 'de' },
    ]);
    await settle();
    expect(loaded).toEqual(['de']);
    // Still English while German loads: no half-translated screen.
    expect(title()).toBe('Create your wallet');

    await act(async () => {
      releaseGerman();
      for (let i = 0; i < 20; i++) await flushMessages();
    });
    expect(i18n.language).toBe('de');
    expect(title()).toBe('Wallet erstellen');
    expect(screen.getByText('Willkommen bei Orrery')).toBeTruthy();
    expect(document.title).toBe('Anmelden | Orrery');
    expect(document.documentElement.lang).toBe('de');

    background.patches(3, [
      { op: 'replace', path: ['PreferencesController', 'locale'], value: 'ja' },
    ]);
    await act(async () => {
      for (let i = 0; i < 20; i++) await flushMessages();
    });
    expect(screen.getByText('Orreryへようこそ')).toBeTruthy();
    expect(loaded).toEqual(['de', 'ja']);
  });

  it('says "language saved" in the language just chosen, once it has loaded', async () => {
    const { background, settle, toasts } = await renderApp('/');
    background.snapshot(1);
    await settle();
    fireEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));
    await settle();
    expect(background.requests()).toEqual([
      { type: 'request', id: 1, action: 'setLocale', params: ['de'] },
    ]);
    background.send({ type: 'response', id: 1, result: null });
    await settle();
    expect(toasts.items).toEqual([
      { id: 1, tone: 'success', message: 'navBar.snackSuccessLocale' },
    ]);
    expect(screen.getByTestId('toast').textContent).toContain('Language saved');
    background.patches(2, [
      { op: 'replace', path: ['PreferencesController', 'locale'], value: 'de' },
    ]);
    await act(async () => {
      for (let i = 0; i < 20; i++) await flushMessages();
    });
    expect(screen.getByTestId('toast').textContent).toContain('Sprache gespeichert');
  });

  it('uses the white-label name wherever the product is named', async () => {
    const state = sampleUiState();
    state.WhiteLabelController.whiteLabel = {
      ...state.WhiteLabelController.whiteLabel,
      isActive: true,
      name: 'Acme Wallet',
    };
    const { background, settle } = await renderApp('/');
    background.snapshot(1, state);
    await settle();
    expect(screen.getByText('Welcome to Acme Wallet')).toBeTruthy();
    expect(document.title).toBe('Login | Acme Wallet');
    expect(screen.getByTestId('brand').textContent).toBe('Acme Wallet');
  });
});
