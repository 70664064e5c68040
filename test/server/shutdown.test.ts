// Draining: after close() starts, /health is not-ready and new requests are refused with a
// retryable 503 until the listener closes; requests under way finish.
import { client, createTestDatabase, startServer, type TestDatabase } from './helpers';

describe('graceful shutdown on postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  }, 60_000);
  afterAll(() => database?.dispose());

  it('answers not-ready and refuses new requests while draining, then stops listening', async () => {
    const server = await startServer(database.config({ shutdownDelayMs: 1500 }));
    const request = client(server);
    expect((await request('GET', '/health')).body.status).toBe('ok');
    // A request under way when the drain starts (the database sleeps 500 ms for it).
    const inFlight = server.database.db
      .selectNoFrom((eb) => eb.fn<string>('pg_sleep', [eb.val(0.5)]).as('slept'))
      .execute();
    const closing = server.close();
    const health = await request('GET', '/health');
    expect(health).toMatchObject({ status: 503, body: { status: 'draining' } });
    const refused = await request('GET', '/user');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('x-orrery-draining')).toBe('1');
    expect(refused.body).toEqual({ error: 'This API instance is shutting down: retry' });
    await expect(inFlight).resolves.toHaveLength(1);
    await closing;
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });
});
