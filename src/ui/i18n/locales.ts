import type { Locale } from '../../controllers/preferences/PreferencesController';

/**
 * The interface languages, in menu order. Equal to PreferencesController's LOCALES (a test keeps
 * them in step); declared here because importing the controller's value would pull
 * base-controller and immer into the view bundle.
 */
export const UI_LOCALES: readonly Locale[] = ['en', 'de', 'ja', 'ko', 'zh', 'es'];

export function isLocale(value: string): value is Locale {
  return (UI_LOCALES as readonly string[]).includes(value);
}
