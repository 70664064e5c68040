// The development identity provider's users: anyone may sign in with any email address, and
// every id a real provider would give (numeric ids, handles, WeChat's openid) is derived from
// it, so the same email is always the same user. Three are offered on the sign-in page.
import { createHash } from 'node:crypto';

export const TEST_USERS = [
  { email: 'alice@example.com', name: 'Alice Example' },
  { email: 'bob@example.com', name: 'Bob Example' },
  { email: 'carol@example.com', name: 'Carol Example' },
] as const;

export interface DevUser {
  email: string;
  name: string;
  /** A lowercase handle from the email's local part (GitHub login, Reddit name, ...). */
  handle: string;
  /** 18 digits, as Discord ids are (and what Twitter, Facebook, Google use as `sub`). */
  numericId: string;
  /** A hex digest, for avatar hashes and WeChat's ids. */
  digest: string;
  /** The avatar this provider serves for the user. */
  picture: string;
}

/** The user signing in with `email` (already lowercased), at the provider `issuer`. */
export function devUser(email: string, issuer: string): DevUser {
  const digest = createHash('sha256').update(email).digest('hex');
  const numericId = `1${(BigInt(`0x${digest.slice(0, 30)}`) % 10n ** 17n).toString().padStart(17, '0')}`;
  const local = email.slice(0, email.indexOf('@'));
  const known = TEST_USERS.find((u) => u.email === email);
  const handle =
    local
      .replace(/[^a-z0-9-]/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 20) || 'user';
  const name =
    known?.name ?? local.replace(/[._-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  const initial =
    name
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 1)
      .toUpperCase() || 'U';
  const picture = `${issuer}/avatar/${digest.slice(0, 16)}/${initial}.svg`;
  return { email, name, handle, numericId, digest, picture };
}

/** The OpenID Connect claims of a user (filtered by the granted scopes and claims). */
export function oidcClaims(user: DevUser): { sub: string; [claim: string]: unknown } {
  return {
    sub: user.numericId,
    email: user.email,
    email_verified: true,
    name: user.name,
    nickname: user.name,
    preferred_username: user.handle,
    picture: user.picture,
  };
}

/** A simple avatar: an initial (one letter or digit) on a colour from the digest. */
export function avatarSvg(digestPrefix: string, initial: string): string {
  const hue = Number.parseInt(digestPrefix.slice(0, 4), 16) % 360;
  const letter = /^[A-Z0-9]$/.test(initial) ? initial : '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="hsl(${hue} 55% 45%)"/><text x="48" y="62" font-family="sans-serif" font-size="44" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
}
