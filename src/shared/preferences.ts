/** The user's interface settings that every side names: themes and languages. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The six interface languages; English is the default and the fallback. */
export const LOCALES = ['en', 'de', 'ja', 'ko', 'zh', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}
