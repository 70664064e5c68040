// A social login through a popup (spec part 1 §2, views.md §3.1): the window is opened at once
// on the click (so no popup blocker stops it) at the wallet's /start, which shows the loader,
// then pointed at the identity provider once the background has started the login, and watched until /end answers or the user closes it
// (noticed within a second). The background finishes the login; the view never sees a key.
import type { LoginResult, RemoteActionApi } from '../../../background/contract/action-api';
import { SOCIAL_VERIFIERS, type SocialVerifier } from '../../../shared/api/login';
import { loginEndUri, loginStartUri, parseLoginEnd } from './popup-channel';

/** The spec's login popup size. */
export const LOGIN_POPUP_FEATURES = 'popup,width=450,height=700';
/** How often the popup is checked for having been closed: within the spec's 1 s. */
export const CLOSED_CHECK_MS = 250;

/** A failure the view shows by its code, as the background's coded failures are. */
export class PopupLoginError extends Error {
  readonly data: { code: string };

  constructor(code: string, message: string) {
    super(message);
    this.name = 'PopupLoginError';
    this.data = { code };
  }
}

export interface PopupLoginOptions {
  open?: (url: string, target: string, features: string) => Window | null;
  /** Where answers arrive (the opener's window). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  origin?: string;
  /** The wallet's /end (default: under this document's base). */
  redirectUri?: string;
  /** The wallet's /start for this provider, the popup's first page (default: under the base). */
  startUri?: string;
  /** The page's session namespace: the login's session is kept there ('' by default). */
  namespace?: string;
}

/** A verifier signed in through the popup (every one but email). */
export function isSocialVerifier(verifier: string): verifier is SocialVerifier {
  return (SOCIAL_VERIFIERS as readonly string[]).includes(verifier);
}

export async function loginWithPopup(
  actions: Pick<RemoteActionApi, 'startSocialLogin' | 'finishSocialLogin' | 'cancelSocialLogin'>,
  verifier: SocialVerifier,
  {
    open = (url, name, features) => window.open(url, name, features),
    target = window,
    origin = window.location.origin,
    redirectUri = loginEndUri(),
    startUri = loginStartUri(verifier),
    namespace = '',
  }: PopupLoginOptions = {},
): Promise<LoginResult> {
  const popup = open(startUri, 'orrery-login', LOGIN_POPUP_FEATURES);
  if (!popup) throw new PopupLoginError('identity.popupBlocked', 'The login popup was blocked');
  let started: { authorizationUrl: string; state: string };
  try {
    started = await actions.startSocialLogin(verifier, redirectUri, namespace);
  } catch (error) {
    popup.close();
    throw error;
  }
  popup.location.href = started.authorizationUrl;

  const answer = await new Promise<{ code: string | null; error: string | null }>((resolve) => {
    const done = (value: { code: string | null; error: string | null }) => {
      target.removeEventListener('message', onMessage);
      clearInterval(watch);
      resolve(value);
    };
    const onMessage = (event: MessageEvent) => {
      // Only the wallet's own /end, in the popup opened here, for this login.
      if (event.origin !== origin || event.source !== popup) return;
      const message = parseLoginEnd(event.data);
      if (message?.state === started.state) done(message);
    };
    const watch = setInterval(() => {
      if (popup.closed) done({ code: null, error: 'closed' });
    }, CLOSED_CHECK_MS);
    target.addEventListener('message', onMessage);
  });
  if (!popup.closed) popup.close();

  if (!answer.code) {
    await actions.cancelSocialLogin(started.state);
    throw answer.error === 'closed'
      ? new PopupLoginError('identity.userClosedPopup', 'user closed popup')
      : new PopupLoginError('identity.providerRefused', `The provider answered ${answer.error}`);
  }
  return actions.finishSocialLogin(started.state, answer.code);
}
