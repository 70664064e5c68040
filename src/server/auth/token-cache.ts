// Bearer tokens verified once for their lifetime: every authenticated request carried the same
// token through an HMAC, a base64 decode and a JSON parse. A token is remembered only after it
// verified, keyed by its exact text (a byte changed is another key, verified afresh), its
// expiry checked again on every use, and the number remembered bounded.
import { unauthorized } from '../errors';
import { verifyToken, type TokenClaims } from './jwt';

/** Enough for every user active within a token's lifetime on one instance, a few MB at most. */
export const DEFAULT_MAX_CACHED_TOKENS = 10_000;

export type TokenVerifier = (token: string, now: number) => TokenClaims;

/**
 * `verify` (verifyToken) with `secret`, remembering the claims of up to `maxEntries` valid
 * tokens.
 */
export function cachedTokenVerifier(
  secret: string,
  maxEntries = DEFAULT_MAX_CACHED_TOKENS,
  verify: typeof verifyToken = verifyToken,
): TokenVerifier {
  const verified = new Map<string, TokenClaims>();
  return (token, now) => {
    const known = verified.get(token);
    if (known !== undefined) {
      if (known.exp > Math.floor(now / 1000)) return known;
      verified.delete(token);
      throw unauthorized('Token expired');
    }
    const claims = Object.freeze(verify(token, secret, now));
    // The oldest entry makes room (a Map iterates in insertion order).
    if (verified.size >= maxEntries) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
    return claims;
  };
}
