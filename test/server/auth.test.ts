// Sign-in (message + personal_sign → JWT), the Auth-Challenge header scheme, token expiry and
// the auth rate limit, on both backends.
import { signToken } from '../../src/server/auth/jwt';
import { BACKENDS, TEST_JWT_SECRET, useTestServer } from './helpers';
import { newAccount, signIn } from './session';

describe.each(BACKENDS)('auth on %s', (backend) => {
  const suite = useTestServer(backend);
  const { request } = suite;

  it('issues a fresh Orrery Signin message with a random nonce each time', async () => {
    const account = newAccount();
    const first = await request('POST', '/auth/message', {
      body: { public_address: account.address },
    });
    const second = await request('POST', '/auth/message', {
      body: { public_address: account.address },
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toMatch(/^Orrery Signin - [0-9a-f]{32}$/);
    expect(second.body.message).not.toBe(first.body.message);
    expect(Date.parse(first.body.expires_at)).toBeGreaterThan(Date.now());
  });

  it('exchanges a valid signature for a token that opens the API', async () => {
    const session = await signIn(request);
    expect(session.token.split('.')).toHaveLength(3);
    const before = await request('GET', '/user', { token: session.token });
    expect(before.status).toBe(404); // signed in, no record yet
    expect(before.body.error).toMatch(/User not found/);
  });

  it('accepts each message once', async () => {
    const account = newAccount();
    const issued = await request('POST', '/auth/message', {
      body: { public_address: account.address },
    });
    const signed_message = await account.signMessage({ message: issued.body.message });
    const body = { public_address: account.address, signed_message };
    expect((await request('POST', '/auth/verify', { body })).status).toBe(200);
    const replay = await request('POST', '/auth/verify', { body });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toMatch(/No valid sign-in message/);
  });

  it('refuses an expired message', async () => {
    const account = newAccount();
    const issued = await request('POST', '/auth/message', {
      body: { public_address: account.address },
    });
    await suite.server.database.db
      .updateTable('auth_messages')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('message', '=', issued.body.message)
      .execute();
    const signed_message = await account.signMessage({ message: issued.body.message });
    const res = await request('POST', '/auth/verify', {
      body: { public_address: account.address, signed_message },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/No valid sign-in message/);
  });

  it('refuses a signature from another key without using the message up', async () => {
    const account = newAccount();
    const intruder = newAccount();
    const issued = await request('POST', '/auth/message', {
      body: { public_address: account.address },
    });
    const forged = await intruder.signMessage({ message: issued.body.message });
    const res = await request('POST', '/auth/verify', {
      body: { public_address: account.address, signed_message: forged },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Signature does not match public_address' });
    const genuine = await account.signMessage({ message: issued.body.message });
    const retry = await request('POST', '/auth/verify', {
      body: { public_address: account.address, signed_message: genuine },
    });
    expect(retry.status).toBe(200);
  });

  it('accepts a signature of an older pending message, once', async () => {
    const account = newAccount();
    const older = await request('POST', '/auth/message', {
      body: { public_address: account.address },
    });
    await request('POST', '/auth/message', { body: { public_address: account.address } });
    const body = {
      public_address: account.address,
      signed_message: await account.signMessage({ message: older.body.message }),
    };
    expect((await request('POST', '/auth/verify', { body })).status).toBe(200);
    expect((await request('POST', '/auth/verify', { body })).body).toEqual({
      error: 'Signature does not match public_address',
    });
  });

  it('names the offending field on bad input', async () => {
    const missing = await request('POST', '/auth/message', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'body.public_address is required' });
    const malformed = await request('POST', '/auth/message', { body: { public_address: '0x123' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/^body\.public_address must match pattern/);
    const extra = await request('POST', '/auth/message', {
      body: { public_address: newAccount().address, admin: true },
    });
    expect(extra.body).toEqual({ error: 'body.admin is not allowed' });
    const badSig = await request('POST', '/auth/verify', {
      body: { public_address: newAccount().address, signed_message: '0xdead' },
    });
    expect(badSig.status).toBe(400);
    expect(badSig.body.error).toMatch(/^body\.signed_message must match pattern/);
  });

  it('answers 401 Token expired for an expired token, and refuses forged or missing ones', async () => {
    const address = newAccount().address.toLowerCase();
    const expired = signToken(address, TEST_JWT_SECRET, 60, Date.now() - 120_000);
    expect(await request('GET', '/user', { token: expired })).toMatchObject({
      status: 401,
      body: { error: 'Token expired' },
    });
    const forged = signToken(address, 'another-secret-another-secret-another', 60);
    expect(await request('GET', '/user', { token: forged })).toMatchObject({
      status: 401,
      body: { error: 'Invalid token' },
    });
    expect(await request('GET', '/user')).toMatchObject({
      status: 401,
      body: { error: 'Authentication required' },
    });
  });

  describe('Auth-Challenge headers', () => {
    async function challengeHeaders(
      account = newAccount(),
      seconds = Math.floor(Date.now() / 1000),
    ) {
      const challenge = String(seconds);
      return {
        'auth-challenge': challenge,
        'auth-signature': await account.signMessage({ message: challenge }),
        'auth-public-address': account.address,
      };
    }

    it('authenticates a fresh signed timestamp once', async () => {
      const account = newAccount();
      const headers = await challengeHeaders(account);
      const created = await request('POST', '/user', { headers, body: {} });
      expect(created.status).toBe(201);
      expect(created.body.public_address).toBe(account.address.toLowerCase());
      const replay = await request('GET', '/user', { headers });
      expect(replay).toMatchObject({ status: 401, body: { error: 'Auth-Signature already used' } });
    });

    it('refuses a stale timestamp, a wrong address and partial headers', async () => {
      const stale = await challengeHeaders(newAccount(), Math.floor(Date.now() / 1000) - 3600);
      expect(await request('GET', '/user', { headers: stale })).toMatchObject({
        status: 401,
        body: { error: 'Auth-Challenge expired' },
      });
      const wrong = { ...(await challengeHeaders()), 'auth-public-address': newAccount().address };
      expect(await request('GET', '/user', { headers: wrong })).toMatchObject({
        status: 401,
        body: { error: 'Auth-Signature does not match Auth-Public-Address' },
      });
      const partial = await challengeHeaders();
      delete (partial as Partial<typeof partial>)['auth-signature'];
      expect((await request('GET', '/user', { headers: partial })).status).toBe(401);
    });
  });

  it('rate-limits the auth routes per client', async () => {
    // A second app on the same database with a small limit.
    await suite.withApp({ authRateLimitPerMinute: 3 }, async (limitedRequest) => {
      const body = { public_address: newAccount().address };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limitedRequest('POST', '/auth/message', { body })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await limitedRequest('POST', '/auth/verify', {
        body: { public_address: body.public_address, signed_message: `0x${'1'.repeat(130)}` },
      });
      expect(refused.status).toBe(401); // its own counter: a bad signature, not a rate limit
      const limitedAgain = await limitedRequest('POST', '/auth/message', { body });
      expect(limitedAgain.status).toBe(429);
      expect(limitedAgain.body.error).toMatch(/^Too many requests: retry in \d+ s$/);
      // Other routes are not limited.
      expect((await limitedRequest('GET', '/health')).status).toBe(200);
    });
  });
});
