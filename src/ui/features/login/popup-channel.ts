// The channel between the login popup and the page that opened it (views.md §3.3): the
// wallet's /end page hands the provider's answer to its opener with postMessage, addressed to
// the wallet's own origin; the opener accepts it only from that origin, from the popup it
// opened, for the login it started. Nothing secret travels: the code is useless without the
// PKCE verifier the background keeps.

import { SOCIAL_VERIFIERS, type SocialVerifier } from '../../../shared/api/login';

export const LOGIN_END_MESSAGE = 'orrery:login-end';

export interface LoginEndMessage {
  type: typeof LOGIN_END_MESSAGE;
  state: string;
  /** The authorization code, or null when the provider answered an error. */
  code: string | null;
  /** The provider's `error` (e.g. access_denied), or null. */
  error: string | null;
}

/** The provider's answer in the /end page's query, or null when it carries none. */
export function loginEndFromQuery(search: string): LoginEndMessage | null {
  const query = new URLSearchParams(search);
  const state = query.get('state');
  if (!state) return null;
  return {
    type: LOGIN_END_MESSAGE,
    state,
    code: query.get('code') || null,
    error: query.get('error') || (query.get('code') ? null : 'no_code'),
  };
}

/** The magic link's token in the /end page's query (the server's MAGIC_LINK_PARAM), or null. */
export function magicLinkFromQuery(search: string): string | null {
  const token = new URLSearchParams(search).get('magic_link');
  return token && /^[A-Za-z0-9_-]{43}$/u.test(token) ? token : null;
}

/** A message event's data, if it is a login end message (anything else is ignored). */
export function parseLoginEnd(data: unknown): LoginEndMessage | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Partial<LoginEndMessage>;
  if (message.type !== LOGIN_END_MESSAGE || typeof message.state !== 'string') return null;
  const code = typeof message.code === 'string' ? message.code : null;
  const error = typeof message.error === 'string' ? message.error : null;
  if (!code && !error) return null;
  return { type: LOGIN_END_MESSAGE, state: message.state, code, error };
}

/** The wallet's /start under its base path, naming the provider the popup is about to open. */
export function loginStartUri(
  verifier: SocialVerifier,
  baseUri: string = document.baseURI,
): string {
  const url = new URL('start', baseUri);
  url.searchParams.set('loginProvider', verifier);
  return url.toString();
}

/** The provider a /start page was opened for, or null when its query names none we offer. */
export function loginStartFromQuery(search: string): SocialVerifier | null {
  const provider = new URLSearchParams(search).get('loginProvider');
  return provider && (SOCIAL_VERIFIERS as readonly string[]).includes(provider)
    ? (provider as SocialVerifier)
    : null;
}

/** The wallet's /end under its base path: the redirect URI the identity service allows. */
export function loginEndUri(baseUri: string = document.baseURI): string {
  return new URL('end', baseUri).toString();
}
