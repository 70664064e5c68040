// Social login end to end against the development identity provider: an OpenID Connect flow
// (authorization code + PKCE, id_token verified against the provider's keys) and OAuth-only
// flows (user-info endpoint), for every verifier; then the ways a finish is refused.
import { jwtVerify, createLocalJWKSet } from 'jose';
import { SOCIAL_VERIFIERS, IDENTITY_TOKEN_TYPE, type LoginReply } from '../../../src/shared/api';
import { DevIdpBrowser } from '../login/dev-idp-browser';
import { IDENTITY_ISSUER, pkce, REDIRECT_URI } from '../login/login-params';
import { socialLogin, startLoginStack, type LoginStack } from '../login/login-stack';

describe('social login through the development provider', () => {
  let stack: LoginStack;
  beforeAll(async () => {
    stack = await startLoginStack({ backend: 'pglite' });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('runs an OpenID Connect flow (Google-like) and issues one identity token per key node', async () => {
    const reply = await socialLogin(stack, 'google', 'Alice@Example.com');
    expect(reply.identity).toEqual({
      verifier: 'google',
      typeOfLogin: 'google',
      // Google's verifierId is the email, case-insensitive: stored lowercased.
      verifierId: 'alice@example.com',
      name: 'Alice Example',
      email: 'alice@example.com',
      profileImage: expect.stringMatching(
        /^http:\/\/127\.0\.0\.1:\d+\/avatar\/[0-9a-f]{16}\/A\.svg$/,
      ),
    });
    expect(reply.keyThreshold).toBe(2);
    expect(reply.identityTokens.map((t) => t.nodeId)).toEqual(['node-1', 'node-2', 'node-3']);
    const keys = createLocalJWKSet({ keys: [stack.signingKey.publicJwk] });
    for (const [i, grant] of reply.identityTokens.entries()) {
      expect(grant.url).toBe(stack.nodes[i]?.url);
      const { payload, protectedHeader } = await jwtVerify(grant.token, keys, {
        issuer: IDENTITY_ISSUER,
        audience: grant.nodeId,
      });
      expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: IDENTITY_TOKEN_TYPE });
      expect(payload).toMatchObject({ verifier: 'google', verifier_id: 'alice@example.com' });
      expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(120);
    }
    // Every node's token is its own.
    expect(new Set(reply.identityTokens.map((t) => t.token)).size).toBe(3);
  });

  it('runs an OAuth-only flow (Discord-like) through the user-info endpoint', async () => {
    const reply = await socialLogin(stack, 'discord', 'bob@example.com');
    expect(reply.identity).toMatchObject({
      verifier: 'discord',
      name: 'Bob Example',
      email: 'bob@example.com',
      profileImage: expect.stringMatching(
        /^https:\/\/cdn\.discordapp\.com\/avatars\/\d{18}\/[0-9a-f]{32}\.png$/,
      ),
    });
    // The spec's Discord ID: exactly 18 digits.
    expect(reply.identity.verifierId).toMatch(/^\d{18}$/);
    // The same user logs in again: the same verifierId.
    const again = await socialLogin(stack, 'discord', 'bob@example.com');
    expect(again.identity.verifierId).toBe(reply.identity.verifierId);
  });

  it('stands in for every verifier, each with its own provider flavour and id', async () => {
    const results: Record<string, LoginReply['identity']> = {};
    for (const verifier of SOCIAL_VERIFIERS)
      results[verifier] = (await socialLogin(stack, verifier, 'carol@example.com')).identity;
    expect(Object.keys(results)).toHaveLength(12);
    for (const [verifier, identity] of Object.entries(results)) {
      expect(identity.verifier).toBe(verifier);
      expect(identity.typeOfLogin).toBe(verifier);
      expect(identity.verifierId).not.toBe('');
    }
    expect(results.google?.verifierId).toBe('carol@example.com');
    expect(results.github?.verifierId).toMatch(/^\d{1,9}$/);
    expect(results.twitter?.verifierId).toMatch(/^\d{18}$/);
    expect(results.reddit?.verifierId).toBe('carol');
    expect(results.wechat?.verifierId).toMatch(/^u[0-9a-f]{27}$/);
    expect(results.facebook?.profileImage).toContain('/avatar/');
    expect(results.twitch?.name).toBe('carol');
  });

  it('answers the login offer and the identity keys', async () => {
    const config = await stack.request('GET', '/identity/config');
    expect(config.status).toBe(200);
    expect(config.body.verifiers).toHaveLength(13);
    expect(config.body.verifiers).toContainEqual({
      verifier: 'google',
      typeOfLogin: 'google',
      flavour: 'oidc',
      clientId: 'google',
    });
    expect(config.body.verifiers).toContainEqual({
      verifier: 'discord',
      typeOfLogin: 'discord',
      flavour: 'oauth',
      clientId: 'discord',
    });
    expect(config.body).toMatchObject({
      keyThreshold: 2,
      redirectUris: [REDIRECT_URI],
      emailCodeTtlSeconds: 600,
      magicLinkTtlSeconds: 86_400,
    });
    expect(config.body.keyNodes).toEqual(
      stack.nodes.map((n, i) => ({ id: `node-${i + 1}`, url: n?.url })),
    );
    const jwks = await stack.request('GET', '/identity/jwks.json');
    expect(jwks.body).toEqual({ keys: [stack.signingKey.publicJwk] });
    expect(jwks.body.keys[0]).not.toHaveProperty('d');
  });

  it('refuses a finish without the code verifier, twice, or for a login it did not start', async () => {
    const { codeVerifier, codeChallenge } = pkce();
    const started = await stack.request('POST', '/identity/login/start', {
      body: { verifier: 'google', redirectUri: REDIRECT_URI, codeChallenge },
    });
    const back = await new DevIdpBrowser(REDIRECT_URI).signIn(
      started.body.authorizationUrl,
      'dave@example.com',
    );
    const finish = (body: Record<string, unknown>) =>
      stack.request('POST', '/identity/login/finish', { body });
    const code = back.params.get('code');
    const state = back.params.get('state');
    expect(state).toBe(started.body.state);
    // Someone else holding the code and state but not the verifier.
    const stranger = await finish({ state, code, codeVerifier: pkce().codeVerifier });
    expect(stranger).toMatchObject({
      status: 400,
      body: { error: 'body.codeVerifier does not match this login' },
    });
    // ...does not void the login for its owner.
    expect((await finish({ state, code, codeVerifier })).status).toBe(200);
    const replay = await finish({ state, code, codeVerifier });
    expect(replay).toMatchObject({
      status: 400,
      body: {
        error: 'This login was not started here, has expired or was already finished: start again',
      },
    });
    const unknown = await finish({ state: pkce().codeVerifier, code, codeVerifier });
    expect(unknown.status).toBe(400);
  });

  it('finishes a login once when its finish arrives several times at once', async () => {
    const { codeVerifier, codeChallenge } = pkce();
    const started = await stack.request('POST', '/identity/login/start', {
      body: { verifier: 'twitch', redirectUri: REDIRECT_URI, codeChallenge },
    });
    const back = await new DevIdpBrowser(REDIRECT_URI).signIn(
      started.body.authorizationUrl,
      'olivia@example.com',
    );
    const body = { state: back.params.get('state'), code: back.params.get('code'), codeVerifier };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => stack.request('POST', '/identity/login/finish', { body })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('refuses a code the provider does not know, and builds the authorization request', async () => {
    const { codeVerifier, codeChallenge } = pkce();
    const started = await stack.request('POST', '/identity/login/start', {
      body: {
        verifier: 'line',
        redirectUri: REDIRECT_URI,
        codeChallenge,
        loginHint: 'erin@example.com',
      },
    });
    const url = new URL(started.body.authorizationUrl);
    expect(url.origin).toBe(stack.idp.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'line',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid profile email',
      state: started.body.state,
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      login_hint: 'erin@example.com',
    });
    const res = await stack.request('POST', '/identity/login/finish', {
      body: { state: started.body.state, code: 'not-a-code-the-provider-issued', codeVerifier },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/^line refused the authorization code \(invalid_grant/);
  });

  it('refuses unknown verifiers, redirect URIs and fields', async () => {
    const { codeChallenge } = pkce();
    const start = (body: Record<string, unknown>) =>
      stack.request('POST', '/identity/login/start', { body });
    expect(
      (await start({ verifier: 'myspace', redirectUri: REDIRECT_URI, codeChallenge })).body.error,
    ).toMatch(/^body\.verifier must be one of: google, facebook/);
    expect(
      await start({ verifier: 'google', redirectUri: 'https://evil.example/end', codeChallenge }),
    ).toMatchObject({
      status: 400,
      body: { error: 'body.redirectUri is not an allowed redirect URI: https://evil.example/end' },
    });
    expect(
      await start({
        verifier: 'google',
        redirectUri: REDIRECT_URI,
        codeChallenge,
        clientSecret: 'x',
      }),
    ).toMatchObject({
      status: 400,
      body: { error: 'body.clientSecret is not allowed' },
    });
    expect(
      (await start({ verifier: 'google', redirectUri: REDIRECT_URI, codeChallenge: 'short' }))
        .status,
    ).toBe(400);
  });

  it('passes a user who denies access back with the provider error, and no login', async () => {
    const { codeChallenge } = pkce();
    const started = await stack.request('POST', '/identity/login/start', {
      body: { verifier: 'github', redirectUri: REDIRECT_URI, codeChallenge },
    });
    const back = await new DevIdpBrowser(REDIRECT_URI).signIn(
      started.body.authorizationUrl,
      'x@example.com',
      {
        deny: true,
      },
    );
    expect(back.params.get('error')).toBe('access_denied');
    expect(back.params.get('state')).toBe(started.body.state);
    expect(back.params.get('code')).toBeNull();
  });
});
