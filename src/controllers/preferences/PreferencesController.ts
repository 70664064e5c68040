import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { MethodActions } from '../messenger/method-actions';
import { invalidAddress, unknownTheme, unsupportedLocale } from './errors';

export const preferencesControllerName = 'PreferencesController';

import { LOCALES, THEMES, type Locale, type Theme } from '../../shared/preferences';
import { isAddress } from '../../shared/primitives';

export type PreferencesState = {
  theme: Theme;
  locale: Locale;
  /** The account the wallet acts for; lowercase 0x address, null before the first account. */
  selectedAddress: string | null;
};

/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const preferencesControllerMetadata = {
  theme: { persist: true, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
  locale: { persist: true, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
  selectedAddress: {
    persist: true,
    usedInUi: true,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
} satisfies StateMetadata<PreferencesState>;

export function getDefaultPreferencesState(): PreferencesState {
  return { theme: 'light', locale: 'en', selectedAddress: null };
}

export type PreferencesControllerGetStateAction = ControllerGetStateAction<
  typeof preferencesControllerName,
  PreferencesState
>;
/** For the backend preference sync, which applies the server's theme and locale. */
const MESSENGER_EXPOSED_METHODS = ['setTheme', 'setLocale'] as const;

export type PreferencesControllerSetThemeAction = MethodActions<
  typeof preferencesControllerName,
  PreferencesController,
  'setTheme'
>;
export type PreferencesControllerSetLocaleAction = MethodActions<
  typeof preferencesControllerName,
  PreferencesController,
  'setLocale'
>;
export type PreferencesControllerMethodActions = MethodActions<
  typeof preferencesControllerName,
  PreferencesController,
  (typeof MESSENGER_EXPOSED_METHODS)[number]
>;
export type PreferencesControllerActions =
  PreferencesControllerGetStateAction | PreferencesControllerMethodActions;
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
    defaults,
  }: {
    messenger: PreferencesControllerMessenger;
    state?: Partial<PreferencesState>;
    /** Choices to start from before the user made any (e.g. a white-label's theme). */
    defaults?: Partial<PreferencesState>;
  }) {
    super({
      messenger,
      metadata: preferencesControllerMetadata,
      name: preferencesControllerName,
      state: { ...getDefaultPreferencesState(), ...defaults, ...state },
    });
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  setTheme(theme: Theme): void {
    if (!THEMES.includes(theme)) throw unknownTheme(theme);
    this.update((state) => {
      state.theme = theme;
    });
  }

  /** Selects an account; the caller checks that the keyring holds it. null clears the selection. */
  setSelectedAddress(address: string | null): void {
    if (address !== null && !isAddress(address)) {
      throw invalidAddress(address);
    }
    const selectedAddress = address?.toLowerCase() ?? null;
    if (selectedAddress === this.state.selectedAddress) return;
    this.update((state) => {
      state.selectedAddress = selectedAddress;
    });
  }

  setLocale(locale: Locale): void {
    if (!LOCALES.includes(locale)) throw unsupportedLocale(locale);
    this.update((state) => {
      state.locale = locale;
    });
  }
}
