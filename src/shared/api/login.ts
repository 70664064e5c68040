// Login: an identity verified by the server (OpenID Connect id_token, OAuth 2.0 user-info, or an
// email code / magic link), answered with one short-lived identity token per key node.
//
// Social login (the wallet keeps the PKCE code verifier; the server keeps state, nonce and the
// client secret):
//   POST /identity/login/start  { verifier, redirectUri, codeChallenge } → { authorizationUrl, state }
//   ...the user signs in at the provider, which redirects to redirectUri?code&state...
//   POST /identity/login/finish { state, code, codeVerifier } → LoginReply
// Email passwordless:
//   POST /identity/email/start  { email, redirectUri, codeChallenge } → { loginId, ... } (mail sent)
//   POST /identity/email/link   { token }   (the magic link's token, from any browser)
//   POST /identity/email/finish { loginId, codeVerifier, code? } → LoginReply
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { Type, type Static } from '@sinclair/typebox';
import { HttpUrl, Strict, StringEnum, Timestamp } from './primitives';

/** The spec's verifiers; `verifier` and `typeOfLogin` carry the same name. */
export const VERIFIERS = [
  'google',
  'facebook',
  'twitter',
  'discord',
  'line',
  'reddit',
  'apple',
  'github',
  'twitch',
  'linkedin',
  'wechat',
  'kakao',
  'email_passwordless',
] as const;
export type Verifier = (typeof VERIFIERS)[number];

/** Verifiers whose login goes through an identity provider's authorization endpoint. */
export const SOCIAL_VERIFIERS = VERIFIERS.filter(
  (v): v is Exclude<Verifier, 'email_passwordless'> => v !== 'email_passwordless',
);
export type SocialVerifier = (typeof SOCIAL_VERIFIERS)[number];

/** RFC 7636 S256 code challenge: base64url(sha256(codeVerifier)), no padding. */
export const CodeChallenge = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' });
/** RFC 7636 code verifier: 43 to 128 unreserved characters, kept by the wallet. */
export const CodeVerifier = Type.String({ pattern: '^[A-Za-z0-9._~-]{43,128}$' });

