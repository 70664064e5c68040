import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';
import type { KeyringControllerLockEvent } from '../keyring/KeyringController';

import type {
  EmailLoginStartReply,
  LoginConfigReply,
  LoginReply,
  LoginStartReply,
  SocialVerifier,
  Verifier,
} from '../../shared/api/login';
import type { Hex } from '../../shared/primitives';
import { BackendError, type BackendClient } from '../backend/api-client';
import type { AccountType } from '../keyring/account-keys';
import { keyEntryFromImportedKey } from '../keyring/account-keys';
import { KeyringErrorCode } from '../keyring/errors';
import { privateKeyToAddress } from '../keyring/sign-transaction';
import { deriveAppScopedKey } from './app-scoped-key';
import {
  LoginError,
  LoginErrorCode,
  NO_ACCOUNTS_ERROR,
  UNKNOWN_LOGIN_ERROR,
  VAULT_LOCKED_ERROR,
} from './errors';
import { rebuildOrCreateKey, type RebuiltKey } from './key-shares';
import {
  createSessionRecord,
  DEFAULT_SESSION_TTL_MS,
  openSessionRecord,
  type LoginSessionStore,
} from './login-session';
import { newPkcePair } from './pkce';
import { refusalCode } from './refusals';
import { TKeyError, TKeyErrorCode } from './tkey/errors';
import type { SecondFactor } from './tkey/factors';
import type { OpenedThresholdKey, ThresholdOutcome } from './tkey/TKeyController';
import { vaultPasswordFromKey } from './vault-password';

export const loginControllerName = 'LoginController';

/** Who is signed in, as the identity service verified it (spec's user info): no secret. */
export type LoginUserInfo = {
  verifier: Verifier;
  verifierId: string;
  typeOfLogin: Verifier;
  name: string;
  email: string;
  profileImage: string;
  /** The account the login's key is: lowercase 0x address. */
  address: Hex;
  accountType: AccountType;
};

/** A sign-in way this deployment offers (from the identity service's config); no secret. */
export type LoginVerifierOption = {
  verifier: Verifier;
  typeOfLogin: Verifier;
  flavour: 'oidc' | 'oauth' | 'email';
};

export type LoginState = {
  /**
   * The sign-in ways the identity service offers, read at start ([] without a backend or
   * login configuration: the local way in stays the only one).
   */
  verifiers: LoginVerifierOption[];
  /** True from a login's start until it succeeded or failed (spec: false after a failure). */
  loginInProgress: boolean;
  /**
   * The signed-in user; null after logout, before any login, and after a reload until the
   * session is restored (it is not persisted: the session record holds it).
   */
  userInfo: LoginUserInfo | null;
  /**
   * The session namespace (spec part 1 §2 `sessionNamespace`; '' for the wallet's own pages) of
   * the signed-in login; null when no login session is open. A view of another namespace does
   * not count the wallet as signed in for itself.
   */
  sessionNamespace: string | null;
  /**
   * The address of the signed-in user's postbox key (spec part 1 §3: the key the login itself
   * rebuilds); the key stays in this background's memory only. Null when nobody is signed in.
   */
  postboxAddress: Hex | null;
  /**
   * Plugin mode (spec's isPlugin): a dapp signed the user in with a private key of its own
   * (embed loginWithPrivateKey); what it said about the user, checked field by field. Null
   * otherwise.
   */
  plugin: { userInfo: PluginUserInfo } | null;
};

/** What a dapp may tell about its user in plugin mode: these fields only, short strings. */
export type PluginUserInfo = Partial<
  Record<'name' | 'email' | 'profileImage' | 'verifier' | 'verifierId' | 'typeOfLogin', string>
>;
const PLUGIN_USER_INFO_FIELDS = [
  'name',
  'email',
  'profileImage',
  'verifier',
  'verifierId',
  'typeOfLogin',
] as const;
const PLUGIN_FIELD_MAX = 512;
export const INVALID_PLUGIN_USER_INFO_ERROR = 'Invalid userInfo';

