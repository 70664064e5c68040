// Request authentication: a bearer JWT from /auth/verify, or the header scheme
// Auth-Challenge (seconds timestamp) + Auth-Signature (personal_sign of that timestamp string)
// + Auth-Public-Address. A challenge signature is accepted once, within a time window.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ServerConfig } from '../config';
import { unauthorized } from '../errors';
import { verifyToken } from './jwt';
import { recoverPersonalSignAddress } from './personal-sign';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate onRequest hook: the caller's lowercased address. */
    auth?: { address: string };
  }
}

export const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';

/** Remembers accepted challenge signatures until their window has passed. */
class ReplayGuard {
  private readonly seen = new Map<string, number>();

  /** True the first time a signature is presented before `expiresAt` (ms). */
  accept(signature: string, expiresAt: number, now: number): boolean {
    for (const [key, expiry] of this.seen) if (expiry <= now) this.seen.delete(key);
    if (this.seen.has(signature)) return false;
    this.seen.set(signature, expiresAt);
    return true;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function createAuthenticator(
  config: Pick<ServerConfig, 'jwtSecret' | 'authChallengeWindowSeconds'>,
  now: () => number = Date.now,
): onRequestAsyncHookHandler {
  const replays = new ReplayGuard();
  return async function authenticate(request) {
    const authorization = header(request, 'authorization');
    if (authorization) {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      if (!match?.[1]) throw unauthorized('Authorization header must be: Bearer <token>');
      request.auth = { address: verifyToken(match[1], config.jwtSecret, now()).sub };
      return;
    }
    const challenge = header(request, 'auth-challenge');
    const signature = header(request, 'auth-signature');
    const claimed = header(request, 'auth-public-address');
    if (challenge === undefined && signature === undefined && claimed === undefined) {
      throw unauthorized('Authentication required');
    }
    if (!challenge || !signature || !claimed) {
      throw unauthorized('Auth-Challenge, Auth-Signature and Auth-Public-Address are all required');
    }
    if (!/^\d{1,12}$/.test(challenge))
      throw unauthorized('Auth-Challenge must be a timestamp in seconds');
    const windowMs = config.authChallengeWindowSeconds * 1000;
    const issuedMs = Number(challenge) * 1000;
    if (Math.abs(now() - issuedMs) > windowMs) throw unauthorized('Auth-Challenge expired');
    const address = claimed.toLowerCase();
    if (recoverPersonalSignAddress(challenge, signature) !== address) {
      throw unauthorized('Auth-Signature does not match Auth-Public-Address');
    }
    if (!replays.accept(signature.toLowerCase(), issuedMs + windowMs, now())) {
      throw unauthorized('Auth-Signature already used');
    }
    request.auth = { address };
  };
}

/** The authenticated caller's address; only valid after the authenticate onRequest hook ran. */
export function callerAddress(request: FastifyRequest): string {
  if (!request.auth) throw unauthorized('Authentication required');
  return request.auth.address;
}
