import { type ChainedPoller, createChainedPoller } from '../polling/chained-poller';
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
  type ContactInput,
  type CustomNetworkInput,
  type CustomNftInput,
  type CustomTokenInput,
  type PermissionInput,
  type ServerContact,
  type ServerCustomNetwork,
  type ServerCustomNft,
  type ServerCustomToken,
  type ServerPermission,
  type ServerUserRecord,
} from '../backend/api-client';
import type { CurrencyControllerSetCurrentCurrencyAction } from '../currency/CurrencyController';
import type { KeyringControllerSignPersonalMessageAction } from '../keyring/KeyringController';
import { assertSigninMessage } from '../messages/signin-message';
import type { NetworkControllerGetStateAction } from '../network/NetworkController';
import { validateContact } from './contact-validation';
import { isTokenUsable } from './jwt-expiry';
import {
  LOCALES,
  THEMES,
  type Locale,
  type PreferencesControllerGetStateAction,
  type PreferencesControllerSetLocaleAction,
  type PreferencesControllerSetThemeAction,
  type Theme,
} from './PreferencesController';

export const userPreferencesControllerName = 'UserPreferencesController';

/** Spec part 2 §9: preferences sync every 180 s. */
export const PREFERENCES_SYNC_INTERVAL_MS = 180_000;
export const DEFAULT_SELECTED_CURRENCY = 'USD';

/** Spec part 2 §8: success and fail message keys, shown by the UI through successMsg/errorMsg. */
export const PREFERENCE_MESSAGES = {
  theme: { success: 'navBar.snackSuccessTheme', fail: 'navBar.snackFailTheme' },
  crashReport: { success: 'navBar.snackSuccessCrashReport', fail: 'navBar.snackFailCrashReport' },
  currency: { success: 'navBar.snackSuccessCurrency', fail: 'navBar.snackFailCurrency' },
  contactAdd: { success: 'navBar.snackSuccessContactAdd', fail: 'navBar.snackFailContactAdd' },
  contactDelete: {
    success: 'navBar.snackSuccessContactDelete',
    fail: 'navBar.snackFailContactDelete',
  },
  customTokenAdd: {
    success: 'navBar.snackSuccessCustomTokenAdd',
    fail: 'navBar.snackFailCustomTokenAdd',
  },
  customTokenDelete: {
    success: 'navBar.snackSuccessCustomTokenDelete',
    fail: 'navBar.snackFailCustomTokenDelete',
  },
  customNftAdd: {
    success: 'navBar.snackSuccessCustomNftAdd',
    fail: 'navBar.snackFailCustomNftAdd',
  },
  customNetworkAdd: { fail: 'navBar.snackFailCustomNetworkAdd' },
  customNetworkDelete: { fail: 'navBar.snackFailCustomNetworkDelete' },
  networkUpdate: { fail: 'navBar.snackFailNetworkUpdate' },
} as const;

type MessageKeys = { success?: string; fail?: string };

/** errorMsg for a record change while the address has no backend token. */
export const NOT_SIGNED_IN = 'Not signed in to the Orrery backend';

/** Spec part 1 §3, user preferences (per address). Past transactions live in their own controller. */
export type UserPreferences = {
  selectedCurrency: string;
  theme: string;
  locale: string;
  contacts: ServerContact[];
  permissions: ServerPermission[];
  defaultPublicAddress: string | null;
  accountType: AccountType;
  customTokens: ServerCustomToken[];
  customNfts: ServerCustomNft[];
  customNetworks: ServerCustomNetwork[];
  crashReport: boolean;
  verifier: string | null;
  verifierId: string | null;
};

export type UserPreferencesState = {
  /** Per-address preferences, keyed by lowercase address. */
  identities: Record<string, UserPreferences>;
  /** Bearer tokens by lowercase address: a credential, persisted but never sent to the UI. */
  jwtTokens: Record<string, string>;
  /** True when the last init created the server user record. */
  isNewUser: boolean;
  /** A message key (spec part 2 §8) or text; '' when none. */
  successMsg: string;
  errorMsg: string;
};