/** The S256 code challenge of a code verifier (RFC 7636 §4.2), in the browser and in Node. */
export function codeChallengeOf(codeVerifier: string): string {
  const digest = sha256(utf8ToBytes(codeVerifier));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
/** An opaque login id chosen by the server (state of a social login, id of an email login). */
export const LoginId = Type.String({ pattern: '^[A-Za-z0-9_-]{20,64}$' });

export const LoginStartBody = Type.Object(
  {
    verifier: StringEnum(SOCIAL_VERIFIERS),
    /** Where the provider sends the user back: one of the server's allowed redirect URIs. */
    redirectUri: HttpUrl,
    codeChallenge: CodeChallenge,
    /** Passed to the provider as login_hint (e.g. an email) when given. */
    loginHint: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
  },
  Strict,
);
export type LoginStartBody = Static<typeof LoginStartBody>;
export const LoginStartReply = Type.Object({
  /** Open this (popup or redirect); its query carries state, nonce and the code challenge. */
  authorizationUrl: Type.String(),
  state: LoginId,
  /** Finish before this time. */
  expiresAt: Timestamp,
});
export type LoginStartReply = Static<typeof LoginStartReply>;

export const LoginFinishBody = Type.Object(
  {
    state: LoginId,
    /** The authorization code from the redirect's query. */
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    codeVerifier: CodeVerifier,
  },
  Strict,
);
export type LoginFinishBody = Static<typeof LoginFinishBody>;

/** The spec's user info, as verified by the server ('' where the provider gave nothing). */
export const VerifiedIdentity = Type.Object({
  verifier: StringEnum(VERIFIERS),
  /** The stable id the keys are bound to; lowercased where the verifier is case-insensitive. */
  verifierId: Type.String(),
  typeOfLogin: StringEnum(VERIFIERS),
  name: Type.String(),
  email: Type.String(),
  profileImage: Type.String(),
});
export type VerifiedIdentity = Static<typeof VerifiedIdentity>;

/** A key node of the deployment: its id is the audience of the tokens it accepts. */
export const KeyNode = Type.Object({ id: Type.String(), url: Type.String() });
export type KeyNode = Static<typeof KeyNode>;

/** One identity token for one key node (send each node only its own). */
export const NodeIdentityToken = Type.Object({
  nodeId: Type.String(),
  url: Type.String(),
  token: Type.String(),
});
export type NodeIdentityToken = Static<typeof NodeIdentityToken>;

export const LoginReply = Type.Object({
  identity: VerifiedIdentity,
  identityTokens: Type.Array(NodeIdentityToken),
  /** How many key nodes' shares rebuild the key. */
  keyThreshold: Type.Integer({ minimum: 1 }),
  /** When the identity tokens expire. */
  expiresAt: Timestamp,
});
export type LoginReply = Static<typeof LoginReply>;

/** The JOSE `typ` of identity tokens, so no other JWT (an id_token, a bearer token) passes. */
export const IDENTITY_TOKEN_TYPE = 'orrery-identity+jwt';

/** The claims of an identity token (ES256 JWT; keys at GET /identity/jwks.json). */
export interface IdentityTokenClaims {
  iss: string;
  /** The one key node this token is for. */
  aud: string;
  verifier: Verifier;
  verifier_id: string;
  jti: string;
  iat: number;
  exp: number;
}

export const EmailLoginStartBody = Type.Object(
  {
    /** Checked by the server: 'Invalid email address' otherwise. */
    email: Type.String({ maxLength: 254 }),
    /** The magic link opens this page with `?magic_link=<token>` (an allowed redirect URI). */
    redirectUri: HttpUrl,
    codeChallenge: CodeChallenge,
  },
  Strict,
);
export type EmailLoginStartBody = Static<typeof EmailLoginStartBody>;
export const EmailLoginStartReply = Type.Object({
  loginId: LoginId,
  /** The 6-digit code's end of validity. */
  codeExpiresAt: Timestamp,
  /** The magic link's end of validity (the spec's 24 hours). */
  linkExpiresAt: Timestamp,
});
export type EmailLoginStartReply = Static<typeof EmailLoginStartReply>;

/** The query parameter of the magic link that carries its token. */
export const MAGIC_LINK_PARAM = 'magic_link';

export const EmailLinkBody = Type.Object(
  { token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) },
  Strict,
);
export type EmailLinkBody = Static<typeof EmailLinkBody>;
export const EmailLinkReply = Type.Object({ verified: Type.Literal(true), email: Type.String() });
export type EmailLinkReply = Static<typeof EmailLinkReply>;

export const EmailLoginFinishBody = Type.Object(
  {
    loginId: LoginId,
    codeVerifier: CodeVerifier,
    /** The 6-digit code from the mail; without it the magic link must have been opened. */
    code: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
  },
  Strict,
);
export type EmailLoginFinishBody = Static<typeof EmailLoginFinishBody>;

/** GET /identity/config: what this deployment offers. */
export const LoginConfigReply = Type.Object({
  verifiers: Type.Array(
    Type.Object({
      verifier: StringEnum(VERIFIERS),
      typeOfLogin: StringEnum(VERIFIERS),
      /** 'oidc': id_token checked; 'oauth': user-info endpoint; 'email': code or magic link. */
      flavour: StringEnum(['oidc', 'oauth', 'email'] as const),
      /** The provider's client id ('' for email). */
      clientId: Type.String(),
    }),
  ),
  keyNodes: Type.Array(KeyNode),
  keyThreshold: Type.Integer({ minimum: 1 }),
  redirectUris: Type.Array(Type.String()),
  emailCodeTtlSeconds: Type.Integer(),
  magicLinkTtlSeconds: Type.Integer(),
});
export type LoginConfigReply = Static<typeof LoginConfigReply>;
