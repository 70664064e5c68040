import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

import type { Locale } from '../../shared/preferences';
import { loadLocale, type Translations } from './load-locale';
import { LOCALES } from '../../shared/preferences';

export interface CreateI18nOptions {
  locale?: Locale;
  /** Replaces the on-demand loader, e.g. to observe or delay loading in tests. */
  load?: (language: string) => Promise<Translations>;
}

/**
 * A fresh i18next instance: English is bundled and ready at once, the other languages load on
 * demand. `changeLanguage` resolves after the language has loaded, so the view switches in one
 * step. Translations are text: React escapes them, and no translation is rendered as HTML.
 */
export async function createI18n({
  locale = 'en',
  load = loadLocale,
}: CreateI18nOptions = {}): Promise<i18n> {
  const english = await loadLocale('en');
  const instance = i18next.createInstance();
  await instance
    .use(resourcesToBackend((language: string) => load(language)))
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...LOCALES],
      resources: { en: { translation: english } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false }, // React escapes
      react: { useSuspense: false },
    });
  return instance;
}
