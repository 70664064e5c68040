// Social login through an identity provider, as a confidential client on the user's behalf:
//   start:  the server picks state and nonce, stores them with the wallet's PKCE code challenge
//           and the redirect URI, and builds the authorization URL;
//   finish: the wallet sends the code with its code verifier; the server checks the verifier
//           against the stored challenge (only the browser that started can finish), uses the
//           attempt up, exchanges the code with the client secret, verifies the id_token (OIDC)
//           or reads the user-info endpoint (OAuth only), and mints the identity tokens.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  codeChallengeOf,
  type LoginFinishBody,
  type LoginReply,
  type LoginStartBody,
  type LoginStartReply,
  type VerifiedIdentity,
} from '../../shared/api';
import type { Db } from '../db';
import { badRequest, HttpError, unauthorized } from '../errors';
import type { LoginConfig } from './config';
import type { IdentityTokenMinter } from './identity-tokens';
import { verifyIdToken, type OidcDirectory } from './oidc';
import { readIdentity } from './profile';
import type { IdentityProvider } from './providers';
import { exchangeCode } from './token-exchange';
import { fetchUserinfo } from './userinfo';

const NOT_STARTED =
  'This login was not started here, has expired or was already finished: start again';

/** 32 random bytes, base64url (43 characters). */
export const randomId = (): string => randomBytes(32).toString('base64url');

/** Whether a code verifier hashes to the stored challenge (compared in constant time). */
export function verifierMatches(codeVerifier: string, codeChallenge: string): boolean {
  const given = Buffer.from(codeChallengeOf(codeVerifier));
  const stored = Buffer.from(codeChallenge);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export interface SocialLoginDeps {
  db: Db;
  config: LoginConfig;
  directory: OidcDirectory;
  minter: IdentityTokenMinter;
  now?: () => number;
}

export class SocialLogin {
  constructor(private readonly deps: SocialLoginDeps) {}

  #now(): number {
    return (this.deps.now ?? Date.now)();
  }

  #provider(verifier: string): IdentityProvider {
    const provider = this.deps.config.providers[verifier as keyof LoginConfig['providers']];
    if (!provider) throw badRequest(`Invalid verifier config: ${verifier} is not offered here`);
    return provider;
  }

  async start(body: LoginStartBody): Promise<LoginStartReply> {
    this.deps.minter.assertAvailable();
    const provider = this.#provider(body.verifier);
    if (!this.deps.config.redirectUris.includes(body.redirectUri))
      throw badRequest(`body.redirectUri is not an allowed redirect URI: ${body.redirectUri}`);
    const endpoint =
      provider.flavour === 'oidc'
        ? (await this.deps.directory.discover(provider.issuer)).authorization_endpoint
        : provider.authorizationUrl;
    const state = randomId();
    const nonce = randomId();
    const expiresAt = new Date(this.#now() + this.deps.config.attemptTtlSeconds * 1000);
    // Stored before the URL leaves: the redirect can only come back to a known attempt.
    await this.deps.db
      .insertInto('login_attempts')
      .values({
        state,
        verifier: provider.verifier,
        nonce,
        code_challenge: body.codeChallenge,
        redirect_uri: body.redirectUri,
        expires_at: expiresAt,
      })
      .execute();
    return {
      authorizationUrl: authorizationUrl(provider, endpoint, {
        redirectUri: body.redirectUri,
        state,
        nonce,
        codeChallenge: body.codeChallenge,
        loginHint: body.loginHint,
      }),
      state,
      expiresAt: expiresAt.toISOString(),
    };
  }

  async finish(body: LoginFinishBody): Promise<LoginReply> {
    this.deps.minter.assertAvailable();
    const now = new Date(this.#now());
    const attempt = await this.deps.db
      .selectFrom('login_attempts')
      .selectAll()
      .where('state', '=', body.state)
      .executeTakeFirst();
    if (!attempt || attempt.used_at || attempt.expires_at <= now) throw badRequest(NOT_STARTED);
    // Checked before the attempt is used up, so a stranger holding the state cannot void it.
    if (!verifierMatches(body.codeVerifier, attempt.code_challenge))
      throw badRequest('body.codeVerifier does not match this login');
    const claimed = await this.deps.db
      .updateTable('login_attempts')
      .set({ used_at: now })
      .where('state', '=', body.state)
      .where('used_at', 'is', null)
      .returning('state')
      .executeTakeFirst();
    if (!claimed) throw badRequest(NOT_STARTED);
    const provider = this.#provider(attempt.verifier);
    const identity = await this.#verify(provider, attempt, body);
    return this.deps.minter.mint(identity);
  }

  async #verify(
    provider: IdentityProvider,
    attempt: { nonce: string; redirect_uri: string },
    body: LoginFinishBody,
  ): Promise<VerifiedIdentity> {
    const timeoutMs = this.deps.config.providerTimeoutMs;
    const exchange = {
      code: body.code,
      redirectUri: attempt.redirect_uri,
      codeVerifier: body.codeVerifier,
    };
    if (provider.flavour === 'oauth') {
      const tokens = await exchangeCode(
        provider,
        { ...exchange, tokenUrl: provider.tokenUrl },
        timeoutMs,
      );
      const info = await fetchUserinfo(provider, tokens, timeoutMs);
      return readIdentity(
        provider.verifier,
        info,
        provider.profile,
        provider.verifierIdCaseSensitive,
      );
    }
    const discovery = await this.deps.directory.discover(provider.issuer);
    const tokens = await exchangeCode(
      provider,
      { ...exchange, tokenUrl: discovery.token_endpoint },
      timeoutMs,
    );
    if (typeof tokens.id_token !== 'string')
      throw new HttpError(502, `${provider.verifier} answered without an id_token`);
    const claims = await verifyIdToken(
      tokens.id_token,
      this.deps.directory.keys(discovery.jwks_uri),
      {
        issuer: provider.issuer,
        clientId: provider.clientId,
        nonce: attempt.nonce,
        currentDate: this.deps.now ? new Date(this.deps.now()) : undefined,
      },
    );
    if (provider.requireVerifiedEmail && claims.email_verified !== true)
      throw unauthorized(`${provider.verifier} has not verified this email address`);
    return readIdentity(
      provider.verifier,
      claims,
      provider.profile,
      provider.verifierIdCaseSensitive,
    );
  }
}

interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  loginHint?: string;
}

/** The provider's authorization URL; parameters with empty values are not appended. */
export function authorizationUrl(
  provider: IdentityProvider,
  endpoint: string,
  request: AuthorizationRequest,
): string {
  const url = new URL(endpoint);
  const wechat = provider.flavour === 'oauth' && provider.dialect === 'wechat';
  const params: Record<string, string | undefined> = {
    [wechat ? 'appid' : 'client_id']: provider.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: provider.scopes.join(wechat ? ',' : ' '),
    state: request.state,
    nonce: provider.flavour === 'oidc' ? request.nonce : undefined,
    code_challenge: provider.pkce ? request.codeChallenge : undefined,
    code_challenge_method: provider.pkce ? 'S256' : undefined,
    login_hint: request.loginHint,
    ...provider.authorizationParams,
  };
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  // WeChat wants this fragment on its authorization URL.
  if (wechat) url.hash = 'wechat_redirect';
  return url.toString();
}
