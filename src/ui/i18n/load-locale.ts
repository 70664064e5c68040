import { isLocale, type Locale } from '../../shared/preferences';
import { NAMESPACES } from './namespaces';

export type Translations = Record<string, unknown>;

type JsonModule = { default?: Translations } & Translations;
type NamespaceLoader = (namespace: string) => Promise<JsonModule>;

/*
 * One import per language, so that webpack's "lazy-once" puts all of a language's files in one
 * chunk (locale-de, …) fetched the first time that language is used. English is "eager": part
 * of the main bundle, ready without a request.
 */
const LOADERS: Record<Locale, NamespaceLoader> = {
  en: (ns) => import(/* webpackMode: "eager" */ `../../../locales/en/${ns}.json`),
  de: (ns) =>
    import(
      /* webpackChunkName: "locale-de", webpackMode: "lazy-once" */ `../../../locales/de/${ns}.json`
    ),
  ja: (ns) =>
    import(
      /* webpackChunkName: "locale-ja", webpackMode: "lazy-once" */ `../../../locales/ja/${ns}.json`
    ),
  ko: (ns) =>
    import(
      /* webpackChunkName: "locale-ko", webpackMode: "lazy-once" */ `../../../locales/ko/${ns}.json`
    ),
  zh: (ns) =>
    import(
      /* webpackChunkName: "locale-zh", webpackMode: "lazy-once" */ `../../../locales/zh/${ns}.json`
    ),
  es: (ns) =>
    import(
      /* webpackChunkName: "locale-es", webpackMode: "lazy-once" */ `../../../locales/es/${ns}.json`
    ),
};

/** One language's translations: every namespace file, merged under its namespace name. */
export async function loadLocale(language: string): Promise<Translations> {
  if (!isLocale(language)) throw new Error(`Unsupported locale: ${language}`);
  const load = LOADERS[language];
  const entries = await Promise.all(
    NAMESPACES.map(async (namespace) => {
      const module = await load(namespace);
      return [namespace, module.default ?? module] as const;
    }),
  );
  return Object.fromEntries(entries);
}
