import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

export const preferencesControllerName = 'PreferencesController';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The six interface languages; English is the default and the fallback. */
export const LOCALES = ['en', 'de', 'ja', 'ko', 'zh', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export type PreferencesState = {
  theme: Theme;
  locale: Locale;
};

const metadata: StateMetadata<PreferencesState> = {
  theme: { persist: true, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
  locale: { persist: true, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
};

export function getDefaultPreferencesState(): PreferencesState {
  return { theme: 'light', locale: 'en' };
}

export type PreferencesControllerActions = ControllerGetStateAction<
  typeof preferencesControllerName,
  PreferencesState
>;
export type PreferencesControllerEvents = ControllerStateChangeEvent<
  typeof preferencesControllerName,
  PreferencesState
>;
export type PreferencesControllerMessenger = Messenger<
  typeof preferencesControllerName,
  PreferencesControllerActions,
  PreferencesControllerEvents
>;

/** The user's interface settings. Per-address preferences and backend sync build on this. */
export class PreferencesController extends BaseController<
  typeof preferencesControllerName,
  PreferencesState,
  PreferencesControllerMessenger
> {
  constructor({
    messenger,
    state,
  }: {
    messenger: PreferencesControllerMessenger;
    state?: Partial<PreferencesState>;
  }) {
    super({
      messenger,
      metadata,
      name: preferencesControllerName,
      state: { ...getDefaultPreferencesState(), ...state },
    });
  }

  setTheme(theme: Theme): void {
    if (!THEMES.includes(theme)) throw new Error(`Unknown theme: ${String(theme)}`);
    this.update((state) => {
      state.theme = theme;
    });
  }

  setLocale(locale: Locale): void {
    if (!LOCALES.includes(locale)) throw new Error(`Unsupported locale: ${String(locale)}`);
    this.update((state) => {
      state.locale = locale;
    });
  }
}
