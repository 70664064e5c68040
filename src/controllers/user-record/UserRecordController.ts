import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import {
  ConflictError,
  isBackendStatus,
  type AccountType,
  type BackendClient,
  type ServerUserRecord,
} from '../backend/api-client';
import { runBackendChange, type BackendOperation } from '../backend/errors';
import type {
  BackendSessionControllerEnsureTokenAction,
  BackendSessionControllerGetTokenAction,
  BackendSessionControllerHandleUnauthorizedAction,
  BackendSessionControllerSignInAction,
} from '../backend-session/BackendSessionController';
import type { CurrencyControllerSetCurrentCurrencyAction } from '../currency/CurrencyController';
import { invalidCurrency } from '../currency/errors';
import { invalidAddress, unknownTheme, unsupportedLocale } from '../preferences/errors';
import {
  NO_LOGIN_ACCOUNT_ERROR,
  NO_SELECTED_ACCOUNT_ERROR,
  UserRecordError,
  UserRecordErrorCode,
} from './errors';
import { type ChainedPoller, createChainedPoller } from '../polling/chained-poller';
import type { Timers } from '../polling/timers';
import { LOCALES, THEMES, type Locale, type Theme } from '../../shared/preferences';
import type {
  PreferencesControllerGetStateAction,
  PreferencesControllerSetLocaleAction,
  PreferencesControllerSetThemeAction,
} from '../preferences/PreferencesController';
import { isAddress } from '../../shared/primitives';

export const userRecordControllerName = 'UserRecordController';

/** Spec part 2 §9: the user record syncs every 180 s. */
export const USER_RECORD_SYNC_INTERVAL_MS = 180_000;
export const DEFAULT_SELECTED_CURRENCY = 'USD';

/** Spec part 1 §3, the user's settings kept on the backend (per address). */
export type UserSettings = {
  selectedCurrency: string;
  theme: string;
  locale: string;
  defaultPublicAddress: string | null;
  accountType: AccountType;
  crashReport: boolean;
  verifier: string | null;
  verifierId: string | null;
};

export type UserRecordState = {
  /** Per-address settings, keyed by lowercase address. */
  identities: Record<string, UserSettings>;
  /** True when the last login created the server user record. */
  isNewUser: boolean;
};

const shown = { usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: false } as const;
/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const userRecordControllerMetadata = {
  identities: { ...shown, persist: true, includeInDebugSnapshot: false },
  isNewUser: { ...shown, persist: false },
} satisfies StateMetadata<UserRecordState>;

export function getDefaultUserRecordState(): UserRecordState {
  return { identities: {}, isNewUser: false };
}

export function defaultUserSettings(): UserSettings {
  return {
    selectedCurrency: DEFAULT_SELECTED_CURRENCY,
    theme: 'light',
    locale: 'en',
    defaultPublicAddress: null,
    accountType: 'normal',
    crashReport: true,
    verifier: null,
    verifierId: null,
  };
}

function settingsOf(record: ServerUserRecord): UserSettings {
  return {
    selectedCurrency: record.default_currency,
    theme: record.theme,
    locale: record.locale,
    defaultPublicAddress: record.default_public_address,
    accountType: record.account_type,
    crashReport: record.enable_crash_reporter,
    verifier: record.verifier,
    verifierId: record.verifier_id,
  };
}

/** Who is logging in: recorded by POST /user and POST /user/recordLogin. */
export type LoginDetails = {
  /** Defaults to the selected address. */
  address?: string;
  verifier: string;
  verifierId: string;
  /** The wallet's host name, for the login record. */
  hostname: string;
  accountType?: AccountType;
  metadata?: Record<string, unknown>;
};

export type UserRecordControllerGetStateAction = ControllerGetStateAction<
  typeof userRecordControllerName,
  UserRecordState
>;
export type UserRecordControllerActions = UserRecordControllerGetStateAction;

/** A user record was read from the server (login or sync): the records controller takes its lists. */
export type UserRecordControllerRecordLoadedEvent = {
  type: `${typeof userRecordControllerName}:recordLoaded`;
  payload: [address: string, record: ServerUserRecord];
};
export type UserRecordControllerEvents =
  | ControllerStateChangeEvent<typeof userRecordControllerName, UserRecordState>
  | UserRecordControllerRecordLoadedEvent;

export type UserRecordControllerAllowedActions =
  | PreferencesControllerGetStateAction
  | PreferencesControllerSetThemeAction
  | PreferencesControllerSetLocaleAction
  | CurrencyControllerSetCurrentCurrencyAction
  | BackendSessionControllerGetTokenAction
  | BackendSessionControllerEnsureTokenAction
  | BackendSessionControllerSignInAction
  | BackendSessionControllerHandleUnauthorizedAction;
