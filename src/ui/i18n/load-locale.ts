import { isLocale } from '../../shared/preferences';

export type Translations = Record<string, unknown>;

/**
 * Loads one language's translations. Each language is its own webpack chunk, fetched only when
 * first used; English is bundled into the main chunk and never loaded this way.
 */
export async function loadLocale(language: string): Promise<Translations> {
  if (!isLocale(language)) throw new Error(`Unsupported locale: ${language}`);
  const module: { default?: Translations } & Translations = await import(
    /* webpackChunkName: "locale-[request]" */
    /* webpackExclude: /en\.json$/ */
    `../../../locales/${language}.json`
  );
  return module.default ?? module;
}
