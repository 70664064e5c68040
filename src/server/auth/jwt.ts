// Minimal HS256 JSON Web Tokens (RFC 7519) with node:crypto: sign, and verify signature + expiry.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../errors';

export interface TokenClaims {
  /** Lowercased 0x address of the signed-in user. */
  sub: string;
  iat: number;
  exp: number;
  jti: string;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

export function signToken(
  address: string,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const claims: TokenClaims = { sub: address, iat, exp: iat + ttlSeconds, jti: randomUUID() };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${signature(body, secret)}`;
}

/** Returns the claims of a valid token; throws 401 'Token expired' or 401 'Invalid token'. */
export function verifyToken(token: string, secret: string, now = Date.now()): TokenClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw unauthorized('Invalid token');
  const [header, payload, sig] = parts as [string, string, string];
  if (header !== HEADER) throw unauthorized('Invalid token');
  const expected = Buffer.from(signature(`${header}.${payload}`, secret));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw unauthorized('Invalid token');
  let claims: Partial<TokenClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenClaims>;
  } catch {
    throw unauthorized('Invalid token');
  }
  if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number')
    throw unauthorized('Invalid token');
  if (claims.exp <= Math.floor(now / 1000)) throw unauthorized('Token expired');
  return claims as TokenClaims;
}
