// Identity tokens: what the key nodes accept as proof of a verified identity. One ES256 JWT per
// key node (aud = that node's id), short-lived, with a unique jti each node accepts once per
// operation. A node therefore cannot replay a user's token at another node to collect shares.
import { createPrivateKey, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { IDENTITY_TOKEN_TYPE, type LoginReply, type VerifiedIdentity } from '../../shared/api';
import { HttpError } from '../errors';
import type { LoginConfig, SigningKey } from './config';

export class IdentityTokenMinter {
  readonly #key: KeyObject | undefined;

  constructor(
    private readonly config: Pick<
      LoginConfig,
      'issuer' | 'signingKey' | 'identityTokenTtlSeconds' | 'keyNodes' | 'keyThreshold'
    >,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = config.signingKey
      ? createPrivateKey({ key: config.signingKey.privateJwk, format: 'jwk' })
      : undefined;
  }

  /** Why logins cannot be served, or null when they can. */
  unavailableReason(): string | null {
    if (!this.#key) return 'no identity signing key (ORRERY_IDENTITY_SIGNING_KEY)';
    if (this.config.keyNodes.length === 0) return 'no key nodes (ORRERY_KEY_NODES)';
    return null;
  }

  /** Throws 503 when logins cannot be served. */
  assertAvailable(): void {
    const reason = this.unavailableReason();
    if (reason) throw new HttpError(503, `Login is not configured on this server: ${reason}`);
  }

  /** The public keys key nodes verify with (GET /identity/jwks.json). */
  jwks(): { keys: SigningKey['publicJwk'][] } {
    return { keys: this.config.signingKey ? [this.config.signingKey.publicJwk] : [] };
  }

  async mint(identity: VerifiedIdentity): Promise<LoginReply> {
    this.assertAvailable();
    const key = this.#key as KeyObject;
    const kid = (this.config.signingKey as SigningKey).publicJwk.kid;
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + this.config.identityTokenTtlSeconds;
    const identityTokens = await Promise.all(
      this.config.keyNodes.map(async (node) => ({
        nodeId: node.id,
        url: node.url,
        token: await new SignJWT({ verifier: identity.verifier, verifier_id: identity.verifierId })
          .setProtectedHeader({ alg: 'ES256', kid, typ: IDENTITY_TOKEN_TYPE })
          .setIssuer(this.config.issuer)
          .setAudience(node.id)
          .setJti(randomUUID())
          .setIssuedAt(iat)
          .setExpirationTime(exp)
          .sign(key),
      })),
    );
    return {
      identity,
      identityTokens,
      keyThreshold: this.config.keyThreshold,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }
}
