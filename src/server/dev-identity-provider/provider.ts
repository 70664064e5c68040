// The development OpenID Connect provider (panva's oidc-provider): one client per verifier,
// with the flavour, scopes and client authentication of the verifier's real provider, and the
// claims a real provider gives. Its sign-in and consent pages are in server.ts.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { type Configuration } from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import { SOCIAL_VERIFIERS } from '../../shared/api';
import { devClientSecret, devProvider } from '../identity/providers';
import { errorPage } from './pages';
import { devUser, oidcClaims } from './users';

export function createDevProvider(issuer: string, redirectUris: string[]): Provider {
  const presets = SOCIAL_VERIFIERS.map((verifier) => devProvider(verifier, issuer));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    // Its own store: stating it keeps the library from warning about a default.
    adapter: createMemoryAdapter(),
    clients: presets.map((p) => ({
      client_id: p.verifier,
      client_secret: devClientSecret(p.verifier),
      redirect_uris: redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: p.tokenAuth,
      scope: p.scopes.join(' '),
    })),
    scopes: [...new Set(presets.flatMap((p) => p.scopes))],
    // Scope → claims, for the standard scopes and the providers' own scope names.
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'nickname', 'picture', 'preferred_username'],
      'user:read:email': ['email', 'email_verified'],
      account_email: ['email', 'email_verified'],
      profile_nickname: ['nickname'],
      profile_image: ['picture'],
    },
    // Requested claims go in the id_token too (as Google's and Apple's do), not only userinfo.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      // Twitch asks for its id_token claims by name.
      claimsParameter: { enabled: true },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig' }] },
    // Providers differ (Reddit and WeChat take none); the identity service sends it where the
    // real provider takes it.
    pkce: { required: () => false },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => oidcClaims(devUser(id, issuer)) };
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error_description ?? out.error));
    },
  };
  return new Provider(issuer, configuration);
}