export const USER_RECORD_CONTROLLER_DELEGATED_ACTIONS: UserRecordControllerAllowedActions['type'][] =
  [
    'PreferencesController:getState',
    'PreferencesController:setTheme',
    'PreferencesController:setLocale',
    'CurrencyController:setCurrentCurrency',
    'BackendSessionController:getToken',
    'BackendSessionController:ensureToken',
    'BackendSessionController:signIn',
    'BackendSessionController:handleUnauthorized',
  ];
export type UserRecordControllerMessenger = Messenger<
  typeof userRecordControllerName,
  UserRecordControllerActions | UserRecordControllerAllowedActions,
  UserRecordControllerEvents
>;

export interface UserRecordControllerOptions {
  messenger: UserRecordControllerMessenger;
  state?: Partial<UserRecordState>;
  backend: BackendClient;
  isIdle?: () => boolean;
  syncIntervalMs?: number;
  /** The poller's timers; tests pass a manual clock. */
  timers?: Timers;
}

/**
 * The server user record (spec part 1 §3): created or read at login, synced every 180 s while
 * the user is active, and each setting change stored on the server. Changes resolve once
 * stored (or kept locally when there is no session) and reject with a BackendChangeError.
 */
export class UserRecordController extends BaseController<
  typeof userRecordControllerName,
  UserRecordState,
  UserRecordControllerMessenger
