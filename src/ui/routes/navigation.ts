/**
 * The routing rules of spec part 1 §2 and §6 as pure functions of paths and query strings
 * (unit-tested in test/ui/navigation.test.ts). Paths are in-app paths, under the router's
 * basename (`/wallet/home`, not `/v5.0.2/wallet/home`).
 */

/** Query parameters carried across every in-app navigation. */
export const CARRIED_PARAMS = ['instanceId', 'isCustomLogin', 'sessionNamespace'] as const;

/** The wallet area: needs a session. */
export function isWalletPath(pathname: string): boolean {
  return pathname === '/wallet' || pathname.startsWith('/wallet/');
}

/** Wallet routes that read their own query (top-up and transfer), so keep it. */
export function keepsOwnQuery(pathname: string): boolean {
  return /^\/wallet\/(topup(\/.*)?|transfer\/?)$/.test(pathname);
}

/** Paths that show the login screen (after a session restore they send the user on). */
export const LOGIN_SCREEN_PATHS = ['/', '/logout'] as const;

/** Custom-login (embedding) mode: `isCustomLogin=true` or any sessionNamespace (spec part 1 §6). */
export function isCustomLogin(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('isCustomLogin') === 'true' || Boolean(params.get('sessionNamespace'));
}

/**
 * The page's login session namespace (spec part 1 §2 `sessionNamespace`, carried across
 * navigations): '' for the wallet's own pages. The engine checks the value again.
 */
export function sessionNamespaceOf(search: string): string {
  return new URLSearchParams(search).get('sessionNamespace') ?? '';
}

function carriedFrom(search: string): URLSearchParams {
  const from = new URLSearchParams(search);
  const carried = new URLSearchParams();
  for (const name of CARRIED_PARAMS) {
    const value = from.get(name);
    if (value !== null) carried.set(name, value);
  }
  return carried;
}

function splitTarget(to: string): { pathname: string; search: string; hash: string } {
  const url = new URL(to, 'https://app.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/**
 * Where an in-app navigation to `to` lands from a page whose query is `currentSearch`: on wallet
 * routes the target's own parameters are dropped (except top-up and transfer); every other
 * route keeps them; the carried parameters come along unless the target sets them itself.
 */
export function resolveNavigation(to: string, currentSearch: string): string {
  const { pathname, search, hash } = splitTarget(to);
  const params =
    isWalletPath(pathname) && !keepsOwnQuery(pathname)
      ? carriedFrom(search)
      : new URLSearchParams(search);
  for (const [name, value] of carriedFrom(currentSearch)) {
    if (!params.has(name)) params.set(name, value);
  }
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}

/**
 * The query a wallet route should have when landed on directly: the carried parameters only
 * (top-up and transfer keep theirs). Null when it already has nothing else.
 */
export function cleanWalletSearch(pathname: string, search: string): string | null {
  if (!isWalletPath(pathname) || keepsOwnQuery(pathname)) return null;
  const kept = carriedFrom(search).toString();
  const current = new URLSearchParams(search).toString();
  return kept === current ? null : kept ? `?${kept}` : '';
}

/**
 * A `?redirect=` value if it is a safe in-app target: a path on this origin (`/wallet/…`), never
 * a URL, a protocol-relative `//host` or a backslash trick, and never back to the login screen.
 */
export function safeRedirect(value: string | null): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://app.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://app.invalid') return null;
  if ((LOGIN_SCREEN_PATHS as readonly string[]).includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a signed-in user on the login screen goes: `?redirect=` when safe, else /wallet. */
export function afterLoginTarget(search: string): string {
  const redirect = safeRedirect(new URLSearchParams(search).get('redirect'));
  return resolveNavigation(redirect ?? '/wallet', search);
}

/** The login screen for a visitor without a session who asked for `pathname` + `search`. */
export function loginTargetFor(pathname: string, search: string): string {
  const params = carriedFrom(search);
  params.set('redirect', `${pathname}${search}`);
  return `/?${params.toString()}`;
}
