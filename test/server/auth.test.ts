// Sign-in (message + personal_sign → JWT), the Auth-Challenge header scheme, token expiry and
// the auth rate limit, on both backends. Once a message or challenge is used, every encoding of
// its signature (the same bytes, upper-case hex, v as 0/1, s as n - s) and every other
// signature of it is refused; non-canonical encodings are refused even when fresh.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hashMessage, hexToBytes, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { signToken } from '../../src/server/auth/jwt';
import { BACKENDS, TEST_JWT_SECRET, useTestServer } from './helpers';
import { newAccount, signIn } from './session';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The encodings of one secp256k1 signature that recover the same key. */
function reEncodings(signature: string): Record<string, string> {
  const r = signature.slice(2, 66);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130), 16);
  const hex = (n: number | bigint, width: number) => n.toString(16).padStart(width, '0');
  const highS = hex(N - s, 64);
  // n - s recovers the same key with the other recovery bit: v 27 <-> 28.
  const flipped = 55 - v;
  return {
    'the same bytes': signature,
    'upper-case hex': `0x${signature.slice(2).toUpperCase()}`,
    'v as 0/1': `0x${r}${hex(s, 64)}${hex(v - 27, 2)}`,
    'high s (n - s, flipped v)': `0x${r}${highS}${hex(flipped, 2)}`,
    'high s with v as 0/1': `0x${r}${highS}${hex(flipped - 27, 2)}`,
  };
}

/**
 * A second canonical personal_sign signature of `message` by `privateKey`, other than the
 * deterministic (RFC 6979) one wallets produce: the nonce mixes in random entropy.
 */
