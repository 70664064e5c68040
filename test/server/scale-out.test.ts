// Three API instances (real processes) on one PostgreSQL 15, behind the balancer: nothing that
// guards sign-in depends on which instance a request reaches, and an instance stopped under
// load loses no write while the others answer every request.
import { openDatabase } from '../../src/server/db';
import { startBalancer, type RunningBalancer } from '../../src/server/balancer';
import { client, TEST_JWT_SECRET } from './helpers';
import { startInstance, stopInstance, type InstanceProcess } from './instances';
import { startPostgres, type PostgresServer } from './postgres-server';
import { newAccount } from './session';

const RATE_LIMIT = 5;
const CLIENTS = 50;
const WRITES_PER_CLIENT = 20;

describe('three API instances on one PostgreSQL', () => {
  let postgres: PostgresServer;
  let instances: InstanceProcess[] = [];
  let urls: string[] = [];
  let balancer: RunningBalancer;

  beforeAll(async () => {
    postgres = await startPostgres();
    // All three start (and migrate) at once: the migration lock lets one of them do it.
    instances = [0, 1, 2].map(() =>
      startInstance({
        DATABASE_URL: postgres.databaseUrl,
        ORRERY_JWT_SECRET: TEST_JWT_SECRET,
        ORRERY_AUTH_RATE_LIMIT: String(RATE_LIMIT),
        // Requests come from the balancer or this test on 127.0.0.1, naming their client.
        ORRERY_TRUST_PROXY: '127.0.0.1',
        ORRERY_DB_POOL_MAX: '8',
        // The default: well above the balancer's idle-connection limit, even on a busy machine.
        ORRERY_SHUTDOWN_DELAY_MS: '1000',
      }),
    );
    urls = await Promise.all(instances.map((instance) => instance.url));
    balancer = await startBalancer({ upstreams: urls, port: 0, healthIntervalMs: 200 });
  }, 180_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(instances.map((instance) => stopInstance(instance)));
    await postgres?.stop();
  }, 60_000);

  async function challengeHeaders(account = newAccount()) {
    const challenge = String(Math.floor(Date.now() / 1000));
    return {
      'auth-challenge': challenge,
      'auth-signature': await account.signMessage({ message: challenge }),
      'auth-public-address': account.address,
    };
  }

  it('refuses on B and C a challenge used on A', async () => {
    const [a, b, c] = urls.map((url) => client({ url }));
    const headers = await challengeHeaders();
    expect((await a!('POST', '/user', { headers, body: {} })).status).toBe(201);
    for (const other of [b!, c!]) {
      expect(await other('GET', '/user', { headers })).toMatchObject({
        status: 401,
        body: { error: 'Auth-Challenge already used' },
      });
    }
  });

  it('holds the auth rate limit across the three: together they allow one limit', async () => {
    const requests = urls.map((url) => client({ url }));
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const body = { public_address: newAccount().address };
    // Twelve requests at once, four to each instance.
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        requests[i % 3]!('POST', '/auth/message', { body, headers }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - RATE_LIMIT);
  });

  it('loses no write when an instance is stopped under load; the others answer every request', async () => {
    const request = client(balancer);
    const account = newAccount();
    const issued = await request('POST', '/auth/message', {
      body: { public_address: account.address },
    });
    const verified = await request('POST', '/auth/verify', {
      body: {
        public_address: account.address,
        signed_message: await account.signMessage({ message: issued.body.message }),
      },
    });
    const token: string = verified.body.token;
    expect((await request('POST', '/user', { token, body: {} })).status).toBe(201);

    const [victim] = instances;
    const victimAnswered = () => (victim!.output().match(/"url":"\/transaction"/g) ?? []).length;
    let done = 0;
    let stopping: Promise<void> | undefined;
    const statuses: string[] = [];
    const sent: string[] = [];
    async function writer(clientIndex: number) {
      for (let i = 0; i < WRITES_PER_CLIENT; i++) {
        const hash = `0x${(clientIndex * 1000 + i + 1).toString(16).padStart(64, '0')}`;
        sent.push(hash);
        const res = await request('POST', '/transaction', {
          token,
          body: {
            transaction_hash: hash,
            network: 'mainnet',
            from: account.address,
            to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
            total_amount: '0.1',
            status: 'submitted',
          },
        });
        statuses.push(res.status === 201 ? '201' : `${res.status} ${JSON.stringify(res.body)}`);
        done += 1;
        // A third of the way through, with the victim serving its share, stop it.
        if (!stopping && done >= (CLIENTS * WRITES_PER_CLIENT) / 3 && victimAnswered() > 0)
          stopping = stopInstance(victim!);
      }
    }
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => writer(i)));
    expect(stopping).toBeDefined();
    await stopping;

    expect(await victim!.exited).toBe(0);
    expect(victim!.output()).toMatch(/SIGTERM received, draining/);
    expect(victimAnswered()).toBeGreaterThan(0);
    expect(statuses).toHaveLength(CLIENTS * WRITES_PER_CLIENT);
    expect(statuses.filter((s) => s !== '201')).toEqual([]);

    // Every acknowledged write is stored, once.
    const database = await openDatabase({ databaseUrl: postgres.databaseUrl, dataDir: '' });
    try {
      const rows = await database.db
        .selectFrom('transactions')
        .select('transaction_hash')
        .execute();
      expect(rows.map((r) => r.transaction_hash).sort()).toEqual([...sent].sort());
    } finally {
      await database.close();
    }
    // The balancer took the stopped instance out of its rotation.
    expect(balancer.healthy()).not.toContain(new URL(urls[0]!).origin);
  }, 180_000);
});
