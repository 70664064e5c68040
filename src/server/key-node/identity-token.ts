// Checks the identity tokens the identity service mints (identity/identity-tokens.ts): its
// signature against the service's published keys, its issuer, this node as the audience, the
// token type, its age and expiry; then records its use, so each token serves one fetch and one
// deposit at this node and no more.
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import { IDENTITY_TOKEN_TYPE, VERIFIERS, type Verifier } from '../../shared/api';
import { HttpError, unauthorized } from '../errors';
import type { KeyNodeConfig } from './config';
import type { KeyNodeDb } from './schema';

export interface VerifiedToken {
  verifier: Verifier;
  verifierId: string;
  jti: string;
  expiresAt: Date;
}

export type TokenOperation = 'fetch' | 'deposit';

export class IdentityTokenVerifier {
  readonly #keys: JWTVerifyGetKey;

  constructor(
    private readonly config: Pick<
      KeyNodeConfig,
      'nodeId' | 'identityIssuer' | 'identityJwks' | 'maxTokenAgeSeconds'
    >,
    private readonly db: KeyNodeDb,
  ) {
    this.#keys =
      typeof config.identityJwks === 'string'
        ? createRemoteJWKSet(new URL(config.identityJwks), { timeoutDuration: 5000 })
        : createLocalJWKSet(config.identityJwks as JSONWebKeySet);
  }

  /** The identity of an `Authorization: Bearer <token>` header, its use recorded for `operation`. */
  async use(authorization: string | undefined, operation: TokenOperation): Promise<VerifiedToken> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) throw unauthorized('Authorization: Bearer <identity token> is required');
    const token = await this.verify(match[1]);
    // Recorded before anything is released or stored: a second use finds this row.
    const recorded = await this.db
      .insertInto('used_identity_tokens')
      .values({ jti: token.jti, operation, expires_at: token.expiresAt })
      .onConflict((oc) => oc.columns(['jti', 'operation']).doNothing())
      .returning('jti')
      .executeTakeFirst();
    if (!recorded) throw unauthorized('Identity token already used');
    return token;
  }

  async verify(token: string): Promise<VerifiedToken> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.#keys, {
        issuer: this.config.identityIssuer,
        audience: this.config.nodeId,
        algorithms: ['ES256'],
        typ: IDENTITY_TOKEN_TYPE,
        maxTokenAge: this.config.maxTokenAgeSeconds,
        clockTolerance: 5,
        requiredClaims: ['jti', 'iat', 'exp', 'verifier', 'verifier_id'],
      }));
    } catch (error) {
      throw tokenError(error);
    }
    const { verifier, verifier_id: verifierId, jti, exp } = payload;
    if (typeof verifier !== 'string' || !(VERIFIERS as readonly string[]).includes(verifier))
      throw unauthorized('Identity token names an unknown verifier');
    if (typeof verifierId !== 'string' || verifierId.length === 0 || verifierId.length > 512)
      throw unauthorized('Identity token has no valid verifier_id');
    if (typeof jti !== 'string' || jti.length > 128) throw unauthorized('Invalid identity token');
    return {
      verifier: verifier as Verifier,
      verifierId,
      jti,
      expiresAt: new Date((exp as number) * 1000),
    };
  }
}

function tokenError(error: unknown): HttpError {
  if (error instanceof errors.JWTExpired) return unauthorized('Identity token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return unauthorized('Identity token is for another key node');
    if (error.claim === 'iss') return unauthorized('Identity token issuer is not trusted');
    if (error.claim === 'iat') return unauthorized('Identity token is too old');
    if (error.claim === 'typ') return unauthorized('Not an identity token');
    return unauthorized(`Identity token claim ${error.claim} is invalid`);
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JOSEAlgNotAllowed
  )
    return unauthorized('Identity token signature is invalid');
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid)
    return new HttpError(503, 'Identity keys unavailable: retry');
  if (error instanceof errors.JOSEError) return unauthorized('Invalid identity token');
  return new HttpError(503, `Identity keys unavailable: ${(error as Error).message}`);
}
