// Why a login failed: stable codes next to the spec's texts (spec part 1 §5, views.md §3.1).
// Views match on the code and show their own translated text.
import { CodedError } from '../errors/coded-error';

export const LoginErrorCode = {
  /** The popup was closed before the provider sent the user back ('user closed popup'). */
  userClosedPopup: 'identity.userClosedPopup',
  /** A login that this background did not start, or started too long ago. */
  unknownLogin: 'identity.unknownLogin',
  /** The identity service refused the login (its message is kept). */
  refused: 'identity.refused',
  /** Fewer than `threshold` key nodes gave a share (or a first login with a node down). */
  keyUnavailable: 'identity.keyUnavailable',
  /** The shares rebuilt a key whose address is not the one the nodes recorded. */
  keyMismatch: 'identity.keyMismatch',
  /** This profile's vault belongs to someone else and is locked: it must be unlocked first. */
  vaultLocked: 'identity.vaultLocked',
  /** Another login is already running. */
  inProgress: 'identity.inProgress',
  noAccounts: 'identity.noAccounts',
  /** The view's login popup could not open (a popup blocker). */
  popupBlocked: 'identity.popupBlocked',
  /** The provider sent the user back with an error (e.g. access denied). */
  providerRefused: 'identity.providerRefused',
  /** An app-scoped key was asked for without both the threshold key and the postbox key. */
  appScopedUnavailable: 'identity.appScopedUnavailable',
  /** Not a developer-dashboard project id (base64). */
  invalidProjectId: 'identity.invalidProjectId',
} as const;
export type LoginErrorCode = (typeof LoginErrorCode)[keyof typeof LoginErrorCode];

export const USER_CLOSED_POPUP_ERROR = 'user closed popup';
export const UNKNOWN_LOGIN_ERROR = 'This login was not started here or has expired: start again';
export const KEY_UNAVAILABLE_ERROR = 'Cannot reach enough key nodes to rebuild the key';
export const KEY_MISMATCH_ERROR = 'The rebuilt key is not the one the key nodes recorded';
export const VAULT_LOCKED_ERROR =
  'This browser holds another locked wallet: unlock it with its password first';
export const IN_PROGRESS_ERROR = 'A login is already in progress';
export const NO_ACCOUNTS_ERROR = 'No Accounts available';
export const APP_SCOPED_UNAVAILABLE_ERROR =
  'App-scoped keys need both the threshold key and the postbox key';
export const INVALID_PROJECT_ID_ERROR = 'Invalid project id';

export class LoginError extends CodedError<{ code: LoginErrorCode }> {
  constructor(code: LoginErrorCode, message: string, options?: { cause?: unknown }) {
    super({ code }, message, options);
    this.name = 'LoginError';
  }
}
