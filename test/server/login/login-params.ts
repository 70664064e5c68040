// What the tests' wallet side uses for every login: the redirect URI, the identity tokens'
// issuer, and a fresh PKCE pair per login.
import { randomBytes } from 'node:crypto';
import { codeChallengeOf } from '../../../src/shared/api';

/** The wallet page the providers send users back to (nothing listens there in tests). */
export const REDIRECT_URI = 'http://localhost:4050/end';
export const IDENTITY_ISSUER = 'http://identity.orrery.test';

/** A PKCE pair, as the wallet makes one per login. */
export function pkce(): { codeVerifier: string; codeChallenge: string } {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: codeChallengeOf(codeVerifier) };
}
