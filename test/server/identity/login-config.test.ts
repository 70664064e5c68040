// Login configuration from the environment: key nodes and threshold, providers (real
// credentials, the development provider for the rest), the signing key and its file.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  generateSigningKey,
  loginConfigFromEnv,
  signingKeyFromJwk,
} from '../../../src/server/identity/config';
import { IdentityTokenMinter } from '../../../src/server/identity/identity-tokens';
import { SOCIAL_VERIFIERS } from '../../../src/shared/api';

describe('login configuration', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'orrery-login-config-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const where = () => ({ dataDir: join(root, 'pglite'), host: '127.0.0.1', port: 4051 });
  const load = (env: Record<string, string>) => loginConfigFromEnv(env, where());

  it('reads key nodes and a threshold (2 of 3 by default)', () => {
    const config = load({ ORRERY_KEY_NODES: 'a=http://n1:1,b=http://n2:2/,c=https://n3' });
    expect(config.keyNodes).toEqual([
      { id: 'a', url: 'http://n1:1' },
      { id: 'b', url: 'http://n2:2' },
      { id: 'c', url: 'https://n3' },
    ]);
    expect(config.keyThreshold).toBe(2);
    expect(
      load({
        ORRERY_KEY_NODES: 'a=http://n1,b=http://n2,c=http://n3,d=http://n4,e=http://n5',
        ORRERY_KEY_THRESHOLD: '3',
      }).keyThreshold,
    ).toBe(3);
    expect(() => load({ ORRERY_KEY_NODES: 'a=http://n1', ORRERY_KEY_THRESHOLD: '2' })).toThrow(
      'ORRERY_KEY_THRESHOLD (2) exceeds the 1 key nodes',
    );
    expect(() => load({ ORRERY_KEY_NODES: 'a=http://n1,a=http://n2' })).toThrow(
      'ids must be unique',
    );
    expect(() => load({ ORRERY_KEY_NODES: 'http://n1' })).toThrow(
      'entries must be <id>=<http(s) URL>',
    );
    expect(load({}).keyNodes).toEqual([]);
  });

  it('offers every verifier through the development provider, real credentials first', () => {
    const config = load({
      ORRERY_DEV_IDP_URL: 'http://127.0.0.1:4080/',
      ORRERY_LOGIN_GOOGLE_CLIENT_ID: 'real-google',
      ORRERY_LOGIN_GOOGLE_CLIENT_SECRET: 'real-secret',
      ORRERY_LOGIN_GITHUB_CLIENT_ID: 'real-github',
      ORRERY_LOGIN_GITHUB_CLIENT_SECRET: 'gh-secret',
      ORRERY_LOGIN_GITHUB_USERINFO_URL: 'https://github.example/api/v3/user',
      ORRERY_LOGIN_GITHUB_SCOPES: 'read:user',
    });
    expect(Object.keys(config.providers).sort()).toEqual([...SOCIAL_VERIFIERS].sort());
    expect(config.providers.google).toMatchObject({
      flavour: 'oidc',
      issuer: 'https://accounts.google.com',
      clientId: 'real-google',
      clientSecret: 'real-secret',
      verifierIdCaseSensitive: false,
    });
    expect(config.providers.github).toMatchObject({
      flavour: 'oauth',
      clientId: 'real-github',
      authorizationUrl: 'https://github.com/login/oauth/authorize',
      userinfoUrl: 'https://github.example/api/v3/user',
      scopes: ['read:user'],
    });
    expect(config.providers.discord).toMatchObject({
      flavour: 'oauth',
      clientId: 'discord',
      clientSecret: 'orrery-dev-secret-discord',
      tokenUrl: 'http://127.0.0.1:4080/token',
      userinfoUrl: 'http://127.0.0.1:4080/userinfo/discord',
    });
    expect(config.providers.line).toMatchObject({
      flavour: 'oidc',
      issuer: 'http://127.0.0.1:4080',
    });
    expect(config.providers.wechat).toMatchObject({ dialect: 'standard' });
    expect(
      load({ ORRERY_LOGIN_WECHAT_CLIENT_ID: 'wx', ORRERY_LOGIN_WECHAT_CLIENT_SECRET: 's' })
        .providers,
    ).toEqual({
      wechat: expect.objectContaining({ dialect: 'wechat', clientId: 'wx' }),
    });
    expect(() => load({ ORRERY_LOGIN_APPLE_CLIENT_ID: 'only-an-id' })).toThrow(
      'ORRERY_LOGIN_APPLE_CLIENT_ID and ORRERY_LOGIN_APPLE_CLIENT_SECRET are set together',
    );
    expect(() =>
      load({
        NODE_ENV: 'production',
        ORRERY_DEV_IDP_URL: 'http://x',
        ORRERY_IDENTITY_SIGNING_KEY: JSON.stringify(generateSigningKey().privateJwk),
      }),
    ).toThrow('is not for production');
  });

  it('keeps a generated signing key beside the data folder, and needs one in production', () => {
    const first = load({});
    const file = join(root, 'identity-signing-key.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(load({}).signingKey).toEqual(first.signingKey);
    expect(first.signingKey?.publicJwk).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
    });
    expect(first.signingKey?.publicJwk).not.toHaveProperty('d');
    const production = load({ NODE_ENV: 'production', ORRERY_KEY_NODES: 'a=http://n1' });
    expect(production.signingKey).toBeUndefined();
    expect(new IdentityTokenMinter(production).unavailableReason()).toBe(
      'no identity signing key (ORRERY_IDENTITY_SIGNING_KEY)',
    );
    expect(new IdentityTokenMinter(first).unavailableReason()).toBe(
      'no key nodes (ORRERY_KEY_NODES)',
    );
    const given = generateSigningKey();
    expect(
      load({ ORRERY_IDENTITY_SIGNING_KEY: JSON.stringify(given.privateJwk) }).signingKey,
    ).toEqual(given);
    expect(() => signingKeyFromJwk({ ...given.publicJwk })).toThrow(
      'must be a private P-256 (ES256) JWK',
    );
    const otherD = generateSigningKey().privateJwk.d;
    expect(() => signingKeyFromJwk({ ...given.privateJwk, d: otherD })).toThrow(
      'The identity signing key does not match its public part (x, y)',
    );
  });

  it('defaults to the spec lifetimes and the wallet’s /end pages', () => {
    const config = load({});
    expect(config.email).toMatchObject({
      codeTtlSeconds: 600,
      linkTtlSeconds: 86_400,
      maxCodeAttempts: 5,
    });
    expect(config.identityTokenTtlSeconds).toBe(120);
    expect(config.issuer).toBe('http://127.0.0.1:4051');
    expect(config.redirectUris).toContain('http://localhost:4050/end');
    expect(config.redirectUris).toContain('http://127.0.0.1:4050/v5.0.2/end');
    expect(() => load({ ORRERY_EMAIL_CODE_TTL_SECONDS: '5' })).toThrow(
      'ORRERY_EMAIL_CODE_TTL_SECONDS must be an integer >= 60',
    );
  });
});