function anotherSignature(message: string, privateKey: `0x${string}`): string {
  const recovered = secp256k1.sign(hexToBytes(hashMessage(message)), hexToBytes(privateKey), {
    prehash: false,
    format: 'recovered',
    extraEntropy: true,
  });
  const signature = new Uint8Array(65);
  signature.set(recovered.subarray(1), 0);
  signature[64] = 27 + recovered[0]!;
  return toHex(signature);
}

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

  it('accepts each message once, in no other encoding or signature of it', async () => {
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    const issued = await request('POST', '/auth/message', {
      body: { public_address: account.address },
    });
    const signed_message = await account.signMessage({ message: issued.body.message });
    const body = { public_address: account.address, signed_message };
    expect((await request('POST', '/auth/verify', { body })).status).toBe(200);
    const answers = Object.fromEntries(
      await Promise.all(
        Object.entries({
          ...reEncodings(signed_message),
          'another canonical signature': anotherSignature(issued.body.message, privateKey),
        }).map(async ([name, encoded]) => {
          const replay = await request('POST', '/auth/verify', {
            body: { ...body, signed_message: encoded },
          });
          return [name, `${replay.status} ${replay.body.error}`];
        }),
      ),
    );
    expect(answers).toEqual({
      'the same bytes': '401 No valid sign-in message for this address: request a new one',
      'upper-case hex': '401 No valid sign-in message for this address: request a new one',
      'v as 0/1': '400 body.signed_message is not canonical: v must be 27 or 28',
      'high s (n - s, flipped v)':
        '400 body.signed_message is not canonical: s must be in the lower half of the curve order',
      'high s with v as 0/1': '400 body.signed_message is not canonical: v must be 27 or 28',
      'another canonical signature':
        '401 No valid sign-in message for this address: request a new one',
    });
  });

  it('refuses a non-canonical encoding even of a fresh message, without using it up', async () => {
    const account = newAccount();
    const issued = await request('POST', '/auth/message', {
      body: { public_address: account.address },
    });
    const genuine = await account.signMessage({ message: issued.body.message });
    const { 'high s (n - s, flipped v)': highS } = reEncodings(genuine);
    const refused = await request('POST', '/auth/verify', {
      body: { public_address: account.address, signed_message: highS },
    });
    expect(refused.status).toBe(400);
    const accepted = await request('POST', '/auth/verify', {
      body: { public_address: account.address, signed_message: genuine },
    });
    expect(accepted.status).toBe(200);
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

    it('authenticates a fresh signed timestamp once: no encoding of it, no other signature of it', async () => {
      const privateKey = generatePrivateKey();
      const account = privateKeyToAccount(privateKey);
      const headers = await challengeHeaders(account);
      const created = await request('POST', '/user', { headers, body: {} });
      expect(created.status).toBe(201);
      expect(created.body.public_address).toBe(account.address.toLowerCase());
      // Every encoding of the used signature, and a second genuine signature of the same
      // challenge (the challenge is what is used up, not a signature string).
      const replays = {
        ...reEncodings(headers['auth-signature']),
        'another canonical signature': anotherSignature(headers['auth-challenge'], privateKey),
      };
      expect(replays['another canonical signature']).not.toBe(headers['auth-signature']);
      const answers: Record<string, string> = {};
      for (const [name, encoded] of Object.entries(replays)) {
        const replay = await request('GET', '/user', {
          headers: { ...headers, 'auth-signature': encoded },
        });
        answers[name] = `${replay.status} ${replay.body.error}`;
      }
      expect(answers).toEqual({
        'the same bytes': '401 Auth-Challenge already used',
        'upper-case hex': '401 Auth-Challenge already used',
        'v as 0/1': '401 Auth-Signature is not canonical: v must be 27 or 28',
        'high s (n - s, flipped v)':
          '401 Auth-Signature is not canonical: s must be in the lower half of the curve order',
        'high s with v as 0/1': '401 Auth-Signature is not canonical: v must be 27 or 28',
        'another canonical signature': '401 Auth-Challenge already used',
      });
      // The challenge is used up in the database: a second server on it refuses it too.
      await suite.withApp({}, async (other) => {
        expect(await other('GET', '/user', { headers })).toMatchObject({
          status: 401,
          body: { error: 'Auth-Challenge already used' },
        });
      });
    });

    it('refuses a re-encoded fresh challenge without using it up', async () => {
      const headers = await challengeHeaders();
      for (const [name, encoded] of Object.entries(reEncodings(headers['auth-signature']))) {
        if (name === 'the same bytes' || name === 'upper-case hex') continue;
        const refused = await request('GET', '/user', {
          headers: { ...headers, 'auth-signature': encoded },
        });
        expect([name, refused.status]).toEqual([name, 401]);
      }
      // The genuine signature still works: the refusals used nothing up.
      expect((await request('GET', '/user', { headers })).status).toBe(404);
    });

    it('lets exactly one of several simultaneous uses of a challenge through', async () => {
      const headers = await challengeHeaders();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => request('GET', '/user', { headers })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 404]);
      expect(answers.filter((a) => a.status === 401).map((a) => a.body.error)).toEqual(
        Array(7).fill('Auth-Challenge already used'),
      );
    });

    it('keeps used challenges until their window has passed, then sweeps them in bulk', async () => {
      const { sweepExpired } = await import('../../src/server/db/sweeper');
      const headers = await challengeHeaders();
      expect((await request('GET', '/user', { headers })).status).toBe(404); // authenticated
      const db = suite.server.database.db;
      const address = headers['auth-public-address'].toLowerCase();
      const row = () =>
        db
          .selectFrom('used_challenges')
          .selectAll()
          .where('public_address', '=', address)
          .executeTakeFirst();
      const used = await row();
      expect(used?.challenge).toBe(headers['auth-challenge']);
      // Expires when the timestamp leaves the accepted window.
      expect(used?.expires_at.getTime()).toBe((Number(headers['auth-challenge']) + 300) * 1000);
      await sweepExpired(db, new Date(used!.expires_at.getTime() - 1000));
      expect(await row()).toBeDefined();
      const swept = await sweepExpired(db, new Date(used!.expires_at.getTime() + 1000));
      expect(swept.used_challenges).toBeGreaterThanOrEqual(1);
      expect(await row()).toBeUndefined();
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
    // A second app on the same database with a small limit, trusting X-Forwarded-For so that
    // this test is a client of its own (the counters live in the shared database).
    await suite.withApp({ authRateLimitPerMinute: 3, trustProxy: true }, async (limited) => {
      const client = { 'x-forwarded-for': '198.51.100.7' };
      const body = { public_address: newAccount().address };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited('POST', '/auth/message', { body, headers: client })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await limited('POST', '/auth/verify', {
        headers: client,
        body: { public_address: body.public_address, signed_message: `0x${'1'.repeat(128)}1b` },
      });
      expect(refused.status).toBe(401); // its own counter: a bad signature, not a rate limit
      const limitedAgain = await limited('POST', '/auth/message', { body, headers: client });
      expect(limitedAgain.status).toBe(429);
      expect(limitedAgain.body.error).toMatch(/^Too many requests: retry in \d+ s$/);
      // Another client has its own counter; other routes are not limited.
      const other = { 'x-forwarded-for': '192.0.2.77' };
      expect((await limited('POST', '/auth/message', { body, headers: other })).status).toBe(200);
      expect((await limited('GET', '/health')).status).toBe(200);
    });
  });

  it('refuses a JSON body in a charset other than UTF-8 with 415', async () => {
    const body = JSON.stringify({ public_address: newAccount().address });
    const refused: [string, string][] = [
      ['application/json; charset=utf-16', 'utf-16'],
      ['application/json;charset=UTF-16LE', 'utf-16le'],
      ['application/json; charset=iso-8859-1', 'iso-8859-1'],
      ['application/json; charset="latin1"', 'latin1'],
      ['Application/JSON; foo=bar; CHARSET = utf-32', 'utf-32'],
      // Every charset a header declares counts, not only the first.
      ['application/json; charset=utf-8; charset=utf-16', 'utf-16'],
    ];
    for (const [contentType, charset] of refused) {
      const res = await request('POST', '/auth/message', {
        rawBody: body,
        headers: { 'content-type': contentType },
      });
      expect([contentType, res.status, res.body.error]).toEqual([
        contentType,
        415,
        `Unsupported charset ${charset}: JSON bodies must be UTF-8`,
      ]);
    }
    for (const contentType of [
      'application/json; charset=utf-8',
      'application/json; charset="UTF-8"',
      'application/json;charset=utf8',
      'application/json',
    ]) {
      const res = await request('POST', '/auth/message', {
        rawBody: body,
        headers: { 'content-type': contentType },
      });
      expect([contentType, res.status]).toEqual([contentType, 200]);
    }
  });
});
