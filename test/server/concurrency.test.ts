// Many requests at once, transactions among them, on both backends. PGlite is served through a
// single connection: requests must queue for it, not deadlock or interleave transactions.
import { BACKENDS, useTestServer } from './helpers';
import { signUp } from './session';

describe.each(BACKENDS)('concurrent requests on %s', (backend) => {
  const suite = useTestServer(backend);
  const { request } = suite;

  it('answers 60 mixed requests, including failing transactions, without losing or mixing writes', async () => {
    const { token } = await signUp(request);
    const jobs = Array.from({ length: 60 }, (_, i) => {
      switch (i % 4) {
        case 0: // a transaction that commits
          return request('POST', '/user/recordLogin', {
            token,
            body: { hostname: `h${i}`, verifier: 'v', verifierId: `ok-${i}` },
          });
        case 1: // a transaction that fails after its first write and must roll back
          return request('POST', '/user/recordLogin', {
            token,
            body: {
              hostname: `h${i}`,
              verifier: 'bad',
              verifierId: `bad-${i}`,
              metadata: { x: '\u0000' },
            },
          });
        case 2:
          return request('POST', '/contact', {
            token,
            body: { name: `c${i}`, contact_verifier: 'eth', contact_verifier_id: `id-${i}` },
          });
        default:
          return request('GET', '/user?fetchTx=false', { token });
      }
    });
    const results = await Promise.all(jobs);
    const statuses = results.map((r, i) => [i % 4, r.status]);
    expect(statuses).toEqual(results.map((_, i) => [i % 4, [201, 400, 201, 200][i % 4]]));

    const logins = await suite.server.database.db
      .selectFrom('login_records')
      .select('verifier_id')
      .execute();
    expect(logins.map((l) => l.verifier_id).sort()).toEqual(
      Array.from({ length: 15 }, (_, k) => `ok-${k * 4}`).sort(),
    );
    const user = await request('GET', '/user?fetchTx=false', { token });
    expect(user.body.contacts).toHaveLength(15);
    expect(user.body.verifier).toBe('v'); // never one of the rolled-back 'bad' writes
    expect((await request('GET', '/health')).body.status).toBe('ok');
  });
});
