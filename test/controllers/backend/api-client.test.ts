// The backend client's failure handling, against a local HTTP server (timeouts, non-JSON
// answers) and the real API server (typed 401/409, bearer token).
import { createServer, type Server } from 'node:http';

import {
  BackendError,
  ConflictError,
  createBackendClient,
  TokenExpiredError,
} from '../../../src/controllers/backend/api-client';
import { signToken } from '../../../src/server/auth/jwt';
import type { RunningServer } from '../../../src/server/main';
import {
  client,
  createTestDatabase,
  startServer,
  TEST_JWT_SECRET,
  type TestDatabase,
} from '../../server/helpers';
import { signUp } from '../../server/session';

let slow: Server;
let slowUrl: string;
let database: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  slow = createServer((req, res) => {
    if (req.url?.startsWith('/html')) {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>bad gateway</html>');
      return;
    }
    // Never answers: the client's timeout must end the call.
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  const address = slow.address();
  slowUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  database = await createTestDatabase('pglite');
  server = await startServer(database.config());
}, 60_000);
afterAll(async () => {
  slow.closeAllConnections();
  await new Promise((resolve) => slow.close(resolve));
  await server?.close();
  await database?.dispose();
});

describe('backend client', () => {
  it('gives up after its timeout with status 0', async () => {
    const backend = createBackendClient({ baseUrl: slowUrl, timeoutMs: 150 });
    const started = Date.now();
    const failure = await backend.getUser('t').catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(BackendError);
    expect(failure).toMatchObject({
      status: 0,
      message: 'GET /user?fetchTx=false: timed out after 150 ms',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('names the call and status when the answer is not JSON', async () => {
    const backend = createBackendClient({ baseUrl: `${slowUrl}/html/`, timeoutMs: 1_000 });
    await expect(backend.getCurrencyRates('ETH', ['USD'])).rejects.toMatchObject({
      status: 502,
      message: 'GET /currency?fsym=ETH&tsyms=USD answered 502',
    });
  });

  it('types 401 Token expired and 409, and passes other errors with the server message', async () => {
    const backend = createBackendClient({ baseUrl: `${server.url}/` });
    const session = await signUp(client(server));
    const expired = signToken(session.address, TEST_JWT_SECRET, -1);
    await expect(backend.getUser(expired)).rejects.toBeInstanceOf(TokenExpiredError);
    const invalid = await backend.getUser('x.y.z').catch((err: unknown) => err);
    expect(invalid).not.toBeInstanceOf(TokenExpiredError);
    expect(invalid).toMatchObject({ status: 401, message: 'Invalid token' });
    await expect(backend.createUser(session.token, {})).rejects.toBeInstanceOf(ConflictError);
    await expect(backend.setLocale(session.token, 'not a locale')).rejects.toMatchObject({
      status: 400,
      message: 'body.locale must match pattern "^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"',
    });
    expect(await backend.setLocale(session.token, 'ja')).toMatchObject({ locale: 'ja' });
    expect(await backend.getCurrencyRates('ETH', ['USD', 'EUR'])).toEqual({
      USD: expect.any(Number),
      EUR: expect.any(Number),
    });
  });
});
