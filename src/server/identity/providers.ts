// Identity providers are configuration: each verifier has a preset of its real provider's
// endpoints, scopes and claim names, enabled with a client id and secret from the environment
// (identity/config.ts) or pointed at the built-in development provider.
import type { SocialVerifier } from '../../shared/api';

/**
 * Where a profile value comes from: a dot path into the provider's answer ('picture.data.url'),
 * a template with {path} placeholders ('https://cdn.example/{id}/{avatar}.png', '' when one is
 * missing), or several of these, the first non-empty winning.
 */
export type ProfileField = string | readonly string[];

export interface ProfileMapping {
  verifierId: ProfileField;
  name: ProfileField;
  email: ProfileField;
  profileImage: ProfileField;
}

interface ProviderCommon {
  verifier: SocialVerifier;
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  /** Case-insensitive ids (emails, Reddit names) are lowercased before keys are bound to them. */
  verifierIdCaseSensitive: boolean;
  /** How the client authenticates at the token endpoint. */
  tokenAuth: 'client_secret_post' | 'client_secret_basic';
  /** Whether the provider takes PKCE (the code verifier is sent with the code exchange). */
  pkce: boolean;
  /** Extra authorization request parameters (e.g. Reddit's duration). */
  authorizationParams: Readonly<Record<string, string>>;
  profile: ProfileMapping;
}

/** OpenID Connect: the id_token is verified against the issuer's published keys. */
export interface OidcProvider extends ProviderCommon {
  flavour: 'oidc';
  /** Its discovery document is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  /** Refuse an id_token whose email_verified is not true (when the verifierId is the email). */
  requireVerifiedEmail: boolean;
}

/** OAuth 2.0 only: the identity comes from the user-info endpoint, called with the token. */
export interface OAuthProvider extends ProviderCommon {
  flavour: 'oauth';
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  userinfoHeaders: Readonly<Record<string, string>>;
  /**
   * 'standard': RFC 6749. 'wechat': WeChat's variant (appid/secret query parameters, GET token
   * request, user info by access_token + openid).
   */
  dialect: 'standard' | 'wechat';
}

export type IdentityProvider = OidcProvider | OAuthProvider;

/** A preset: everything but the credentials. */
export type ProviderPreset =
  | Omit<OidcProvider, 'clientId' | 'clientSecret'>
  | Omit<OAuthProvider, 'clientId' | 'clientSecret'>;

const oidc = (
  verifier: SocialVerifier,
  issuer: string,
  scopes: string,
  options: Partial<Omit<OidcProvider, 'flavour' | 'verifier' | 'issuer' | 'scopes'>> = {},
): ProviderPreset => ({
  flavour: 'oidc',
  verifier,
  issuer,
  scopes: scopes.split(' '),
  verifierIdCaseSensitive: true,
  requireVerifiedEmail: false,
  tokenAuth: 'client_secret_post',
  pkce: true,
  authorizationParams: {},
  profile: { verifierId: 'sub', name: 'name', email: 'email', profileImage: 'picture' },
  ...options,
});

const oauth = (
  verifier: SocialVerifier,
  endpoints: { authorizationUrl: string; tokenUrl: string; userinfoUrl: string },
  scopes: string,
  profile: ProfileMapping,
  options: Partial<Omit<OAuthProvider, 'flavour' | 'verifier' | 'scopes' | 'profile'>> = {},
): ProviderPreset => ({
  flavour: 'oauth',
  verifier,
  ...endpoints,
  scopes: scopes.split(' '),
  verifierIdCaseSensitive: true,
  tokenAuth: 'client_secret_post',
  pkce: true,
  authorizationParams: {},
  userinfoHeaders: {},
  dialect: 'standard',
  profile,
  ...options,
});

/**
 * The real providers. Ids that never change are preferred as verifierId (a released username
 * could be taken by someone else, who would then get the key); Reddit names cannot change.
 */
