// The caller's user record and preference updates, on both backends.
import { Value } from '@sinclair/typebox/value';
import { UserRecord } from '../../src/shared/api';
import { signToken } from '../../src/server/auth/jwt';
import { BACKENDS, TEST_JWT_SECRET, useTestServer } from './helpers';
import { signIn, signUp } from './session';

describe.each(BACKENDS)('user routes on %s', (backend) => {
  const suite = useTestServer(backend);
  const { request } = suite;

  it('creates the record once with defaults, then answers 409', async () => {
    const session = await signIn(request);
    const created = await request('POST', '/user', {
      token: session.token,
      body: {
        default_currency: 'eur',
        verifier: 'google',
        verifierId: 'a@example.com',
        account_type: 'imported',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      public_address: session.address,
      default_currency: 'EUR',
      theme: 'light',
      enable_crash_reporter: false,
      locale: 'en',
      account_type: 'imported',
      default_public_address: null,
      verifier: 'google',
      verifier_id: 'a@example.com',
      contacts: [],
      permissions: [],
      customTokens: [],
      customNfts: [],
      customNetworks: [],
    });
    const again = await request('POST', '/user', { token: session.token, body: {} });
    expect(again).toMatchObject({ status: 409, body: { error: 'User already exists' } });
  });

  it('returns the record with or without transactions', async () => {
    const session = await signUp(request);
    const withTx = await request('GET', '/user', { token: session.token });
    expect(withTx.status).toBe(200);
    expect(withTx.body.transactions).toEqual([]);
    const withoutTx = await request('GET', '/user?fetchTx=false', { token: session.token });
    expect(withoutTx.body).not.toHaveProperty('transactions');
    expect(withoutTx.body.public_address).toBe(session.address);
    const badQuery = await request('GET', '/user?fetchTx=maybe', { token: session.token });
    expect(badQuery).toMatchObject({
      status: 400,
      body: { error: 'querystring.fetchTx must be boolean' },
    });
  });

  it('answers a record the API contract describes, every list and field filled', async () => {
    const session = await signUp(request, { verifier: 'google', verifierId: 'c@example.com' });
    const token = session.token;
    const other = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const adds = [
      ['/contact', { name: 'Bob', contact_verifier: 'eth', contact_verifier_id: other }],
      [
        '/customtoken',
        {
          token_address: other,
          network: 'mainnet',
          token_symbol: 'T',
          token_name: 'T',
          decimals: 6,
        },
      ],
      [
        '/customnft',
        {
          nft_address: other,
          network: 'mainnet',
          nft_name: 'N',
          nft_id: '7',
          nft_contract_standard: 'ERC1155',
          nft_image_link: 'https://img.example/7.png',
        },
      ],
      [
        '/customnetwork/rpc',
        { network_name: 'Side', rpc_url: 'https://rpc.example', chain_id: '0x10', symbol: 'S' },
      ],
      ['/permissions', { name: 'eth_accounts', action: 'grant', period: '1h' }],
      ['/permissions', { name: 'eth_sign', action: 'grant' }],
      [
        '/transaction',
        {
          transaction_hash: `0x${'12'.repeat(32)}`,
          network: 'mainnet',
          from: session.address,
          to: other,
          total_amount: '1',
          status: 'submitted',
          type: 'erc20',
          is_cancel: true,
        },
      ],
    ] as const;
    for (const [path, body] of adds)
      expect((await request('POST', path, { token, body })).status).toBe(201);

    for (const query of ['', '?fetchTx=false']) {
      const { body } = await request('GET', `/user${query}`, { token });
      expect([...Value.Errors(UserRecord, body)].map((e) => `${e.path} ${e.message}`)).toEqual([]);
      for (const list of ['contacts', 'customTokens', 'customNfts', 'customNetworks'])
        expect(body[list]).toHaveLength(1);
      expect(body.permissions).toHaveLength(2);
      // Times as JavaScript writes them, in UTC.
      expect(body.permissions[0].expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/u);
      expect(body.permissions[1].expires_at).toBeNull();
      if (query === '') {
        expect(body.transactions).toEqual([
          expect.objectContaining({ type: 'erc20', is_cancel: true, gasPrice: null, to: other }),
        ]);
        expect(body.transactions[0].created_at).toBe(
          new Date(body.transactions[0].created_at).toISOString(),
        );
      }
    }
  });

  it('updates preferences one field at a time', async () => {
    const session = await signUp(request);
    const token = session.token;
    const other = `0x${'ab'.repeat(20)}`;
    expect(
      (await request('PATCH', '/user', { token, body: { default_currency: 'jpy' } })).body
        .default_currency,
    ).toBe('JPY');
    expect(
      (
        await request('PATCH', '/user', {
          token,
          body: { default_public_address: other.toUpperCase().replace('0X', '0x') },
        })
      ).body.default_public_address,
    ).toBe(other);
    expect(
      (await request('PATCH', '/user/theme', { token, body: { theme: 'dark' } })).body.theme,
    ).toBe('dark');
    expect(
      (
        await request('PATCH', '/user/crashreporter', {
          token,
          body: { enable_crash_reporter: true },
        })
      ).body.enable_crash_reporter,
    ).toBe(true);
    expect(
      (await request('PATCH', '/user/locale', { token, body: { locale: 'de' } })).body.locale,
    ).toBe('de');
    const verifier = await request('PATCH', '/user/verifier', {
      token,
      body: { verifier: 'discord', verifierId: '1234' },
    });
    expect(verifier.body).toMatchObject({ verifier: 'discord', verifier_id: '1234' });
    const stored = await request('GET', '/user?fetchTx=false', { token });
    expect(stored.body).toMatchObject({
      default_currency: 'JPY',
      default_public_address: other,
      theme: 'dark',
      enable_crash_reporter: true,
      locale: 'de',
      verifier: 'discord',
    });
  });

  it('refuses bad preference values, naming the field, and changes nothing', async () => {
    const { token } = await signUp(request);
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['PATCH', '/user', {}, /^body must NOT have fewer than 1 properties$/],
      [
        'PATCH',
        '/user',
        { default_currency: 'US Dollar' },
        /^body\.default_currency must match pattern/,
      ],
      [
        'PATCH',
        '/user',
        { default_public_address: '0x12' },
        /^body\.default_public_address must match/,
      ],
      ['PATCH', '/user/theme', { theme: '<script>' }, /^body\.theme must match pattern/],
      [
        'PATCH',
        '/user/crashreporter',
        { enable_crash_reporter: 'yes' },
        /^body\.enable_crash_reporter must be boolean$/,
      ],
      ['PATCH', '/user/locale', {}, /^body\.locale is required$/],
      ['PATCH', '/user/verifier', { verifier: 'google' }, /^body\.verifierId is required$/],
      [
        'POST',
        '/user/recordLogin',
        { hostname: 'x', verifier: 'g' },
        /^body\.verifierId is required$/,
      ],
      [
        'POST',
        '/user',
        { account_type: 'admin' },
        /^body\.account_type must be one of: normal, threshold/,
      ],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await request(method, path, { token, body });
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.error).toMatch(message);
    }
    const stored = await request('GET', '/user?fetchTx=false', { token });
    expect(stored.body).toMatchObject({ default_currency: 'USD', theme: 'light', locale: 'en' });
  });

  it('records a login and moves the verifier in one transaction', async () => {
    const { token } = await signUp(request, { verifier: 'google', verifierId: 'first' });
    const login = await request('POST', '/user/recordLogin', {
      token,
      body: {
        hostname: 'app.example',
        verifier: 'github',
        verifierId: 'octo',
        metadata: { browser: 'x' },
      },
    });
    expect(login.status).toBe(201);
    expect(typeof login.body.id).toBe('number');
    expect((await request('GET', '/user?fetchTx=false', { token })).body).toMatchObject({
      verifier: 'github',
      verifier_id: 'octo',
    });
    // PostgreSQL cannot store \u0000 in jsonb: the insert fails after the user update ran,
    // and the update must be rolled back with it.
    const failed = await request('POST', '/user/recordLogin', {
      token,
      body: {
        hostname: 'app.example',
        verifier: 'twitter',
        verifierId: 'bird',
        metadata: { note: 'a\u0000b' },
      },
    });
    expect(failed.status).toBe(400);
    expect(failed.body.error).toMatch(/^Invalid value: /);
    expect((await request('GET', '/user?fetchTx=false', { token })).body).toMatchObject({
      verifier: 'github',
      verifier_id: 'octo',
    });
  });

  it('keeps each user to their own record', async () => {
    const alice = await signUp(request, { default_currency: 'EUR' });
    const bob = await signUp(request);
    await request('PATCH', '/user/theme', { token: bob.token, body: { theme: 'dark' } });
    const aliceRecord = await request('GET', '/user?fetchTx=false', { token: alice.token });
    expect(aliceRecord.body).toMatchObject({
      public_address: alice.address,
      theme: 'light',
      default_currency: 'EUR',
    });
  });

  it('answers 404 before the record exists and 401 Token expired on every user route', async () => {
    const { token, address } = await signIn(request);
    expect((await request('PATCH', '/user/theme', { token, body: { theme: 'dark' } })).status).toBe(
      404,
    );
    const expired = signToken(address, TEST_JWT_SECRET, 60, Date.now() - 3_600_000);
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/user', undefined],
      ['POST', '/user', {}],
      ['PATCH', '/user', { default_currency: 'USD' }],
      ['PATCH', '/user/theme', { theme: 'dark' }],
      ['PATCH', '/user/crashreporter', { enable_crash_reporter: true }],
      ['PATCH', '/user/locale', { locale: 'en' }],
      ['PATCH', '/user/verifier', { verifier: 'a', verifierId: 'b' }],
      ['POST', '/user/recordLogin', { hostname: 'h', verifier: 'a', verifierId: 'b' }],
    ];
    for (const [method, path, body] of routes) {
      const res = await request(method, path, { token: expired, body });
      expect([method, path, res.status, res.body]).toEqual([
        method,
        path,
        401,
        { error: 'Token expired' },
      ]);
    }
  });
});