const shown = { usedInUi: true, includeInDebugSnapshot: false, includeInStateLogs: false };
const metadata: StateMetadata<UserPreferencesState> = {
  identities: { ...shown, persist: true },
  jwtTokens: {
    persist: true,
    usedInUi: false,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
  isNewUser: { ...shown, persist: false, includeInDebugSnapshot: true },
  successMsg: { ...shown, persist: false, includeInDebugSnapshot: true },
  errorMsg: { ...shown, persist: false, includeInDebugSnapshot: true },
};

export function getDefaultUserPreferencesState(): UserPreferencesState {
  return { identities: {}, jwtTokens: {}, isNewUser: false, successMsg: '', errorMsg: '' };
}

export function defaultUserPreferences(): UserPreferences {
  return {
    selectedCurrency: DEFAULT_SELECTED_CURRENCY,
    theme: 'light',
    locale: 'en',
    contacts: [],
    permissions: [],
    defaultPublicAddress: null,
    accountType: 'normal',
    customTokens: [],
    customNfts: [],
    customNetworks: [],
    crashReport: true,
    verifier: null,
    verifierId: null,
  };
}

function fromServerRecord(record: ServerUserRecord): UserPreferences {
  return {
    selectedCurrency: record.default_currency,
    theme: record.theme,
    locale: record.locale,
    contacts: record.contacts,
    permissions: record.permissions,
    defaultPublicAddress: record.default_public_address,
    accountType: record.account_type,
    customTokens: record.customTokens,
    customNfts: record.customNfts,
    customNetworks: record.customNetworks,
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

export type UserPreferencesControllerGetStateAction = ControllerGetStateAction<
  typeof userPreferencesControllerName,
  UserPreferencesState
>;
/** The bearer token for an address, for other controllers that call the backend. */
export type UserPreferencesControllerGetTokenAction = {
  type: `${typeof userPreferencesControllerName}:getToken`;
  handler: (address: string) => string | undefined;
};
/** Another controller's backend call got 401: log that address out. */
export type UserPreferencesControllerHandleUnauthorizedAction = {
  type: `${typeof userPreferencesControllerName}:handleUnauthorized`;
  handler: (address: string) => void;
};
/** A dapp's watched asset, stored as a custom token or NFT while signed in (a no-op otherwise). */
export type UserPreferencesControllerSaveWatchedAssetAction = {
  type: `${typeof userPreferencesControllerName}:saveWatchedAsset`;
  handler: (asset: WatchedAssetInput) => Promise<void>;
};
export type UserPreferencesControllerActions =
  | UserPreferencesControllerGetStateAction
  | UserPreferencesControllerGetTokenAction
  | UserPreferencesControllerHandleUnauthorizedAction
  | UserPreferencesControllerSaveWatchedAssetAction;

/** What wallet_watchAsset approved, with the network it was approved on. */
export type WatchedAssetInput = {
  type: 'erc20' | 'erc721' | 'erc1155';
  address: string;
  /** The server's network name: the built-in network's key, or the chain id for custom ones. */
  network: string;
  symbol?: string;
  name?: string;
  decimals?: number;
  tokenId?: string;
  image?: string;
};

/** The server refused the token (401 'Token expired'): the engine turns this into a lock. */
export type UserPreferencesControllerLoggedOutEvent = {
  type: `${typeof userPreferencesControllerName}:loggedOut`;
  payload: [address: string];
};
export type UserPreferencesControllerEvents =
  | ControllerStateChangeEvent<typeof userPreferencesControllerName, UserPreferencesState>
  | UserPreferencesControllerLoggedOutEvent;

export type UserPreferencesControllerAllowedActions =
  | PreferencesControllerGetStateAction
  | PreferencesControllerSetThemeAction
  | PreferencesControllerSetLocaleAction
  | KeyringControllerSignPersonalMessageAction
  | NetworkControllerGetStateAction
  | CurrencyControllerSetCurrentCurrencyAction;
export const USER_PREFERENCES_CONTROLLER_DELEGATED_ACTIONS: UserPreferencesControllerAllowedActions['type'][] =
  [
    'PreferencesController:getState',
    'PreferencesController:setTheme',
    'PreferencesController:setLocale',
    'KeyringController:signPersonalMessage',
    'NetworkController:getState',
    'CurrencyController:setCurrentCurrency',
  ];
export type UserPreferencesControllerMessenger = Messenger<
  typeof userPreferencesControllerName,
  UserPreferencesControllerActions | UserPreferencesControllerAllowedActions,
  UserPreferencesControllerEvents
>;

export interface UserPreferencesControllerOptions {
  messenger: UserPreferencesControllerMessenger;
  state?: Partial<UserPreferencesState>;
  backend: BackendClient;
  /** Signs the sign-in message; defaults to the KeyringController:signPersonalMessage action. */
  signPersonalMessage?: (address: string, message: string) => Promise<string>;
  isIdle?: () => boolean;
  /** Called after a 401 logout, besides the loggedOut event. */
  logout?: (address: string) => void;
  syncIntervalMs?: number;
  now?: () => number;
}

/**
 * Per-address preferences and the server user record (spec part 1 §3): sign-in, create or sync
 * the user, periodic sync, and each preference change sent to the backend with its message key.
 */
export class UserPreferencesController extends BaseController<
  typeof userPreferencesControllerName,
  UserPreferencesState,
  UserPreferencesControllerMessenger
> {
  readonly #backend: BackendClient;
  readonly #sign: (address: string, message: string) => Promise<string>;
  readonly #isIdle: () => boolean;
  readonly #logout: ((address: string) => void) | undefined;
  readonly #poller: ChainedPoller;
  readonly #now: () => number;

  constructor({
    messenger,
    state,
    backend,
    signPersonalMessage,
    isIdle,
    logout,
    syncIntervalMs = PREFERENCES_SYNC_INTERVAL_MS,
    now = Date.now,
  }: UserPreferencesControllerOptions) {
    super({
      messenger,
      metadata,
      name: userPreferencesControllerName,
      state: { ...getDefaultUserPreferencesState(), ...state },
    });
    this.#backend = backend;
    this.#sign =
      signPersonalMessage ??
      ((address, message) =>
        this.messenger.call('KeyringController:signPersonalMessage', address, message));
    this.#isIdle = isIdle ?? (() => false);
    this.#logout = logout;
    this.#poller = createChainedPoller({
      intervalMs: syncIntervalMs,
      run: () => this.#syncIfActive(),
    });
    this.#now = now;
    this.messenger.registerActionHandler(
      `${userPreferencesControllerName}:saveWatchedAsset`,
      (asset) => this.saveWatchedAsset(asset),
    );
    this.messenger.registerActionHandler(`${userPreferencesControllerName}:getToken`, (address) =>
      this.getToken(address),
    );
    this.messenger.registerActionHandler(
      `${userPreferencesControllerName}:handleUnauthorized`,
      (address) => this.handleUnauthorized(address),
    );
  }

  getToken(address: string): string | undefined {
    return this.state.jwtTokens[address.toLowerCase()];
  }

  /** The selected address's preferences (defaults when none are stored yet). */
  getIdentity(address = this.#selectedAddress()): UserPreferences {
    return (address && this.state.identities[address]) || defaultUserPreferences();
  }

  /**
   * Login step: sign in when there is no usable token (message → sign → verify), then read the
   * user record or create it (isNewUser), then record the login. Throws when the backend fails.
   */
  async init(login: LoginDetails): Promise<void> {
    const address = (login.address ?? this.#selectedAddress() ?? '').toLowerCase();
    if (!/^0x[0-9a-f]{40}$/u.test(address)) throw new Error('No account to log in with');
    const stored = this.getToken(address);
    let token = stored && isTokenUsable(stored, this.#now()) ? stored : await this.#signIn(address);

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
      token = await this.#signIn(address);
      record = await getUser(token);
    }
    if (!record) {
      const local = this.getIdentity(address);
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

  /** Reads the user record into the address's preferences. Needs a token. */
  async sync(address = this.#selectedAddress()): Promise<void> {
    if (!address) return;
    const token = this.getToken(address);
    if (!token) return;
    try {
      this.#applyRecord(address, await this.#backend.getUser(token));
    } catch (err) {
      if (isBackendStatus(err, 401)) this.handleUnauthorized(address);
      else throw err;
    }
  }

  /** Sync every 180 s while there is a token and a selected address and the user is active. */
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

  /** Forgets the address's token and announces the logout (spec part 2 §7). */
  handleUnauthorized(address: string): void {
    const key = address.toLowerCase();
    this.update((state) => {
      delete state.jwtTokens[key];
    });
    this.messenger.publish(`${userPreferencesControllerName}:loggedOut`, key);
    this.#logout?.(key);
  }

  clearMessages(): void {
    this.update((state) => {
      state.successMsg = '';
      state.errorMsg = '';
    });
  }

  // --- Preference changes: each calls the server, then records the result. Each resolves to
  // --- whether it was stored; failures reach errorMsg instead of throwing (dapp calls aside).

  async setTheme(theme: Theme): Promise<boolean> {
    if (!THEMES.includes(theme)) throw new Error(`Unknown theme: ${String(theme)}`);
    return this.#change(
      PREFERENCE_MESSAGES.theme,
      (token) => this.#backend.setTheme(token, theme),
      (identity) => {
        identity.theme = theme;
      },
      () => this.messenger.call('PreferencesController:setTheme', theme),
      { localWithoutToken: true },
    );
  }

  async setLocale(locale: Locale): Promise<boolean> {
    if (!LOCALES.includes(locale)) throw new Error(`Unsupported locale: ${String(locale)}`);
    return this.#change(
      {},
      (token) => this.#backend.setLocale(token, locale),
      (identity) => {
        identity.locale = locale;
      },
      () => this.messenger.call('PreferencesController:setLocale', locale),
      { localWithoutToken: true },
    );
  }

  async setSelectedCurrency(currency: string): Promise<boolean> {
    if (typeof currency !== 'string' || !/^[A-Za-z]{2,10}$/u.test(currency))
      throw new Error(`Invalid currency: ${String(currency)}`);
    const code = currency.toUpperCase();
    return this.#change(
      PREFERENCE_MESSAGES.currency,
      (token) => this.#backend.patchUser(token, { default_currency: code }),
      (identity) => {
        identity.selectedCurrency = code;
      },
      () => this.messenger.call('CurrencyController:setCurrentCurrency', code),
      { localWithoutToken: true },
    );
  }

  async setCrashReport(enabled: boolean): Promise<boolean> {
    return this.#change(
      PREFERENCE_MESSAGES.crashReport,
      (token) => this.#backend.setCrashReporter(token, enabled),
      (identity) => {
        identity.crashReport = enabled;
      },
      undefined,
      { localWithoutToken: true },
    );
  }

  async setDefaultPublicAddress(defaultAddress: string): Promise<boolean> {
    if (!/^0x[0-9a-fA-F]{40}$/u.test(defaultAddress))
      throw new Error(`Invalid address: ${String(defaultAddress)}`);
    const value = defaultAddress.toLowerCase();
    return this.#change(
      {},
      (token) => this.#backend.patchUser(token, { default_public_address: value }),
      (identity) => {
        identity.defaultPublicAddress = value;
      },
      undefined,
      { localWithoutToken: true },
    );
  }

  /** Validates by login type (spec part 1 §5) against the selected network, then stores. */
  async addContact(contact: ContactInput): Promise<boolean> {
    const { providerConfig } = this.messenger.call('NetworkController:getState');
    const error = validateContact(
      contact,
      this.getIdentity().contacts,
      Number.parseInt(providerConfig.chainId, 16),
    );
    if (error) {
      this.#setMessage({ errorMsg: error });
      return false;
    }
    return this.#change(
      PREFERENCE_MESSAGES.contactAdd,
      (token) => this.#backend.addContact(token, contact),
      (identity, added) => {
        identity.contacts.push(added);
      },
    );
  }

  async deleteContact(contactId: number): Promise<boolean> {
    return this.#change(
      PREFERENCE_MESSAGES.contactDelete,
      (token) => this.#backend.deleteContact(token, contactId),
      (identity) => {
        identity.contacts = identity.contacts.filter((c) => c.id !== contactId);
      },
    );
  }

  /** 409 (already stored) is ignored silently; with `fromDapp` other failures are rethrown. */
  async addCustomToken(input: CustomTokenInput, { fromDapp = false } = {}): Promise<boolean> {
    return this.#change(
      PREFERENCE_MESSAGES.customTokenAdd,
      (token) => this.#backend.addCustomToken(token, input),
      (identity, added) => {
        identity.customTokens.push(added);
      },
      undefined,
      { ignoreConflict: true, rethrow: fromDapp },
    );
  }

  async deleteCustomToken(tokenId: number): Promise<boolean> {
    return this.#change(
      PREFERENCE_MESSAGES.customTokenDelete,
      (token) => this.#backend.deleteCustomToken(token, tokenId),
      (identity) => {
        identity.customTokens = identity.customTokens.filter((t) => t.id !== tokenId);
      },
    );
  }

  async addCustomNft(input: CustomNftInput, { fromDapp = false } = {}): Promise<boolean> {
    return this.#change(
      PREFERENCE_MESSAGES.customNftAdd,
      (token) => this.#backend.addCustomNft(token, input),
      (identity, added) => {
        identity.customNfts.push(added);
      },
      undefined,
      { ignoreConflict: true, rethrow: fromDapp },
    );
  }

  /**
   * Stores a dapp's approved watch-asset request on the server: a custom token for ERC-20, a
   * custom NFT otherwise. Failures are rethrown to the dapp (spec part 2 §8); a 409 (already
   * stored) is silent; without a sign-in nothing is sent.
   */
  async saveWatchedAsset(asset: WatchedAssetInput): Promise<void> {
    const address = this.#selectedAddress();
    if (!address || !this.getToken(address)) return;
    if (asset.type === 'erc20') {
      await this.addCustomToken(
        {
          token_address: asset.address.toLowerCase(),
          network: asset.network,
          token_symbol: asset.symbol ?? '',
          token_name: asset.name ?? asset.symbol ?? '',
          decimals: asset.decimals ?? 18,
        },
        { fromDapp: true },
      );
      return;
    }
    if (asset.tokenId === undefined) throw new Error('asset id is required.');
    await this.addCustomNft(
      {
        nft_address: asset.address.toLowerCase(),
        network: asset.network,
        nft_name: asset.name ?? asset.symbol ?? '',
        nft_id: asset.tokenId,
        nft_contract_standard: asset.type === 'erc721' ? 'ERC721' : 'ERC1155',
        ...(asset.image ? { nft_image_link: asset.image } : {}),
      },
      { fromDapp: true },
    );
  }

  async addCustomNetwork(type: string, input: CustomNetworkInput): Promise<boolean> {
    return this.#change(
      PREFERENCE_MESSAGES.customNetworkAdd,
      (token) => this.#backend.addCustomNetwork(token, type, input),
      (identity, added) => {
        identity.customNetworks.push(added);
      },
    );
  }

  async editCustomNetwork(networkId: number, input: CustomNetworkInput): Promise<boolean> {
    return this.#change(
      PREFERENCE_MESSAGES.networkUpdate,
      (token) => this.#backend.editCustomNetwork(token, networkId, input),
      (identity, edited) => {
        identity.customNetworks = identity.customNetworks.map((n) =>
          n.id === networkId ? edited : n,
        );
      },
    );
  }

  async deleteCustomNetwork(networkId: number): Promise<boolean> {
    return this.#change(
      PREFERENCE_MESSAGES.customNetworkDelete,
      (token) => this.#backend.deleteCustomNetwork(token, networkId),
      (identity) => {
        identity.customNetworks = identity.customNetworks.filter((n) => n.id !== networkId);
      },
    );
  }

  /** Records a dapp permission the user granted (POST /permissions). */
  async addPermission(input: PermissionInput): Promise<boolean> {
    return this.#change(
      {},
      (token) => this.#backend.addPermission(token, input),
      (identity, added) => {
        identity.permissions.push(added);
      },
    );
  }

  /**
   * One preference change for the selected address: the server call, then the local update and
   * any follow-up (another controller), then the message key. Without a token (not logged in to
   * the backend) the change is local only.
   */
  async #change<T>(
    messages: MessageKeys,
    call: (token: string) => Promise<T>,
    apply: (identity: UserPreferences, result: T) => void,
    followUp?: () => unknown,
    { ignoreConflict = false, rethrow = false, localWithoutToken = false } = {},
  ): Promise<boolean> {
    const address = this.#selectedAddress();
    if (!address) throw new Error('No account selected');
    const token = this.getToken(address);
    let result: T | undefined;
    if (!token && !localWithoutToken) {
      // Records get their ids from the server: nothing to store without a sign-in.
      this.#setMessage({ errorMsg: messages.fail ?? NOT_SIGNED_IN });
      if (rethrow) throw new Error(NOT_SIGNED_IN);
      return false;
    }
    if (token) {
      try {
        result = await call(token);
      } catch (err) {
        if (ignoreConflict && err instanceof ConflictError) return false;
        if (isBackendStatus(err, 401)) {
          this.handleUnauthorized(address);
        } else {
          this.#setMessage({
            errorMsg: messages.fail ?? (err instanceof Error ? err.message : String(err)),
          });
        }
        if (rethrow) throw err;
        return false;
      }
    }
    this.update((state) => {
      // Without a token only value changes get here (localWithoutToken); they ignore `result`.
      apply((state.identities[address] ??= defaultUserPreferences()), result as T);
    });
    await followUp?.();
    if (messages.success) this.#setMessage({ successMsg: messages.success });
    return true;
  }

  async #signIn(address: string): Promise<string> {
    const { message } = await this.#backend.getAuthMessage(address);
    // Only our own challenge is signed: a server could otherwise obtain any personal signature.
    assertSigninMessage(message);
    const signature = await this.#sign(address, message);
    const { token } = await this.#backend.verifyAuth(address, signature);
    this.update((state) => {
      state.jwtTokens[address] = token;
    });
    return token;
  }

  #applyRecord(address: string, record: ServerUserRecord): void {
    const next = fromServerRecord(record);
    const previous = this.state.identities[address];
    this.update((state) => {
      state.identities[address] = next;
    });
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
      ).catch((err: unknown) => console.warn('UserPreferencesController: currency', err));
  }

  #setMessage(message: { successMsg?: string; errorMsg?: string }): void {
    this.update((state) => {
      state.successMsg = message.successMsg ?? '';
      state.errorMsg = message.errorMsg ?? '';
    });
  }

  #selectedAddress(): string | null {
    return this.messenger.call('PreferencesController:getState').selectedAddress;
  }

  async #syncIfActive(): Promise<void> {
    const address = this.#selectedAddress();
    if (address && this.getToken(address) && !this.#isIdle()) {
      await this.sync(address).catch((err: unknown) =>
        console.warn('UserPreferencesController: sync failed', err),
      );
    }
  }
}