/** Allow known, refuse the rest: a field outside the list or not a short string is refused. */
function parsePluginUserInfo(value: unknown): PluginUserInfo {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new LoginError(LoginErrorCode.refused, INVALID_PLUGIN_USER_INFO_ERROR);
  const info: PluginUserInfo = {};
  for (const [field, text] of Object.entries(value)) {
    const known = (PLUGIN_USER_INFO_FIELDS as readonly string[]).includes(field);
    if (!known || typeof text !== 'string' || text.length > PLUGIN_FIELD_MAX)
      throw new LoginError(
        LoginErrorCode.refused,
        `${INVALID_PLUGIN_USER_INFO_ERROR}: ${known ? `${field} must be a string` : `${field} is not allowed`}`,
      );
    info[field as keyof PluginUserInfo] = text;
  }
  return info;
}

export const loginControllerMetadata = {
  verifiers: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  loginInProgress: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  userInfo: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
  sessionNamespace: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  postboxAddress: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
  plugin: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
} satisfies StateMetadata<LoginState>;

export function getDefaultLoginState(): LoginState {
  return {
    verifiers: [],
    loginInProgress: false,
    userInfo: null,
    sessionNamespace: null,
    postboxAddress: null,
    plugin: null,
  };
}

export type LoginControllerGetStateAction = ControllerGetStateAction<
  typeof loginControllerName,
  LoginState
>;
export type LoginControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof loginControllerName,
  LoginState
>;
/** A locked wallet holds no key: locking drops the login's postbox and threshold keys. */
export const LOGIN_CONTROLLER_DELEGATED_EVENTS: KeyringControllerLockEvent['type'][] = [
  'KeyringController:lock',
];

export type LoginControllerMessenger = Messenger<
  typeof loginControllerName,
  LoginControllerGetStateAction,
  LoginControllerStateChangeEvent | KeyringControllerLockEvent
>;

/** What login needs of the keyring (the KeyringController has it): the key goes in, never out. */
export interface LoginKeyring {
  readonly state: { hasVault: boolean; isUnlocked: boolean; accounts: { address: Hex }[] };
  createNewVault(password: string): Promise<void>;
  submitPassword(password: string): Promise<void>;
  addAccounts(keys: { privKey: string; accountType: AccountType }[]): Promise<Hex[]>;
}

/** What login needs of threshold (tKey) accounts: the TKeyController has it. */
export interface ThresholdLogin {
  resolveLogin(postbox: RebuiltKey, reply: LoginReply): Promise<ThresholdOutcome>;
  finishWithSecondFactor(second: SecondFactor): Promise<OpenedThresholdKey>;
  createAccount(password?: string): Promise<OpenedThresholdKey>;
  forget(): void;
}

export interface LoginControllerOptions {
  messenger: LoginControllerMessenger;
  state?: Partial<LoginState>;
  /** The identity service's client (the backend API's). */
  backend: BackendClient;
  keyring: LoginKeyring;
  /** Threshold accounts; without it every login's account is `normal`. */
  tkey?: ThresholdLogin;
  /** HTTP to the key nodes; the global fetch by default. */
  fetchFn?: typeof fetch;
  now?: () => number;
  /** Waits before reading the login options again after no answer or a server error. */
  configRetryDelaysMs?: readonly number[];
  /**
   * Where login sessions are kept (login-session.ts); without one a login lasts until the wallet
   * locks (the engine stops), as before.
   */
  sessions?: LoginSessionStore;
  /** How long a session restores without signing in again (24 h). */
  sessionTtlMs?: number;
}

/** About two minutes of retries, then the next engine start or page asks again. */
const CONFIG_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

/** The HTTP status behind a refusal from the identity service (0: no answer), if any. */
function backendStatusOf(error: LoginError): number | undefined {
  return error.cause instanceof BackendError ? error.cause.status : undefined;
}

/** A login started here and not yet finished: the PKCE verifier never leaves the background. */
interface PendingLogin {
  codeVerifier: string;
  expiresAt: number;
  /** The session namespace of the page that started it. */
  namespace: string;
}

