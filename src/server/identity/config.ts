// Login configuration, read from the environment: the identity providers, the redirect URIs the
// wallet may ask for, the key nodes identity tokens are minted for, the token signing key, and
// email passwordless (SMTP, code and link lifetimes).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type JsonWebKey,
} from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SOCIAL_VERIFIERS, type KeyNode, type SocialVerifier } from '../../shared/api';
import { devProvider, PROVIDER_PRESETS, type IdentityProvider } from './providers';

export interface EmailLoginConfig {
  /** nodemailer transport URL, e.g. smtp://user:pass@mail.example:587; email login is off without it. */
  smtpUrl?: string;
  from: string;
  /** The 6-digit code's lifetime (10 minutes by default). */
  codeTtlSeconds: number;
  /** The magic link's lifetime: the spec's 24 hours. */
  linkTtlSeconds: number;
  /** Wrong codes allowed per login before it is void. */
  maxCodeAttempts: number;
  /** Login mails one address may receive per hour. */
  maxMailsPerHour: number;
}

export interface SigningKey {
  /** ES256 private key (JWK, P-256). */
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey & { kid: string; alg: 'ES256'; use: 'sig' };
}

export interface LoginConfig {
  /** `iss` of the identity tokens; key nodes are configured with the same value. */
  issuer: string;
  /** Undefined in production without ORRERY_IDENTITY_SIGNING_KEY: logins answer 503. */
  signingKey?: SigningKey;
  identityTokenTtlSeconds: number;
  /** How long a started social login may take before it is finished. */
  attemptTtlSeconds: number;
  /** Exact URIs the wallet may be sent back to (and magic links may open). */
  redirectUris: string[];
  providers: Partial<Record<SocialVerifier, IdentityProvider>>;
  keyNodes: KeyNode[];
  keyThreshold: number;
  email: EmailLoginConfig;
  /** Requests per minute per client on each login route. */
  rateLimitPerMinute: number;
  /** Calls to providers (discovery, keys, token, user info). */
  providerTimeoutMs: number;
}

type Env = Record<string, string | undefined>;

/** The wallet's /end page under `npm start`, at both local origins and the versioned base path. */
export const DEFAULT_REDIRECT_URIS = ['http://localhost:4050', 'http://127.0.0.1:4050'].flatMap(
  (o) => [`${o}/end`, `${o}/v5.0.2/end`],
);

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be an integer >= ${min}, got '${raw}'`);
  return value;
}

const list = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** RFC 7638 thumbprint of a P-256 public key: its required members in lexicographic order. */
function thumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** Validates a private P-256 JWK and derives its public half. */
export function signingKeyFromJwk(privateJwk: JsonWebKey): SigningKey {
  if (privateJwk.kty !== 'EC' || privateJwk.crv !== 'P-256' || !privateJwk.d)
    throw new Error('The identity signing key must be a private P-256 (ES256) JWK');
  const { kty, crv, x, y } = privateJwk;
  const publicJwk = { kty, crv, x, y };
  // The private number must belong to the published point: what it signs, x and y verify.
  const probe = Buffer.from('orrery identity signing key check');
  const signature = sign('sha256', probe, createPrivateKey({ key: privateJwk, format: 'jwk' }));
  if (!verify('sha256', probe, createPublicKey({ key: publicJwk, format: 'jwk' }), signature))
    throw new Error('The identity signing key does not match its public part (x, y)');
  return {
    privateJwk,
    publicJwk: { ...publicJwk, kid: thumbprint(publicJwk), alg: 'ES256', use: 'sig' },
  };
}

export function generateSigningKey(): SigningKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return signingKeyFromJwk(privateKey.export({ format: 'jwk' }));
}

/**
 * ORRERY_IDENTITY_SIGNING_KEY (a private JWK) if set; outside production, a key generated on
 * first start and kept beside the data folder (every instance on it shares it).
 */
function resolveSigningKey(env: Env, dataDir: string): SigningKey | undefined {
  const fromEnv = env.ORRERY_IDENTITY_SIGNING_KEY;
  if (fromEnv) return signingKeyFromJwk(JSON.parse(fromEnv) as JsonWebKey);
  if (env.NODE_ENV === 'production') return undefined;
  const file = join(dirname(dataDir), 'identity-signing-key.json');
  const read = () => signingKeyFromJwk(JSON.parse(readFileSync(file, 'utf8')));
  if (existsSync(file)) return read();
  // Instances starting together race here: each writes its own key aside and links it in;
  // the link is atomic and fails for all but one, which then read the winner's whole file.
  const key = generateSigningKey();
  mkdirSync(dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(aside, `${JSON.stringify(key.privateJwk)}\n`, { mode: 0o600 });
  try {
    linkSync(aside, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read();
  } finally {
    rmSync(aside, { force: true });
  }
}

/** `node-1=http://127.0.0.1:4081,node-2=...` → key nodes. */
function keyNodesFromEnv(raw: string | undefined): KeyNode[] {
  return list(raw).map((entry) => {
    const at = entry.indexOf('=');
    const id = entry.slice(0, at);
    const url = entry.slice(at + 1).replace(/\/$/, '');
    if (at < 1 || !/^[A-Za-z0-9_.-]{1,64}$/.test(id) || !/^https?:\/\/\S+$/.test(url))
      throw new Error(`ORRERY_KEY_NODES entries must be <id>=<http(s) URL>, got '${entry}'`);
    return { id, url };
  });
}

