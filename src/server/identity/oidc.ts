// OpenID Connect: an issuer's discovery document, its published keys, and id_token verification
// with jose (signature, issuer, audience, expiry, nonce), each failure with its own message.
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { HttpError, unauthorized } from '../errors';
import { fetchJson } from '../http-json';

export interface DiscoveryDocument {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** Signature algorithms accepted on id_tokens: asymmetric only (never 'none' or a shared secret). */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];

/** Seconds of clock difference tolerated with the identity provider. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** Discovery documents and key sets of the configured issuers, fetched once and kept. */
export class OidcDirectory {
  readonly #documents = new Map<string, { document: DiscoveryDocument; until: number }>();
  readonly #keySets = new Map<string, JWTVerifyGetKey>();

  constructor(
    private readonly options: { timeoutMs: number; cacheMs?: number; now?: () => number },
  ) {}

  async discover(issuer: string): Promise<DiscoveryDocument> {
    const now = (this.options.now ?? Date.now)();
    const cached = this.#documents.get(issuer);
    if (cached && cached.until > now) return cached.document;
    const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const { status, body } = await fetchJson(
      `Identity provider ${issuer}`,
      url,
      { headers: { accept: 'application/json' } },
      this.options.timeoutMs,
    );
    const document = body as Partial<DiscoveryDocument> | undefined;
    if (status !== 200 || !document)
      throw new HttpError(
        502,
        `Identity provider ${issuer} answered ${status} for its discovery document`,
      );
    // OpenID Connect Discovery §4.3: the document must name exactly the issuer it was asked for.
    if (document.issuer !== issuer)
      throw new HttpError(
        502,
        `Discovery document of ${issuer} names another issuer: ${document.issuer}`,
      );
    for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof document[field] !== 'string' || !/^https?:\/\//.test(document[field]))
        throw new HttpError(502, `Discovery document of ${issuer} has no ${field}`);
    }
    const complete = document as DiscoveryDocument;
    this.#documents.set(issuer, {
      document: complete,
      until: now + (this.options.cacheMs ?? 3_600_000),
    });
    return complete;
  }

  /** The issuer's published keys; jose refetches them when an unknown key id appears. */
  keys(jwksUri: string): JWTVerifyGetKey {
    let keySet = this.#keySets.get(jwksUri);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: this.options.timeoutMs });
      this.#keySets.set(jwksUri, keySet);
    }
    return keySet;
  }
}

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  /** The nonce this login sent; the token must carry it. */
  nonce: string;
  /** For tests: the time the token is judged at. */
  currentDate?: Date;
}

/** The verified claims of an id_token, or a 401 naming what is wrong with it. */
export async function verifyIdToken(
  idToken: string,
  keys: JWTVerifyGetKey,
  expected: IdTokenExpectations,
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: expected.issuer,
      audience: expected.clientId,
      algorithms: ID_TOKEN_ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'iat', 'exp'],
      currentDate: expected.currentDate,
    }));
  } catch (error) {
    throw idTokenError(error, expected.issuer);
  }
  // Several audiences: the authorized party must be this client (OpenID Connect Core §3.1.3.7).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId)
    throw unauthorized('id_token audience is not this client');
  if (payload.nonce !== expected.nonce)
    throw unauthorized('id_token nonce does not match this login');
  return payload;
}

function idTokenError(error: unknown, issuer: string): HttpError {
  if (error instanceof errors.JWTExpired) return unauthorized('id_token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return unauthorized(`id_token issuer is not ${issuer}`);
    if (error.claim === 'aud') return unauthorized('id_token audience is not this client');
    if (error.claim === 'iat' || error.claim === 'nbf')
      return unauthorized('id_token is not valid yet');
    return unauthorized(`id_token claim ${error.claim} is invalid: ${error.reason}`);
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey
  )
    return unauthorized('id_token signature is invalid');
  if (error instanceof errors.JOSEAlgNotAllowed)
    return unauthorized('id_token algorithm is not allowed');
  if (error instanceof errors.JWKSTimeout)
    return new HttpError(504, `Identity provider ${issuer} keys timed out`);
  if (error instanceof errors.JWKSInvalid || error instanceof errors.JWKInvalid)
    return new HttpError(502, `Identity provider ${issuer} published invalid keys`);
  if (error instanceof errors.JOSEError) return unauthorized('id_token is malformed');
  // Anything else failed while fetching the key set.
  return new HttpError(
    502,
    `Identity provider ${issuer} keys unavailable: ${(error as Error).message}`,
  );
}