> {
  readonly #backend: BackendClient;
  readonly #isIdle: () => boolean;
  readonly #poller: ChainedPoller;

  constructor({
    messenger,
    state,
    backend,
    isIdle,
    syncIntervalMs = USER_RECORD_SYNC_INTERVAL_MS,
    timers,
  }: UserRecordControllerOptions) {
    super({
      messenger,
      metadata: userRecordControllerMetadata,
      name: userRecordControllerName,
      state: { ...getDefaultUserRecordState(), ...state },
    });
    this.#backend = backend;
    this.#isIdle = isIdle ?? (() => false);
    this.#poller = createChainedPoller({
      intervalMs: syncIntervalMs,
      run: () => this.#syncIfActive(),
      timers,
    });
  }

  /** The selected address's settings (defaults when none are stored yet). */
  getSettings(address = this.#selectedAddress()): UserSettings {
    return (address && this.state.identities[address]) || defaultUserSettings();
  }

  /**
   * Login step: a session (signing in when no usable token is stored), then the user record
   * read or created (isNewUser), then the login recorded. Throws when the backend fails.
   */
  async init(login: LoginDetails): Promise<void> {
    const address = (login.address ?? this.#selectedAddress() ?? '').toLowerCase();
    if (!isAddress(address)) {
      throw new UserRecordError(UserRecordErrorCode.noAccount, NO_LOGIN_ACCOUNT_ERROR);
    }
    let token = await this.messenger.call('BackendSessionController:ensureToken', address);

    // No record yet (404) is not an error: the user is created below.
    const getUser = (bearer: string) =>
      this.#backend.getUser(bearer).catch((err: unknown) => {
        if (isBackendStatus(err, 404)) return undefined;
        throw err;
      });
    let record: ServerUserRecord | undefined;
    let isNewUser = false;
    try {
      record = await getUser(token);
    } catch (err) {
      if (!isBackendStatus(err, 401)) throw err;
      // Refused although it looked valid (e.g. the server's key changed): sign in once more.
      token = await this.messenger.call('BackendSessionController:signIn', address);
      record = await getUser(token);
    }
    if (!record) {
      const local = this.getSettings(address);
      const { theme } = this.messenger.call('PreferencesController:getState');
      try {
        record = await this.#backend.createUser(token, {
          default_currency: local.selectedCurrency,
          theme,
          verifier: login.verifier,
          verifierId: login.verifierId,
          account_type: login.accountType ?? local.accountType,
        });
        isNewUser = true;
      } catch (err) {
        // Created meanwhile (another window logging in at the same time): read it instead.
        if (!(err instanceof ConflictError)) throw err;
        record = await this.#backend.getUser(token);
      }
    }
    this.#applyRecord(address, record);
    this.update((state) => {
      state.isNewUser = isNewUser;
    });
    await this.#backend.recordLogin(token, {
      hostname: login.hostname,
      verifier: login.verifier,
      verifierId: login.verifierId,
      ...(login.metadata ? { metadata: login.metadata } : {}),
    });
    // recordLogin makes the login's verifier the user's.
    this.update((state) => {
      const stored = state.identities[address];
      if (stored) {
        stored.verifier = login.verifier;
        stored.verifierId = login.verifierId;
      }
    });
  }

  /** Reads the user record into the address's settings (and its lists). Needs a session. */
  async sync(address = this.#selectedAddress()): Promise<void> {
    if (!address) return;
    const token = this.messenger.call('BackendSessionController:getToken', address);
    if (!token) return;
    try {
      this.#applyRecord(address, await this.#backend.getUser(token));
    } catch (err) {
      if (isBackendStatus(err, 401))
        this.messenger.call('BackendSessionController:handleUnauthorized', address);
      else throw err;
    }
  }

  /** Sync every 180 s while there is a session and a selected address and the user is active. */
  startPolling(): void {
    this.#poller.start();
  }

  stopPolling(): void {
    this.#poller.stop();
  }

  isPolling(): boolean {
    return this.#poller.isPolling;
  }

  override destroy(): void {
    this.stopPolling();
    super.destroy();
  }

  // --- Setting changes: stored on the server when signed in, else kept locally. Each resolves
  // --- once applied and rejects with a BackendChangeError.

  async setTheme(theme: Theme): Promise<void> {
    if (!THEMES.includes(theme)) throw unknownTheme(theme);
    await this.#change(
      'theme',
      (token) => this.#backend.setTheme(token, theme),
      (settings) => {
        settings.theme = theme;
      },
    );
    this.messenger.call('PreferencesController:setTheme', theme);
  }

  async setLocale(locale: Locale): Promise<void> {
    if (!LOCALES.includes(locale)) throw unsupportedLocale(locale);
    await this.#change(
      'locale',
      (token) => this.#backend.setLocale(token, locale),
      (settings) => {
        settings.locale = locale;
      },
    );
    this.messenger.call('PreferencesController:setLocale', locale);
  }

  async setSelectedCurrency(currency: string): Promise<void> {
    if (typeof currency !== 'string' || !/^[A-Za-z]{2,10}$/u.test(currency))
      throw invalidCurrency(currency);
    const code = currency.toUpperCase();
    await this.#change(
      'currency',
      (token) => this.#backend.patchUser(token, { default_currency: code }),
      (settings) => {
        settings.selectedCurrency = code;
      },
    );
    await this.messenger.call('CurrencyController:setCurrentCurrency', code);
  }

  async setCrashReport(enabled: boolean): Promise<void> {
    await this.#change(
      'crashReport',
      (token) => this.#backend.setCrashReporter(token, enabled),
      (settings) => {
        settings.crashReport = enabled;
      },
    );
  }

  async setDefaultPublicAddress(defaultAddress: string): Promise<void> {
    if (!isAddress(defaultAddress)) throw invalidAddress(defaultAddress);
    const value = defaultAddress.toLowerCase();
    await this.#change(
      'defaultAddress',
      (token) => this.#backend.patchUser(token, { default_public_address: value }),
      (settings) => {
        settings.defaultPublicAddress = value;
      },
    );
  }

  /**
   * One setting change for the selected address: the server call when there is a session,
   * then the local update. Without a session the change is local only.
   */
  async #change(
    operation: BackendOperation,
    call: (token: string) => Promise<unknown>,
    apply: (settings: UserSettings) => void,
  ): Promise<void> {
    const address = this.#selectedAddress();
    if (!address) {
      throw new UserRecordError(UserRecordErrorCode.noAccount, NO_SELECTED_ACCOUNT_ERROR);
    }
    const token = this.messenger.call('BackendSessionController:getToken', address);
    if (token) {
      await runBackendChange(
        operation,
        () => call(token),
        () => this.messenger.call('BackendSessionController:handleUnauthorized', address),
      );
    }
    this.update((state) => {
      apply((state.identities[address] ??= defaultUserSettings()));
    });
  }

  #applyRecord(address: string, record: ServerUserRecord): void {
    const next = settingsOf(record);
    const previous = this.state.identities[address];
    this.update((state) => {
      state.identities[address] = next;
    });
    this.messenger.publish(`${userRecordControllerName}:recordLoaded`, address, record);
    // The wallet follows the account's stored settings (on the selected address only).
    if (address !== this.#selectedAddress()) return;
    const prefs = this.messenger.call('PreferencesController:getState');
    if ((THEMES as readonly string[]).includes(next.theme) && prefs.theme !== next.theme)
      this.messenger.call('PreferencesController:setTheme', next.theme as Theme);
    if ((LOCALES as readonly string[]).includes(next.locale) && prefs.locale !== next.locale)
      this.messenger.call('PreferencesController:setLocale', next.locale as Locale);
    if (previous?.selectedCurrency !== next.selectedCurrency)
      void Promise.resolve(
        this.messenger.call('CurrencyController:setCurrentCurrency', next.selectedCurrency),
      ).catch((err: unknown) => console.warn('UserRecordController: currency', err));
  }

  #selectedAddress(): string | null {
    return this.messenger.call('PreferencesController:getState').selectedAddress;
  }

  async #syncIfActive(): Promise<void> {
    const address = this.#selectedAddress();
    if (
      address &&
      this.messenger.call('BackendSessionController:getToken', address) &&
      !this.#isIdle()
    ) {
      await this.sync(address).catch((err: unknown) =>
        console.warn('UserRecordController: sync failed', err),
      );
    }
  }
}
