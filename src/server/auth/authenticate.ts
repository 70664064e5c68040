// Request authentication: a bearer JWT from /auth/verify, or the header scheme
// Auth-Challenge (seconds timestamp) + Auth-Signature (personal_sign of that timestamp string)
// + Auth-Public-Address. A challenge is accepted once per address, within a time window: the
// use is a row in the database, so every API instance on that database refuses a second use.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import { unauthorized } from '../errors';
import { nonCanonicalReason, recoverPersonalSignAddress } from './personal-sign';
import { cachedTokenVerifier } from './token-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate onRequest hook: the caller's lowercased address. */
    auth?: { address: string };
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function createAuthenticator(
  config: Pick<ServerConfig, 'jwtSecret' | 'authChallengeWindowSeconds'>,
  db: Db,
  now: () => number = Date.now,
): onRequestAsyncHookHandler {
  const verifyToken = cachedTokenVerifier(config.jwtSecret);
  return async function authenticate(request) {
    const authorization = header(request, 'authorization');
    if (authorization) {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      if (!match?.[1]) throw unauthorized('Authorization header must be: Bearer <token>');
      request.auth = { address: verifyToken(match[1], now()).sub };
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
    const nonCanonical = nonCanonicalReason(signature);
    if (nonCanonical) throw unauthorized(`Auth-Signature is not canonical: ${nonCanonical}`);
    if (recoverPersonalSignAddress(challenge, signature) !== address) {
      throw unauthorized('Auth-Signature does not match Auth-Public-Address');
    }
    // The challenge itself is used up, whatever encoding of its signature came with it.
    const recorded = await db
      .insertInto('used_challenges')
      .values({ public_address: address, challenge, expires_at: new Date(issuedMs + windowMs) })
      .onConflict((oc) => oc.columns(['public_address', 'challenge']).doNothing())
      .returning('challenge')
      .executeTakeFirst();
    if (!recorded) throw unauthorized('Auth-Challenge already used');
    request.auth = { address };
  };
}

/** The authenticated caller's address; only valid after the authenticate onRequest hook ran. */
export function callerAddress(request: FastifyRequest): string {
  if (!request.auth) throw unauthorized('Authentication required');
  return request.auth.address;
}
