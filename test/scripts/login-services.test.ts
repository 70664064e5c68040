// What `npm start` runs for login (scripts/lib/login-services.ts), on free ports: an API on
// the environment it returns completes a social login through the development provider,
// deposits and rebuilds a key on the three nodes (which read the API's published keys), and
// its login mail shows on the mail page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loginConfigFromEnv } from '../../src/server/identity/config';
import type { RunningServer } from '../../src/server/main';
import { startLoginServices, type LoginServices } from '../../scripts/lib/login-services';
import { client, createTestDatabase, startServer, type TestDatabase } from '../server/helpers';
import { recoverOrCreateKey } from '../server/login/key-node-client';
import { pkce, REDIRECT_URI } from '../server/login/login-params';
import { socialLogin } from '../server/login/login-stack';
import { freePort } from '../server/postgres-server';

describe('the login services of npm start', () => {
  let root: string;
  let services: LoginServices;
  let database: TestDatabase;
  let api: RunningServer;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'orrery-login-services-'));
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    services = await startLoginServices({
      dataDir: root,
      apiUrl,
      ports: { identityProvider: 0, smtp: 0, mailPage: 0, keyNodes: [0, 0, 0] },
    });
    database = await createTestDatabase('pglite');
    // As npm start does: the login environment, the signing key generated beside the data.
    const login = loginConfigFromEnv(services.env, {
      dataDir: join(root, 'pglite'),
      host: '127.0.0.1',
      port,
    });
    api = await startServer(database.config({ port, login }));
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    await services?.stop();
    await database?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('logs in, keeps the key on three nodes and rebuilds it', async () => {
    const request = client(api);
    const config = await request('GET', '/identity/config');
    expect(config.body.keyNodes.map((n: { url: string }) => n.url)).toEqual(
      services.keyNodes.map((n) => n.url),
    );
    expect(config.body.verifiers).toHaveLength(13);
    const first = await recoverOrCreateKey(
      await socialLogin({ request }, 'google', 'alice@example.com'),
    );
    const again = await recoverOrCreateKey(
      await socialLogin({ request }, 'google', 'alice@example.com'),
    );
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, address: first.address });
  });

  it('shows the login mail on the mail page', async () => {
    const request = client(api);
    const email = 'judy@example.com';
    const started = await request('POST', '/identity/email/start', {
      body: { email, redirectUri: REDIRECT_URI, codeChallenge: pkce().codeChallenge },
    });
    expect(started.status).toBe(200);
    const mail = await fetch(`${services.mailPageUrl}/messages.json`).then((r) => r.json());
    expect(mail[0]).toMatchObject({
      to: [email],
      subject: expect.stringMatching(/^Your Orrery verification code: \d{6}$/),
    });
    expect(await fetch(services.mailPageUrl).then((r) => r.text())).toContain(mail[0].subject);
  });
});
