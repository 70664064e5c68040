/**
 * i18next with only `embed.json` of one language (the browser's, else the host's white-label
 * default, else English): what the widget, its panel and the login modal need, kept small.
 */
import i18next from 'i18next';

import { LOCALES, type Locale } from '../../../shared/preferences';

export type Translate = (key: string, values?: Record<string, string>) => string;

export async function embedTranslator(fallback: Locale): Promise<Translate> {
  const browser = navigator.language.slice(0, 2);
  const language: Locale = (LOCALES as readonly string[]).includes(browser)
    ? (browser as Locale)
    : fallback;
  const strings = (await import(
    /* webpackChunkName: "embed-strings-[request]" */ `../../../../locales/${language}/embed.json`
  )) as { default: Record<string, unknown> };
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: { embed: strings.default } } },
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  return (key, values) => i18n.t(key, values ?? {});
}
