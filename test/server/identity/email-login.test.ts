// Email passwordless end to end: the mail goes over SMTP to a local server started here; the
// code and the magic link are read from the mail as a user would.
import { generateSigningKey, loginConfigFromEnv } from '../../../src/server/identity/config';
import {
  startMailCatcher,
  type CaughtMail,
  type RunningMailCatcher,
} from '../../../src/server/mail/catcher';
import { BACKENDS, useTestServer } from '../helpers';
import { pkce, REDIRECT_URI } from '../login/login-params';

const NOT_STARTED =
  'This login was not started here, has expired or was already finished: start again';

describe.each(BACKENDS)('email passwordless on %s', (backend) => {
  let mail: RunningMailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher({ webPort: 0 });
  });
  afterAll(async () => {
    await mail?.close();
  });
  const loginEnv = () => ({
    ORRERY_SMTP_URL: mail.smtpUrl,
    ORRERY_MAIL_FROM: 'Orrery <login@orrery.test>',
    ORRERY_KEY_NODES:
      'node-1=http://127.0.0.1:9,node-2=http://127.0.0.1:9,node-3=http://127.0.0.1:9',
    ORRERY_IDENTITY_SIGNING_KEY: JSON.stringify(generateSigningKey().privateJwk),
    ORRERY_LOGIN_REDIRECT_URIS: REDIRECT_URI,
    ORRERY_EMAIL_PER_HOUR: '3',
    // The suite's own requests stay under it; the limit has a test of its own below.
    ORRERY_LOGIN_RATE_LIMIT: '1000',
  });
  const where = { dataDir: '/nonexistent', host: '127.0.0.1', port: 0 };
  const suite = useTestServer(backend, () => ({ login: loginConfigFromEnv(loginEnv(), where) }));
  const { request } = suite;
  let counter = 0;
  const freshEmail = () => `user${++counter}-${backend}-${Date.now()}@example.com`;

  /** Starts an email login and waits for its mail. */
  async function startEmailLogin(email = freshEmail()) {
    const { codeVerifier, codeChallenge } = pkce();
    const res = await request('POST', '/identity/email/start', {
      body: { email, redirectUri: REDIRECT_URI, codeChallenge },
    });
    expect(res.status).toBe(200);
    const sent: CaughtMail = await mail.waitFor((m) => m.to.includes(email.toLowerCase()));
    const code = /verification code is (\d{6})\./.exec(sent.text)?.[1] as string;
    const link = /(http:\/\/\S+magic_link=\S+)/.exec(sent.text)?.[1] as string;
    const finish = (body: Record<string, unknown> = {}) =>
      request('POST', '/identity/email/finish', {
        body: { loginId: res.body.loginId, codeVerifier, ...body },
      });
    const openLink = (token = new URL(link).searchParams.get('magic_link')) =>
      request('POST', '/identity/email/link', { body: { token } });
    return { email: email.toLowerCase(), reply: res.body, sent, code, link, finish, openLink };
  }

  it('sends a 6-digit code and a magic link over SMTP', async () => {
    const login = await startEmailLogin('Grace@Example.com');
    expect(login.sent.from).toBe('"Orrery" <login@orrery.test>');
    expect(login.sent.subject).toBe(`Your Orrery verification code: ${login.code}`);
    expect(login.code).toMatch(/^\d{6}$/);
    expect(login.sent.text).toContain('It is valid for 10 minutes.');
    expect(login.sent.text).toContain('valid for 24 hours');
    expect(login.link.startsWith(`${REDIRECT_URI}?magic_link=`)).toBe(true);
    expect(login.sent.html).toContain(`<strong>${login.code}</strong>`);
    const started = Date.now();
    expect(Date.parse(login.reply.codeExpiresAt) - started).toBeGreaterThan(590_000);
    expect(Date.parse(login.reply.codeExpiresAt) - started).toBeLessThanOrEqual(600_000);
    expect(Date.parse(login.reply.linkExpiresAt) - started).toBeGreaterThan(86_390_000);
    // The code and the link token are kept only as hashes.
    const row = await suite.server.database.db
      .selectFrom('email_logins')
      .selectAll()
      .where('id', '=', login.reply.loginId)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(login.code);
    expect(stored).not.toContain(new URL(login.link).searchParams.get('magic_link'));
    // The mail page shows it.
    const page = await (await fetch(`${mail.webUrl}/`)).text();
    expect(page).toContain(`Your Orrery verification code: ${login.code}`);
  });

  it('logs in with the code', async () => {
    const login = await startEmailLogin('Heidi@Example.com');
    const res = await login.finish({ code: login.code });
    expect(res.status).toBe(200);
    expect(res.body.identity).toEqual({
      verifier: 'email_passwordless',
      typeOfLogin: 'email_passwordless',
      verifierId: 'heidi@example.com',
      name: 'heidi@example.com',
      email: 'heidi@example.com',
      profileImage: '',
    });
    expect(res.body.identityTokens).toHaveLength(3);
    // Used up.
    expect(await login.finish({ code: login.code })).toMatchObject({
      status: 400,
      body: { error: NOT_STARTED },
    });
  });

  it('refuses a wrong code with the spec message, and voids the login after 5 tries', async () => {
    const login = await startEmailLogin();
    const wrong = login.code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i++)
      expect(await login.finish({ code: wrong })).toMatchObject({
        status: 401,
        body: { error: 'Error, incorrect verification code entered' },
      });
    // The fifth try is the last one, even with the right code after it.
    expect((await login.finish({ code: wrong })).status).toBe(401);
    expect(await login.finish({ code: login.code })).toMatchObject({
      status: 429,
      body: { error: 'Too many incorrect codes: request a new code' },
    });
  });

  it('counts concurrent guesses against the same limit', async () => {
    const login = await startEmailLogin();
    const guesses = Array.from({ length: 20 }, (_, i) => String(100000 + i)).filter(
      (g) => g !== login.code,
    );
    const answers = await Promise.all(guesses.map((code) => login.finish({ code })));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(guesses.length - 5);
  });

  it('refuses an expired code, and a finish from a browser without the code verifier', async () => {
    const login = await startEmailLogin();
    expect(
      await request('POST', '/identity/email/finish', {
        body: { loginId: login.reply.loginId, codeVerifier: pkce().codeVerifier, code: login.code },
      }),
    ).toMatchObject({
      status: 400,
      body: { error: 'body.codeVerifier does not match this login' },
    });
    await suite.server.database.db
      .updateTable('email_logins')
      .set({ code_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', login.reply.loginId)
      .execute();
    expect(await login.finish({ code: login.code })).toMatchObject({
      status: 410,
      body: { error: 'The verification code has expired: request a new one' },
    });
  });

  it('logs in with the magic link, once, after "Please verify your email first"', async () => {
    const login = await startEmailLogin();
    expect(await login.finish()).toMatchObject({
      status: 409,
      body: { error: 'Please verify your email first' },
    });
    expect(await login.openLink()).toMatchObject({
      status: 200,
      body: { verified: true, email: login.email },
    });
    expect(await login.openLink()).toMatchObject({
      status: 410,
      body: { error: 'This login link was already used' },
    });
    const res = await login.finish();
    expect(res.status).toBe(200);
    expect(res.body.identity.verifierId).toBe(login.email);
    expect(await login.finish()).toMatchObject({ status: 400, body: { error: NOT_STARTED } });
  });

  it('refuses an expired link and an unknown one', async () => {
    const login = await startEmailLogin();
    await suite.server.database.db
      .updateTable('email_logins')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', login.reply.loginId)
      .execute();
    expect(await login.openLink()).toMatchObject({
      status: 410,
      body: { error: 'This login link has expired: request a new one' },
    });
    expect(await login.finish({ code: login.code })).toMatchObject({
      status: 400,
      body: { error: NOT_STARTED },
    });
    expect(await login.openLink(pkce().codeVerifier)).toMatchObject({
      status: 404,
      body: { error: 'This login link is not valid' },
    });
  });

  it('refuses an invalid email address and limits mails per address', async () => {
    for (const email of ['not-an-email', 'a@b', 'a b@example.com', 'x@example.com>, y@example.com'])
      expect(
        await request('POST', '/identity/email/start', {
          body: { email, redirectUri: REDIRECT_URI, codeChallenge: pkce().codeChallenge },
        }),
      ).toMatchObject({ status: 400, body: { error: 'Invalid email address' } });
    const email = freshEmail();
    for (let i = 0; i < 3; i++) await startEmailLogin(email);
    expect(
      await request('POST', '/identity/email/start', {
        body: { email, redirectUri: REDIRECT_URI, codeChallenge: pkce().codeChallenge },
      }),
    ).toMatchObject({
      status: 429,
      body: { error: 'Too many login emails to this address: retry in an hour' },
    });
  });

  it('limits the login routes per client', async () => {
    // A second app with a small limit, trusting X-Forwarded-For so that this test is a client
    // of its own (the counters live in the shared database).
    const limits = loginConfigFromEnv({ ...loginEnv(), ORRERY_LOGIN_RATE_LIMIT: '2' }, where);
    await suite.withApp({ login: limits, trustProxy: true }, async (limited) => {
      const headers = { 'x-forwarded-for': `198.51.100.${backend === 'pglite' ? 21 : 22}` };
      const body = {
        loginId: pkce().codeVerifier,
        codeVerifier: pkce().codeVerifier,
        code: '123456',
      };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited('POST', '/identity/email/finish', { body, headers })).status);
      expect(statuses).toEqual([400, 400, 429]);
      const refused = await limited('POST', '/identity/email/finish', { body, headers });
      expect(refused.body.error).toMatch(/^Too many requests: retry in \d+ s$/);
      // Each route counts on its own, and each client.
      const start = await limited('POST', '/identity/email/start', {
        headers,
        body: { email: 'bad', redirectUri: REDIRECT_URI, codeChallenge: pkce().codeChallenge },
      });
      expect(start.status).toBe(400);
      const other = { 'x-forwarded-for': '192.0.2.99' };
      expect(
        (await limited('POST', '/identity/email/finish', { body, headers: other })).status,
      ).toBe(400);
    });
  });

  it('answers 503 when no SMTP server is configured', async () => {
    const { ORRERY_SMTP_URL: _unused, ...withoutSmtp } = loginEnv();
    await suite.withApp({ login: loginConfigFromEnv(withoutSmtp, where) }, async (bare) => {
      expect(
        await bare('POST', '/identity/email/start', {
          body: {
            email: freshEmail(),
            redirectUri: REDIRECT_URI,
            codeChallenge: pkce().codeChallenge,
          },
        }),
      ).toMatchObject({
        status: 503,
        body: { error: 'Email login is not configured on this server (ORRERY_SMTP_URL)' },
      });
    });
  });
});