/** Verifiers with ORRERY_LOGIN_<VERIFIER>_CLIENT_ID/_CLIENT_SECRET, else the dev provider's. */
function providersFromEnv(env: Env): Partial<Record<SocialVerifier, IdentityProvider>> {
  const devUrl = env.ORRERY_DEV_IDP_URL;
  if (devUrl && env.NODE_ENV === 'production')
    throw new Error('ORRERY_DEV_IDP_URL (the development identity provider) is not for production');
  const providers: Partial<Record<SocialVerifier, IdentityProvider>> = {};
  for (const verifier of SOCIAL_VERIFIERS) {
    const prefix = `ORRERY_LOGIN_${verifier.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`];
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    if (!clientId || !clientSecret) {
      if (clientId || clientSecret)
        throw new Error(`${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET are set together`);
      if (devUrl) providers[verifier] = devProvider(verifier, devUrl);
      continue;
    }
    const preset = PROVIDER_PRESETS[verifier];
    const scopes = env[`${prefix}SCOPES`]
      ? list(env[`${prefix}SCOPES`]?.replace(/ /g, ','))
      : preset.scopes;
    if (preset.flavour === 'oidc') {
      providers[verifier] = {
        ...preset,
        clientId,
        clientSecret,
        scopes,
        issuer: env[`${prefix}ISSUER`] || preset.issuer,
      };
    } else {
      providers[verifier] = {
        ...preset,
        clientId,
        clientSecret,
        scopes,
        authorizationUrl: env[`${prefix}AUTHORIZATION_URL`] || preset.authorizationUrl,
        tokenUrl: env[`${prefix}TOKEN_URL`] || preset.tokenUrl,
        userinfoUrl: env[`${prefix}USERINFO_URL`] || preset.userinfoUrl,
      };
    }
  }
  return providers;
}

export function loginConfigFromEnv(
  env: Env,
  where: { dataDir: string; host: string; port: number },
): LoginConfig {
  const keyNodes = keyNodesFromEnv(env.ORRERY_KEY_NODES);
  const keyThreshold = int(
    env,
    'ORRERY_KEY_THRESHOLD',
    Math.min(2, Math.max(1, keyNodes.length)),
    1,
  );
  if (keyNodes.length > 0 && keyThreshold > keyNodes.length)
    throw new Error(
      `ORRERY_KEY_THRESHOLD (${keyThreshold}) exceeds the ${keyNodes.length} key nodes`,
    );
  if (new Set(keyNodes.map((n) => n.id)).size !== keyNodes.length)
    throw new Error('ORRERY_KEY_NODES ids must be unique');
  return {
    issuer: env.ORRERY_IDENTITY_ISSUER || `http://${where.host}:${where.port}`,
    signingKey: resolveSigningKey(env, where.dataDir),
    identityTokenTtlSeconds: int(env, 'ORRERY_IDENTITY_TOKEN_TTL_SECONDS', 120, 10),
    attemptTtlSeconds: int(env, 'ORRERY_LOGIN_ATTEMPT_TTL_SECONDS', 600, 30),
    redirectUris: env.ORRERY_LOGIN_REDIRECT_URIS
      ? list(env.ORRERY_LOGIN_REDIRECT_URIS)
      : DEFAULT_REDIRECT_URIS,
    providers: providersFromEnv(env),
    keyNodes,
    keyThreshold,
    email: {
      smtpUrl: env.ORRERY_SMTP_URL || undefined,
      from: env.ORRERY_MAIL_FROM || 'Orrery <login@orrery.localhost>',
      codeTtlSeconds: int(env, 'ORRERY_EMAIL_CODE_TTL_SECONDS', 600, 60),
      linkTtlSeconds: int(env, 'ORRERY_EMAIL_LINK_TTL_SECONDS', 24 * 3600, 60),
      maxCodeAttempts: int(env, 'ORRERY_EMAIL_CODE_ATTEMPTS', 5, 1),
      maxMailsPerHour: int(env, 'ORRERY_EMAIL_PER_HOUR', 5, 1),
    },
    rateLimitPerMinute: int(env, 'ORRERY_LOGIN_RATE_LIMIT', 30, 1),
    providerTimeoutMs: int(env, 'ORRERY_LOGIN_PROVIDER_TIMEOUT_MS', 10_000, 100),
  };
}
