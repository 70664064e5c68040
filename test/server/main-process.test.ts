// The entry point as a real process: it starts on PGlite, answers, and on SIGTERM closes the
// database and exits 0, leaving the data folder usable for the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { client, pgliteTemplate } from './helpers';

const ROOT = resolve(__dirname, '../..');

function startMain(dataDir: string): {
  child: ChildProcess;
  url: Promise<string>;
  output: () => string;
} {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        ORRERY_DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
        // Nothing balances this instance: no grace period before it closes its listener.
        ORRERY_SHUTDOWN_DELAY_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = new Promise<string>((resolveUrl, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Orrery API listening on (http:\/\/[^,\s]+)/.exec(output);
      if (match?.[1]) resolveUrl(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`exited with ${code} before listening:\n${output}`)),
    );
  });
  return { child, url, output: () => output };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolveExit) => child.once('exit', (code) => resolveExit(code)));
}

describe('src/server/main.ts as a process', () => {
  const root = mkdtempSync(join(tmpdir(), 'orrery-main-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('serves, closes cleanly on SIGTERM, and starts again on the same data', async () => {
    const dataDir = join(root, 'pglite');
    // A migrated copy: creating a PGlite cluster from scratch is covered by foundation.test.ts.
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    for (let run = 0; run < 2; run++) {
      const main = startMain(dataDir);
      try {
        const url = await main.url;
        const health = await client({ url })('GET', '/health');
        expect(health.body).toMatchObject({ status: 'ok', database: 'ok', backend: 'pglite' });
        const exited = exitCode(main.child);
        main.child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(main.output()).toMatch(/SIGTERM received, draining/);
      } finally {
        if (main.child.exitCode === null) main.child.kill('SIGKILL');
      }
    }
    // Two cold starts (tsx, PGlite's WASM and recovery): about 10 s each on a quiet machine, and
    // more than 45 s each were seen with the load average at 11 on 2 cores.
  }, 240_000);
});