export const PROVIDER_PRESETS: Readonly<Record<SocialVerifier, ProviderPreset>> = {
  google: oidc('google', 'https://accounts.google.com', 'openid email profile', {
    profile: { verifierId: 'email', name: 'name', email: 'email', profileImage: 'picture' },
    verifierIdCaseSensitive: false,
    requireVerifiedEmail: true,
  }),
  facebook: oauth(
    'facebook',
    {
      authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
      userinfoUrl: 'https://graph.facebook.com/v19.0/me?fields=id,name,email,picture.type(large)',
    },
    'public_profile email',
    { verifierId: 'id', name: 'name', email: 'email', profileImage: 'picture.data.url' },
  ),
  twitter: oauth(
    'twitter',
    {
      authorizationUrl: 'https://twitter.com/i/oauth2/authorize',
      tokenUrl: 'https://api.twitter.com/2/oauth2/token',
      userinfoUrl: 'https://api.twitter.com/2/users/me?user.fields=profile_image_url',
    },
    'users.read tweet.read',
    { verifierId: 'data.id', name: 'data.name', email: [], profileImage: 'data.profile_image_url' },
    { tokenAuth: 'client_secret_basic' },
  ),
  discord: oauth(
    'discord',
    {
      authorizationUrl: 'https://discord.com/oauth2/authorize',
      tokenUrl: 'https://discord.com/api/oauth2/token',
      userinfoUrl: 'https://discord.com/api/users/@me',
    },
    'identify email',
    {
      verifierId: 'id',
      name: ['global_name', 'username'],
      email: 'email',
      profileImage: 'https://cdn.discordapp.com/avatars/{id}/{avatar}.png',
    },
  ),
  line: oidc('line', 'https://access.line.me', 'openid profile email'),
  reddit: oauth(
    'reddit',
    {
      authorizationUrl: 'https://www.reddit.com/api/v1/authorize',
      tokenUrl: 'https://www.reddit.com/api/v1/access_token',
      userinfoUrl: 'https://oauth.reddit.com/api/v1/me',
    },
    'identity',
    { verifierId: 'name', name: 'name', email: [], profileImage: 'icon_img' },
    {
      verifierIdCaseSensitive: false,
      tokenAuth: 'client_secret_basic',
      pkce: false,
      authorizationParams: { duration: 'temporary' },
      userinfoHeaders: { 'user-agent': 'Orrery/5.0.2' },
    },
  ),
  // Apple answers with a form POST when name or email are requested; with 'openid' alone the
  // code comes back in the query like every other provider. Its client secret is a JWT the
  // operator signs with their Apple key and sets as the secret.
  apple: oidc('apple', 'https://appleid.apple.com', 'openid'),
  github: oauth(
    'github',
    {
      authorizationUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      userinfoUrl: 'https://api.github.com/user',
    },
    'read:user user:email',
    { verifierId: 'id', name: ['name', 'login'], email: 'email', profileImage: 'avatar_url' },
    {
      userinfoHeaders: { accept: 'application/vnd.github+json', 'user-agent': 'Orrery/5.0.2' },
    },
  ),
  twitch: oidc('twitch', 'https://id.twitch.tv/oauth2', 'openid user:read:email', {
    // Twitch puts profile claims in the id_token only when they are asked for by name.
    authorizationParams: {
      claims: JSON.stringify({
        id_token: { email: null, email_verified: null, preferred_username: null, picture: null },
      }),
    },
    profile: {
      verifierId: 'sub',
      name: 'preferred_username',
      email: 'email',
      profileImage: 'picture',
    },
  }),
  linkedin: oidc('linkedin', 'https://www.linkedin.com/oauth', 'openid profile email', {
    pkce: false,
  }),
  wechat: oauth(
    'wechat',
    {
      authorizationUrl: 'https://open.weixin.qq.com/connect/qrconnect',
      tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token',
      userinfoUrl: 'https://api.weixin.qq.com/sns/userinfo',
    },
    'snsapi_login',
    {
      verifierId: ['unionid', 'openid'],
      name: 'nickname',
      email: [],
      profileImage: 'headimgurl',
    },
    { dialect: 'wechat', pkce: false },
  ),
  kakao: oidc(
    'kakao',
    'https://kauth.kakao.com',
    'openid profile_nickname profile_image account_email',
    {
      profile: { verifierId: 'sub', name: 'nickname', email: 'email', profileImage: 'picture' },
    },
  ),
};

/** The client secret of a verifier's client at the development identity provider. */
export function devClientSecret(verifier: SocialVerifier): string {
  return `orrery-dev-secret-${verifier}`;
}

/**
 * A verifier's preset served by the development identity provider at `devUrl`: the same
 * flavour, scopes and claim names, its endpoints and credentials swapped (client id = verifier).
 */
export function devProvider(verifier: SocialVerifier, devUrl: string): IdentityProvider {
  const preset = PROVIDER_PRESETS[verifier];
  const base = devUrl.replace(/\/$/, '');
  const credentials = { clientId: verifier, clientSecret: devClientSecret(verifier) };
  if (preset.flavour === 'oidc') return { ...preset, ...credentials, issuer: base };
  return {
    ...preset,
    ...credentials,
    authorizationUrl: `${base}/auth`,
    tokenUrl: `${base}/token`,
    userinfoUrl: `${base}/userinfo/${verifier}`,
    // The development provider speaks standard OAuth 2.0 for every flavour.
    dialect: 'standard',
  };
}
