// `src/server/cluster.ts` as a process: ORRERY_INSTANCES instances behind its balancer answer
// on PORT, and SIGTERM drains them all and exits 0.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { client, TEST_JWT_SECRET } from './helpers';
import { freePort, startPostgres } from './postgres-server';

const ROOT = resolve(__dirname, '../..');

describe('src/server/cluster.ts', () => {
  it('serves through its balancer with two instances and stops them all on SIGTERM', async () => {
    const postgres = await startPostgres();
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/cluster.ts'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          DATABASE_URL: postgres.databaseUrl,
          ORRERY_JWT_SECRET: TEST_JWT_SECRET,
          ORRERY_INSTANCES: '2',
          ORRERY_SHUTDOWN_DELAY_MS: '100',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    try {
      const listening = new Promise<void>((done, fail) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (
            (output.match(/Orrery API listening on/g) ?? []).length === 2 &&
            /balancer on/.test(output)
          )
            done();
        };
        child.stdout?.on('data', onData);
        child.stderr?.on('data', onData);
        void exited.then(() => fail(new Error(`cluster exited early:\n${output}`)));
      });
      await listening;
      expect(output).toMatch(
        new RegExp(
          `balancer on http://127\\.0\\.0\\.1:${port} → 2 instance\\(s\\) on ports ${port + 1}, ${port + 2}`,
        ),
      );
      const request = client({ url: `http://127.0.0.1:${port}` });
      for (let i = 0; i < 4; i++)
        expect((await request('GET', '/health')).body).toMatchObject({
          status: 'ok',
          backend: 'postgres',
        });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).not.toMatch(/exited with/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await postgres.stop();
    }
  }, 120_000);
});
