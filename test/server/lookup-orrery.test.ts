// GET /lookup/orrery (lookup by social identity) on both backends.
import { signToken } from '../../src/server/auth/jwt';
import { BACKENDS, TEST_JWT_SECRET, useTestServer } from './helpers';
import { newAccount, signIn, signUp, type Session } from './session';

const lookup = (query: Record<string, string>) =>
  `/lookup/orrery?${new URLSearchParams(query).toString()}`;

describe.each(BACKENDS)('GET /lookup/orrery on %s', (backend) => {
  const suite = useTestServer(backend);
  const { request } = suite;
  let alice: Session;
  let caller: Session;
  beforeAll(async () => {
    alice = await signUp(request, { verifier: 'google', verifierId: 'Alice@Example.com' });
    caller = await signIn(request); // a token is enough: no user record needed
  });

  it('finds the address registered with a verifier and verifier id', async () => {
    const res = await request(
      'GET',
      lookup({
        verifier: 'google',
        verifierId: 'Alice@Example.com',
        walletVerifier: 'orrery-google',
        network: 'mainnet',
      }),
      { token: caller.token },
    );
    expect(res).toMatchObject({
      status: 200,
      body: {
        verifier: 'google',
        verifierId: 'Alice@Example.com',
        address: alice.address,
        public_address: alice.address,
      },
    });
  });

  it('matches the verifier id exactly (case-sensitive) and the verifier too', async () => {
    for (const query of [
      { verifier: 'google', verifierId: 'alice@example.com' },
      { verifier: 'reddit', verifierId: 'Alice@Example.com' },
      { verifier: 'google', verifierId: 'nobody@example.com' },
    ]) {
      const res = await request('GET', lookup(query), { token: caller.token });
      expect(res).toMatchObject({
        status: 404,
        body: { error: `No user for ${query.verifier} ${query.verifierId}` },
      });
    }
  });

  it('answers the default public address once the user has set one', async () => {
    const bob = await signUp(request, { verifier: 'discord', verifierId: '123456789012345678' });
    const target = newAccount().address;
    const patched = await request('PATCH', '/user', {
      token: bob.token,
      body: { default_public_address: target },
    });
    expect(patched.status).toBe(200);
    const res = await request(
      'GET',
      lookup({ verifier: 'discord', verifierId: '123456789012345678' }),
      { token: caller.token },
    );
    expect(res.body).toMatchObject({ address: target.toLowerCase(), public_address: bob.address });
  });

  it('follows a login recorded later and prefers the earliest record of an identity', async () => {
    const first = await signUp(request);
    const second = await signUp(request);
    for (const session of [second, first]) {
      const recorded = await request('POST', '/user/recordLogin', {
        token: session.token,
        body: { hostname: 'localhost', verifier: 'github', verifierId: 'octo-cat' },
      });
      expect(recorded.status).toBe(201);
    }
    const res = await request('GET', lookup({ verifier: 'github', verifierId: 'octo-cat' }), {
      token: caller.token,
    });
    expect(res.body.address).toBe(first.address);
  });

  it('refuses bad input with the field named', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ verifier: 'google' }, 'querystring.verifierId is required'],
      [{ verifierId: 'a@b.c' }, 'querystring.verifier is required'],
      [
        { verifier: '', verifierId: 'a@b.c' },
        'querystring.verifier must NOT have fewer than 1 characters',
      ],
      [
        { verifier: 'google', verifierId: 'x'.repeat(201) },
        'querystring.verifierId must NOT have more than 200 characters',
      ],
      [{ verifier: 'google', verifierId: 'a@b.c', admin: '1' }, 'querystring.admin is not allowed'],
    ];
    for (const [query, error] of cases) {
      const res = await request('GET', lookup(query), { token: caller.token });
      expect(res).toMatchObject({ status: 400, body: { error } });
    }
  });

  it('needs a valid token', async () => {
    const path = lookup({ verifier: 'google', verifierId: 'Alice@Example.com' });
    expect((await request('GET', path)).status).toBe(401);
    const expired = signToken(caller.address, TEST_JWT_SECRET, 60, Date.now() - 3_600_000);
    expect(await request('GET', path, { token: expired })).toMatchObject({
      status: 401,
      body: { error: 'Token expired' },
    });
  });
});
