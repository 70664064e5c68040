import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { MethodActions } from '../messenger/method-actions';
import type { BackendClient } from '../backend/api-client';
import type { KeyringControllerSignPersonalMessageAction } from '../keyring/KeyringController';
import { assertSigninMessage } from '../messages/signin-message';
import { isTokenUsable } from './jwt-expiry';

export const backendSessionControllerName = 'BackendSessionController';

export type BackendSessionState = {
  /** Bearer tokens by lowercase address: a credential, persisted but never sent to the UI. */
  jwtTokens: Record<string, string>;
  /**
   * Which addresses (lowercase) hold a session, for views: whether contacts and custom records
   * will be kept on the backend (views.md G3). Derived from the tokens, never the tokens.
   */
  signedIn: Record<string, boolean>;
};

/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const backendSessionControllerMetadata = {
  jwtTokens: {
    persist: true,
    usedInUi: false,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
  signedIn: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
} satisfies StateMetadata<BackendSessionState>;

export function getDefaultBackendSessionState(): BackendSessionState {
  return { jwtTokens: {}, signedIn: {} };
}

const signedInFrom = (jwtTokens: Record<string, string>): Record<string, boolean> =>
  Object.fromEntries(Object.keys(jwtTokens).map((address) => [address, true]));

export type BackendSessionControllerGetStateAction = ControllerGetStateAction<
  typeof backendSessionControllerName,
  BackendSessionState
>;
/** The methods others may call as `BackendSessionController:<method>`. */
const MESSENGER_EXPOSED_METHODS = [
  'getToken',
  'ensureToken',
  'signIn',
  'handleUnauthorized',
] as const;

export type BackendSessionControllerGetTokenAction = MethodActions<
  typeof backendSessionControllerName,
  BackendSessionController,
  'getToken'
>;
export type BackendSessionControllerEnsureTokenAction = MethodActions<
  typeof backendSessionControllerName,
  BackendSessionController,
  'ensureToken'
>;
export type BackendSessionControllerSignInAction = MethodActions<
  typeof backendSessionControllerName,
  BackendSessionController,
  'signIn'
>;
export type BackendSessionControllerHandleUnauthorizedAction = MethodActions<
  typeof backendSessionControllerName,
  BackendSessionController,
  'handleUnauthorized'
>;
export type BackendSessionControllerActions =
  | BackendSessionControllerGetStateAction
  | MethodActions<
      typeof backendSessionControllerName,
      BackendSessionController,
      (typeof MESSENGER_EXPOSED_METHODS)[number]
    >;

/** The server refused the token (401 'Token expired'): the engine turns this into a lock. */
export type BackendSessionControllerLoggedOutEvent = {
  type: `${typeof backendSessionControllerName}:loggedOut`;
  payload: [address: string];
};
export type BackendSessionControllerEvents =
  | ControllerStateChangeEvent<typeof backendSessionControllerName, BackendSessionState>
  | BackendSessionControllerLoggedOutEvent;

export type BackendSessionControllerAllowedActions = KeyringControllerSignPersonalMessageAction;
export const BACKEND_SESSION_CONTROLLER_DELEGATED_ACTIONS: BackendSessionControllerAllowedActions['type'][] =
  ['KeyringController:signPersonalMessage'];

export type BackendSessionControllerMessenger = Messenger<
  typeof backendSessionControllerName,
  BackendSessionControllerActions | BackendSessionControllerAllowedActions,
  BackendSessionControllerEvents
>;

export interface BackendSessionControllerOptions {
  messenger: BackendSessionControllerMessenger;
  state?: Partial<BackendSessionState>;
  backend: BackendClient;
  /** Signs the sign-in message; defaults to the KeyringController:signPersonalMessage action. */
  signPersonalMessage?: (address: string, message: string) => Promise<string>;
  /** Called after a 401 logout, besides the loggedOut event. */
  logout?: (address: string) => void;
  now?: () => number;
}

/**
 * The wallet's sessions with the backend (spec part 2 §7): sign-in (message → sign → verify),
 * the bearer token per address, and logout when the server refuses one. Social login's sessions
 * belong here too.
 */
export class BackendSessionController extends BaseController<
  typeof backendSessionControllerName,
  BackendSessionState,
  BackendSessionControllerMessenger
> {
  readonly #backend: BackendClient;
  readonly #sign: (address: string, message: string) => Promise<string>;
  readonly #logout: ((address: string) => void) | undefined;
  readonly #now: () => number;

  constructor({
    messenger,
    state,
    backend,
    signPersonalMessage,
    logout,
    now = Date.now,
  }: BackendSessionControllerOptions) {
    super({
      messenger,
      metadata: backendSessionControllerMetadata,
      name: backendSessionControllerName,
      state: {
        ...getDefaultBackendSessionState(),
        ...state,
        signedIn: signedInFrom(state?.jwtTokens ?? {}),
      },
    });
    this.#backend = backend;
    this.#sign =
      signPersonalMessage ??
      ((address, message) =>
        this.messenger.call('KeyringController:signPersonalMessage', address, message));
    this.#logout = logout;
    this.#now = now;
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /** The bearer token of an address (undefined without a session), for backend calls. */
  getToken(address: string): string | undefined {
    return this.state.jwtTokens[address.toLowerCase()];
  }

  /** A usable token: the stored one while it has not expired, else a new sign-in. */
  async ensureToken(address: string): Promise<string> {
    const stored = this.getToken(address);
    return stored && isTokenUsable(stored, this.#now()) ? stored : this.signIn(address);
  }

  /**
   * message → sign → verify, whatever is stored (e.g. the server refused a token that looked
   * valid); the token is stored before it is returned.
   */
  async signIn(address: string): Promise<string> {
    const key = address.toLowerCase();
    const { message } = await this.#backend.getAuthMessage(key);
    // Only our own challenge is signed: a server could otherwise obtain any personal signature.
    assertSigninMessage(message);
    const signature = await this.#sign(key, message);
    const { token } = await this.#backend.verifyAuth(key, signature);
    this.update((state) => {
      state.jwtTokens[key] = token;
      state.signedIn[key] = true;
    });
    return token;
  }

  /** Forgets the address's token and announces the logout (spec part 2 §7). */
  handleUnauthorized(address: string): void {
    const key = address.toLowerCase();
    this.update((state) => {
      delete state.jwtTokens[key];
      delete state.signedIn[key];
    });
    this.messenger.publish(`${backendSessionControllerName}:loggedOut`, key);
    this.#logout?.(key);
  }
}