/** What a session restore found. */
export type RestoredSession =
  | { restored: true; address: Hex; userInfo: LoginUserInfo }
  | { restored: false; noAccounts?: true };

/** At most this many unfinished logins are remembered (a user retries; nobody needs more). */
const MAX_PENDING = 8;

/** The result of a login a view may know. */
export interface LoggedIn {
  address: Hex;
  /** True when this was the identity's first login anywhere: a new key was made. */
  created: boolean;
  userInfo: LoginUserInfo;
}

/**
 * Social and email login (spec part 1 §1 to §4, docs/login.md): starts and finishes the
 * identity service's flows with PKCE, rebuilds the user's key from the key nodes' shares in this
 * background and puts it in the keyring as a `normal` account. The key is never in state.
 */
export class LoginController extends BaseController<
  typeof loginControllerName,
  LoginState,
  LoginControllerMessenger
> {
  readonly #backend: BackendClient;
  readonly #keyring: LoginKeyring;
  readonly #tkey: ThresholdLogin | undefined;
  /** The verified identity of a login waiting for its second factor (the keys are the tkey's). */
  #awaiting: LoginReply['identity'] | null = null;
  /** The session namespace of the login waiting for its second factor. */
  #awaitingNamespace = '';
  readonly #fetch: typeof fetch | undefined;
  readonly #now: () => number;
  readonly #pending = new Map<string, PendingLogin>();
  readonly #configRetryDelaysMs: readonly number[];
  /** The signed-in user's postbox key and threshold key (tKey), in memory only, until logout. */
  #postboxKey: string | null = null;
  #thresholdKey: string | null = null;
  #configAttempt = 0;
  #configRetry: ReturnType<typeof setTimeout> | undefined;
  readonly #sessions: LoginSessionStore | undefined;
  readonly #sessionTtlMs: number;
  /** The restore running now, by namespace: pages loading together share one. */
  readonly #restoring = new Map<string, Promise<RestoredSession>>();

  constructor({
    messenger,
    backend,
    keyring,
    tkey,
    fetchFn,
    now,
    configRetryDelaysMs = CONFIG_RETRY_DELAYS_MS,
    sessions,
    sessionTtlMs = DEFAULT_SESSION_TTL_MS,
  }: LoginControllerOptions) {
    super({
      messenger,
      metadata: loginControllerMetadata,
      name: loginControllerName,
      // Nothing of a login survives a restart in state: a session restore brings it back.
      state: getDefaultLoginState(),
    });
    this.#backend = backend;
    this.#configRetryDelaysMs = configRetryDelaysMs;
    this.#keyring = keyring;
    this.#tkey = tkey;
    this.#fetch = fetchFn;
    this.#now = now ?? Date.now;
    this.#sessions = sessions;
    this.#sessionTtlMs = sessionTtlMs;
    this.messenger.subscribe('KeyringController:lock', () => this.#dropKeys());
  }

  /** The keys a login holds in memory go with the lock (a restore or a new sign-in brings them back). */
  #dropKeys(): void {
    this.#postboxKey = null;
    this.#thresholdKey = null;
    this.#awaiting = null;
  }

  /** What this deployment offers (verifiers, key nodes); no verifier when login is not set up. */
  async getLoginConfig(): Promise<LoginConfigReply> {
    return this.#identity((backend) => backend.getLoginConfig());
  }

  /**
   * Reads the sign-in ways into state; none when the identity service cannot be asked. A read
   * that got no answer or a server error is tried again a few times (a slow start or a network
   * blip must not leave the login screen without its buttons until the next engine start); a
   * deployment without login (any other refusal) is not asked again.
   */
  async refreshLoginOptions(): Promise<void> {
    this.stopLoginOptionsRetry();
    let verifiers: LoginVerifierOption[] = [];
    try {
      const config = await this.getLoginConfig();
      verifiers = config.verifiers.map(({ verifier, typeOfLogin, flavour }) => ({
        verifier,
        typeOfLogin,
        flavour,
      }));
      this.#configAttempt = 0;
    } catch (error) {
      // No backend or no login configured: the local way in stays.
      const status = error instanceof LoginError ? backendStatusOf(error) : undefined;
      if (status !== undefined && (status === 0 || status >= 500)) this.#retryLoginOptions();
    }
    this.update((s) => {
      s.verifiers = verifiers;
    });
  }

  /** Ends pending retries of the login options (the engine is shutting down). */
  stopLoginOptionsRetry(): void {
    clearTimeout(this.#configRetry);
    this.#configRetry = undefined;
  }

  #retryLoginOptions(): void {
    const delay = this.#configRetryDelaysMs[this.#configAttempt];
    if (delay === undefined) return;
    this.#configAttempt += 1;
    this.#configRetry = setTimeout(() => void this.refreshLoginOptions(), delay);
  }

  /** Starts a social login: the view opens the returned URL in the login popup. */
  async startSocialLogin(
    verifier: SocialVerifier,
    redirectUri: string,
    { loginHint, namespace = '' }: { loginHint?: string; namespace?: string } = {},
  ): Promise<LoginStartReply> {
    const { codeVerifier, codeChallenge } = newPkcePair();
    this.#setInProgress(true);
    try {
      const started = await this.#identity((backend) =>
        backend.startSocialLogin({
          verifier,
          redirectUri,
          codeChallenge,
          ...(loginHint ? { loginHint } : {}),
        }),
      );
      this.#remember(started.state, codeVerifier, Date.parse(started.expiresAt), namespace);
      return started;
    } catch (error) {
      this.#setInProgress(false);
      throw error;
    }
  }

  /** Finishes a social login with what the provider sent to the redirect URI. */
  async finishSocialLogin(state: string, code: string): Promise<LoggedIn> {
    const pending = this.#take(state);
    return this.#complete(
      () =>
        this.#identity((backend) =>
          backend.finishSocialLogin({ state, code, codeVerifier: pending.codeVerifier }),
        ),
      pending.namespace,
    );
  }

  /** Sends the login mail (6-digit code and magic link) to `email`. */
  async startEmailLogin(
    email: string,
    redirectUri: string,
    namespace = '',
  ): Promise<EmailLoginStartReply> {
    const { codeVerifier, codeChallenge } = newPkcePair();
    this.#setInProgress(true);
    try {
      const started = await this.#identity((backend) =>
        backend.startEmailLogin({ email, redirectUri, codeChallenge }),
      );
      this.#remember(started.loginId, codeVerifier, Date.parse(started.linkExpiresAt), namespace);
      // Waiting for the user's mail is not a login running: the buttons stay usable.
      this.#setInProgress(false);
      return started;
    } catch (error) {
      this.#setInProgress(false);
      throw error;
    }
  }

  /** Finishes an email login with the mail's code, or without one once its link was opened. */
  async finishEmailLogin(loginId: string, code?: string): Promise<LoggedIn> {
    const pending = this.#pending.get(loginId);
    if (!pending || pending.expiresAt <= this.#now())
      throw new LoginError(LoginErrorCode.unknownLogin, UNKNOWN_LOGIN_ERROR);
    const loggedIn = await this.#complete(
      () =>
        this.#identity((backend) =>
          backend.finishEmailLogin({
            loginId,
            codeVerifier: pending.codeVerifier,
            ...(code ? { code } : {}),
          }),
        ),
      pending.namespace,
    );
    // A wrong code keeps the login for another try; a success ends it.
    this.#pending.delete(loginId);
    return loggedIn;
  }

  /**
   * The magic link was opened (in any browser): tells the identity service, so the browser that
   * asked can finish its email login without the code.
   */
  async verifyMagicLink(token: string): Promise<{ email: string }> {
    const { email } = await this.#identity((backend) => backend.verifyEmailLink({ token }));
    return { email };
  }

  /** The popup was closed (or failed) before the provider answered: the login is over. */
  cancelSocialLogin(state?: string): void {
    if (state) this.#pending.delete(state);
    this.#setInProgress(false);
  }

  /**
   * Forgets who is signed in, their keys and every unfinished login, and invalidates the login
   * session (spec part 1 §4 logout): its record, with the only copy of its sealing key, is
   * deleted, so the next load of this namespace shows the login screen. Resolves once deleted.
   */
  async logout(): Promise<void> {
    this.#pending.clear();
    this.#tkey?.forget();
    this.#dropKeys();
    const namespace = this.state.sessionNamespace;
    this.update((s) => {
      s.loginInProgress = false;
      s.userInfo = null;
      s.sessionNamespace = null;
      s.postboxAddress = null;
      s.plugin = null;
    });
    if (namespace !== null) await this.#sessions?.delete(namespace);
  }

  /**
   * Restores the login session of `namespace` after a reload, without a popup (spec part 1 §2,
   * §4): the vault is opened with the sealed vault password and the user is signed in again.
   * `loginInProgress` is true meanwhile and false afterwards, also after a failure; a failure
   * (or an expired, damaged or foreign record, which is deleted) is logged and answers
   * `{ restored: false }`: the login screen shows. Pages of one namespace loading together
   * share one restore.
   */
  restoreSession(namespace: string): Promise<RestoredSession> {
    const running = this.#restoring.get(namespace);
    if (running) return running;
    const restore = this.#restore(namespace).finally(() => this.#restoring.delete(namespace));
    this.#restoring.set(namespace, restore);
    return restore;
  }

  async #restore(namespace: string): Promise<RestoredSession> {
    // Already signed in here (another page of this namespace restored or logged in).
    const { userInfo, sessionNamespace } = this.state;
    if (userInfo && sessionNamespace === namespace && this.#keyring.state.isUnlocked)
      return { restored: true, address: userInfo.address, userInfo };
    const sessions = this.#sessions;
    if (!sessions) return { restored: false };
    this.#setInProgress(true);
    try {
      const record = await sessions.get(namespace);
      if (!record) return { restored: false };
      if (record.expiresAt <= this.#now()) {
        await sessions.delete(namespace);
        return { restored: false };
      }
      let password: string;
      try {
        password = await openSessionRecord(namespace, record);
      } catch (error) {
        // Not sealed for this namespace (copied, or damaged): never usable, so gone.
        await sessions.delete(namespace);
        throw error;
      }
      if (!this.#keyring.state.isUnlocked) await this.#keyring.submitPassword(password);
      const { address } = record.userInfo;
      if (!this.#keyring.state.accounts.some((a) => a.address === address))
        throw new LoginError(LoginErrorCode.noAccounts, NO_ACCOUNTS_ERROR);
      this.update((s) => {
        s.userInfo = record.userInfo;
        s.sessionNamespace = namespace;
        // The login's account is its postbox key's (the key itself is not kept after a reload).
        s.postboxAddress = address;
      });
      return { restored: true, address, userInfo: record.userInfo };
    } catch (error) {
      console.warn('The login session could not be restored:', error);
      if (error instanceof LoginError && error.data.code === LoginErrorCode.noAccounts)
        return { restored: false, noAccounts: true };
      return { restored: false };
    } finally {
      this.#setInProgress(false);
    }
  }

  /**
   * Plugin mode (embed loginWithPrivateKey, spec part 1 §4): a dapp gives the user's key. It is
   * checked like an imported key (the spec's 'Cannot import an empty key.' / 'Cannot import
   * invalid private key.'), opens its own vault as a login key does (fresh profile: a vault is
   * made under a password derived from it; its own locked vault: opened; an open vault: one more
   * account) and becomes an `imported` account. The dapp's userInfo is kept, checked.
   */
  async loginWithPrivateKey(privateKey: unknown, userInfo?: unknown): Promise<Hex> {
    const entry = keyEntryFromImportedKey(typeof privateKey === 'string' ? privateKey : '');
    const info = parsePluginUserInfo(userInfo);
    const { address } = await this.#storeKey(
      { privateKey: entry.privKey, address: entry.ethAddress },
      'imported',
    );
    this.#pending.clear();
    this.update((s) => {
      s.plugin = { userInfo: info };
    });
    return address;
  }

  /**
   * The signed-in user's threshold key, once tKey rebuilt it (engine only, never an action):
   * with the postbox key it lets app-scoped keys be derived.
   */
  setThresholdKey(privateKey: string | null): void {
    this.#thresholdKey = privateKey;
  }

  /**
   * Derives the app-scoped key of a dapp project (spec part 1 §3: only when both the threshold
   * key and the postbox key exist) and adds it to the keyring as an `app_scoped` account.
   * Returns its address; the key never leaves the engine.
   */
  async addAppScopedAccount(projectId: string): Promise<Hex> {
    const privKey = deriveAppScopedKey(this.#thresholdKey, this.#postboxKey, projectId);
    const address = privateKeyToAddress(privKey);
    // The same project again is the same account: nothing to add.
    if (!this.#keyring.state.accounts.some((a) => a.address === address))
      await this.#keyring.addAccounts([{ privKey, accountType: 'app_scoped' }]);
    return address;
  }

  /**
   * Verifies the login and rebuilds its postbox key. A threshold account this device is not a
   * factor of is not opened: the login waits and fails with 'tkey.secondFactorNeeded' until
   * finishWithSecondFactor gets the password or backup phrase.
   */
  async #complete(finish: () => Promise<LoginReply>, namespace: string): Promise<LoggedIn> {
    this.#setInProgress(true);
    try {
      const reply = await finish();
      const key = await rebuildOrCreateKey(reply, this.#fetch);
      this.#awaiting = null;
      // A threshold account opens with this device's factor, or waits for a second one.
      const outcome = this.#tkey ? await this.#tkey.resolveLogin(key, reply) : undefined;
      if (outcome?.type === 'secondFactorNeeded') {
        this.#awaiting = reply.identity;
        this.#awaitingNamespace = namespace;
        throw new TKeyError(TKeyErrorCode.secondFactorNeeded);
      }
      const account = outcome?.type === 'threshold' ? outcome.key : key;
      return await this.#signedIn(reply.identity, key, account, key.created, namespace);
    } finally {
      this.#setInProgress(false);
    }
  }

  /** The new-device flow's second factor (password or backup phrase) after a social login. */
  async finishWithSecondFactor(second: SecondFactor): Promise<LoggedIn> {
    const awaiting = this.#awaiting;
    if (!awaiting || !this.#tkey)
      throw new LoginError(LoginErrorCode.unknownLogin, UNKNOWN_LOGIN_ERROR);
    this.#setInProgress(true);
    try {
      const { key, postbox } = await this.#tkey.finishWithSecondFactor(second);
      this.#awaiting = null;
      return await this.#signedIn(awaiting, postbox, key, false, this.#awaitingNamespace);
    } finally {
      this.#setInProgress(false);
    }
  }

  /** Stores the session a reload restores; a failure leaves the login working until it locks. */
  async #openSession(
    namespace: string,
    vaultPassword: string,
    userInfo: LoginUserInfo,
  ): Promise<void> {
    if (!this.#sessions) return;
    try {
      const record = await createSessionRecord({
        namespace,
        vaultPassword,
        userInfo,
        expiresAt: this.#now() + this.#sessionTtlMs,
      });
      await this.#sessions.put(namespace, record);
    } catch (error) {
      console.warn('The login session could not be stored:', error);
    }
  }

  /**
   * Turns the signed-in user's login into a threshold account (this device, and a password if
   * given); the new account is added and becomes the login's account.
   */
  async createThresholdAccount(password?: string): Promise<LoggedIn> {
    const userInfo = this.state.userInfo;
    if (!this.#tkey || !userInfo)
      throw new LoginError(LoginErrorCode.unknownLogin, UNKNOWN_LOGIN_ERROR);
    const { key, postbox } = await this.#tkey.createAccount(password);
    return this.#signedIn(userInfo, postbox, key, true, this.state.sessionNamespace ?? '');
  }

  async #signedIn(
    identity: LoginReply['identity'],
    postbox: RebuiltKey,
    account: { privateKey: string; address: string },
    created: boolean,
    namespace: string,
  ): Promise<LoggedIn> {
    const accountType: AccountType = account === postbox ? 'normal' : 'threshold';
    const { address, vaultPassword } = await this.#storeKey(postbox, accountType, account);
    // The login's own key is the postbox key (docs/login.md); app-scoped keys need both.
    this.#postboxKey = postbox.privateKey;
    this.#thresholdKey = accountType === 'threshold' ? account.privateKey : null;
    const { verifier, verifierId, typeOfLogin, name, email, profileImage } = identity;
    const userInfo: LoginUserInfo = {
      ...{ verifier, verifierId, typeOfLogin, name, email, profileImage },
      address,
      accountType,
    };
    // Another namespace's session stays stored, but this engine now serves this one.
    this.update((s) => {
      s.userInfo = userInfo;
      s.sessionNamespace = namespace;
      s.postboxAddress = postbox.address as Hex;
      s.loginInProgress = false;
    });
    if (vaultPassword) await this.#openSession(namespace, vaultPassword, userInfo);
    return { address, created, userInfo };
  }

  /**
   * Puts the account's key in the keyring. The postbox key opens its own vault: on a fresh
   * profile one is made under a password derived from it; a locked vault of this key is opened
   * with it; an open vault (any user's) takes the account as one more. A locked vault it cannot
   * open is refused.
   */
  async #storeKey(
    key: Pick<RebuiltKey, 'privateKey' | 'address'>,
    accountType: AccountType = 'normal',
    account: Pick<RebuiltKey, 'privateKey' | 'address'> = key,
  ): Promise<{ address: Hex; vaultPassword: string | null }> {
    const password = vaultPasswordFromKey(key.privateKey);
    // Only a vault this key opens can be restored from a session: one under a typed password
    // (the local way in, the key added to it) locks at reload as it always did.
    let keyedByLogin = false;
    if (!this.#keyring.state.hasVault) {
      await this.#keyring.createNewVault(password);
      keyedByLogin = true;
    } else if (!this.#keyring.state.isUnlocked) {
      try {
        await this.#keyring.submitPassword(password);
      } catch (cause) {
        const code = (cause as { data?: { code?: string } }).data?.code;
        if (code === KeyringErrorCode.incorrectPassword)
          throw new LoginError(LoginErrorCode.vaultLocked, VAULT_LOCKED_ERROR, { cause });
        throw cause;
      }
      keyedByLogin = true;
    }
    // An open vault's password is not known here (it may be a typed one): no session then.
    const address = account.address as Hex;
    if (!this.#keyring.state.accounts.some((a) => a.address === address))
      await this.#keyring.addAccounts([{ privKey: account.privateKey, accountType }]);
    return { address, vaultPassword: keyedByLogin ? password : null };
  }

  async #identity<T>(call: (backend: BackendClient) => Promise<T>): Promise<T> {
    try {
      return await call(this.#backend);
    } catch (cause) {
      if (cause instanceof BackendError)
        throw new LoginError(refusalCode(cause.status, cause.message), cause.message, { cause });
      throw cause;
    }
  }

  #remember(id: string, codeVerifier: string, expiresAt: number, namespace: string): void {
    for (const [key, value] of this.#pending)
      if (value.expiresAt <= this.#now()) this.#pending.delete(key);
    while (this.#pending.size >= MAX_PENDING)
      this.#pending.delete(this.#pending.keys().next().value!);
    this.#pending.set(id, {
      codeVerifier,
      expiresAt: Number.isFinite(expiresAt) ? expiresAt : this.#now() + 600_000,
      namespace,
    });
  }

  #take(state: string): PendingLogin {
    const pending = this.#pending.get(state);
    this.#pending.delete(state);
    if (!pending || pending.expiresAt <= this.#now()) {
      this.#setInProgress(false);
      throw new LoginError(LoginErrorCode.unknownLogin, UNKNOWN_LOGIN_ERROR);
    }
    return pending;
  }

  #setInProgress(value: boolean): void {
    if (this.state.loginInProgress !== value)
      this.update((s) => {
        s.loginInProgress = value;
      });
  }
}
