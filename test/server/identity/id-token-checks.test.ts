// Each check on an OpenID Connect id_token, through the login routes: the server exchanges the
// code at a local issuer whose token endpoint answers with a token crafted by the test.
import { generateSigningKey, loginConfigFromEnv } from '../../../src/server/identity/config';
import { BACKENDS, useTestServer } from '../helpers';
import { startFakeIssuer, type FakeIssuer } from '../login/fake-oidc-issuer';
import { pkce, REDIRECT_URI } from '../login/login-params';

const CLIENT_ID = 'google-client.apps.example';
const CLIENT_SECRET = 'google-client-secret';

describe.each(BACKENDS)('id_token checks on %s', (backend) => {
  let issuer: FakeIssuer;
  beforeAll(async () => {
    issuer = await startFakeIssuer();
  });
  afterAll(async () => {
    await issuer?.close();
  });
  const suite = useTestServer(backend, () => ({
    login: loginConfigFromEnv(
      {
        ORRERY_LOGIN_GOOGLE_CLIENT_ID: CLIENT_ID,
        ORRERY_LOGIN_GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
        ORRERY_LOGIN_GOOGLE_ISSUER: issuer.url,
        // Tokens are minted for these nodes; nothing calls them here.
        ORRERY_KEY_NODES: 'node-1=http://127.0.0.1:9,node-2=http://127.0.0.1:9',
        ORRERY_IDENTITY_SIGNING_KEY: JSON.stringify(generateSigningKey().privateJwk),
        ORRERY_LOGIN_REDIRECT_URIS: REDIRECT_URI,
      },
      { dataDir: '/nonexistent', host: '127.0.0.1', port: 0 },
    ),
  }));
  const { request } = suite;

  /** Starts a Google login; returns its nonce and a finish that gets `idToken` from the issuer. */
  async function startLogin() {
    const { codeVerifier, codeChallenge } = pkce();
    const started = await request('POST', '/identity/login/start', {
      body: { verifier: 'google', redirectUri: REDIRECT_URI, codeChallenge },
    });
    expect(started.status).toBe(200);
    const url = new URL(started.body.authorizationUrl);
    expect(url.origin + url.pathname).toBe(`${issuer.url}/authorize`);
    const nonce = url.searchParams.get('nonce') as string;
    return {
      nonce,
      finish(idToken: string) {
        issuer.queue(idToken);
        return request('POST', '/identity/login/finish', {
          body: { state: started.body.state, code: 'code-from-the-issuer', codeVerifier },
        });
      },
      codeVerifier,
    };
  }

  const now = () => Math.floor(Date.now() / 1000);
  const claims = (nonce: string, more: Record<string, unknown> = {}) => ({
    iss: issuer.url,
    aud: CLIENT_ID,
    sub: '110169484474386276334',
    email: 'Frank@Example.com',
    email_verified: true,
    name: 'Frank',
    picture: 'https://example.com/frank.png',
    nonce,
    iat: now(),
    exp: now() + 600,
    ...more,
  });

  it('accepts a valid id_token, and the client secret goes only to the token endpoint', async () => {
    const login = await startLogin();
    const res = await login.finish(await issuer.sign(claims(login.nonce)));
    expect(res.status).toBe(200);
    expect(res.body.identity).toEqual({
      verifier: 'google',
      typeOfLogin: 'google',
      verifierId: 'frank@example.com',
      name: 'Frank',
      email: 'Frank@Example.com',
      profileImage: 'https://example.com/frank.png',
    });
    const form = issuer.tokenRequests.at(-1);
    expect(Object.fromEntries(form ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'code-from-the-issuer',
      redirect_uri: REDIRECT_URI,
      code_verifier: login.codeVerifier,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(JSON.stringify(res.body)).not.toContain(CLIENT_SECRET);
  });

  it.each([
    ['a bad signature', { key: 'stranger' as const }, {}, 'id_token signature is invalid'],
    ['an unknown key id', { kid: 'rotated-away' }, {}, 'id_token signature is invalid'],
    [
      'a shared-secret signature',
      { alg: 'HS256', secret: CLIENT_SECRET },
      {},
      'id_token algorithm is not allowed',
    ],
    [
      'a token for another client (verifier)',
      {},
      { aud: 'line-client' },
      'id_token audience is not this client',
    ],
    [
      'several audiences, another party',
      {},
      { aud: [CLIENT_ID, 'other'], azp: 'other' },
      'id_token audience is not this client',
    ],
    [
      'another issuer',
      {},
      { iss: 'https://accounts.evil.example' },
      'id_token issuer is not ISSUER',
    ],
    ['an expired token', {}, { iat: now() - 7200, exp: now() - 3600 }, 'id_token has expired'],
    ['no nonce', {}, { nonce: undefined }, 'id_token nonce does not match this login'],
    [
      'an unverified email',
      {},
      { email_verified: false },
      'google has not verified this email address',
    ],
  ])('refuses %s', async (_what, signing, changes, message) => {
    const login = await startLogin();
    const token = await issuer.sign(claims(login.nonce, changes), signing);
    const res = await login.finish(token);
    expect(res).toMatchObject({
      status: 401,
      body: { error: message.replace('ISSUER', issuer.url) },
    });
  });

  it('refuses an unsigned token', async () => {
    const login = await startLogin();
    const payload = Buffer.from(JSON.stringify(claims(login.nonce))).toString('base64url');
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const res = await login.finish(`${header}.${payload}.`);
    expect(res.status).toBe(401);
  });

  it('refuses a replayed nonce: the token of an earlier login, in a new one', async () => {
    const first = await startLogin();
    const token = await issuer.sign(claims(first.nonce));
    expect((await first.finish(token)).status).toBe(200);
    const second = await startLogin();
    expect(second.nonce).not.toBe(first.nonce);
    expect(await second.finish(token)).toMatchObject({
      status: 401,
      body: { error: 'id_token nonce does not match this login' },
    });
  });

  it('refuses an issuer whose discovery document names another issuer', async () => {
    await suite.withApp(
      {
        login: loginConfigFromEnv(
          {
            ORRERY_LOGIN_GOOGLE_CLIENT_ID: CLIENT_ID,
            ORRERY_LOGIN_GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
            ORRERY_LOGIN_GOOGLE_ISSUER: issuer.url,
            ORRERY_KEY_NODES: 'node-1=http://127.0.0.1:9',
            ORRERY_IDENTITY_SIGNING_KEY: JSON.stringify(generateSigningKey().privateJwk),
            ORRERY_LOGIN_REDIRECT_URIS: REDIRECT_URI,
          },
          { dataDir: '/nonexistent', host: '127.0.0.1', port: 0 },
        ),
      },
      async (fresh) => {
        issuer.misnameIssuer('https://accounts.evil.example');
        try {
          const res = await fresh('POST', '/identity/login/start', {
            body: {
              verifier: 'google',
              redirectUri: REDIRECT_URI,
              codeChallenge: pkce().codeChallenge,
            },
          });
          expect(res).toMatchObject({
            status: 502,
            body: {
              error: `Discovery document of ${issuer.url} names another issuer: https://accounts.evil.example`,
            },
          });
        } finally {
          issuer.misnameIssuer(undefined);
        }
      },
    );
  });

  it('offers only configured verifiers', async () => {
    const res = await request('POST', '/identity/login/start', {
      body: { verifier: 'discord', redirectUri: REDIRECT_URI, codeChallenge: pkce().codeChallenge },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'Invalid verifier config: discord is not offered here' },
    });
    const config = await request('GET', '/identity/config');
    expect(config.body.verifiers).toEqual([
      { verifier: 'google', typeOfLogin: 'google', flavour: 'oidc', clientId: CLIENT_ID },
    ]);
  });
});
