// A private, throwaway PostgreSQL 15 cluster for tests (Debian's binaries). PostgreSQL refuses
// to run as root, so as root the cluster is created and run as the `postgres` user.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface PostgresServer {
  /** Over TCP on 127.0.0.1. */
  databaseUrl: string;
  /** The same database over the server's Unix socket (a same-host deployment's choice). */
  socketUrl: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function asPostgres(command: string, args: string[]): Promise<void> {
  const isRoot = process.getuid?.() === 0;
  if (isRoot) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
  else await run(command, args);
}

export async function startPostgres(): Promise<PostgresServer> {
  if (!existsSync(join(BIN, 'initdb'))) {
    throw new Error(`PostgreSQL 15 binaries not found in ${BIN}: apt-get install -y postgresql-15`);
  }
  const root = mkdtempSync(join(tmpdir(), 'orrery-pg-'));
  if (process.getuid?.() === 0) {
    // The temp dir must belong to `postgres`, which creates the cluster and socket inside it.
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(uid.trim()), Number(gid.trim()));
  }
  const dataDir = join(root, 'data');
  const port = await freePort();
  const cleanup = () => rmSync(root, { recursive: true, force: true });
  try {
    await asPostgres(join(BIN, 'initdb'), [
      '-D',
      dataDir,
      '--auth=trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await asPostgres(join(BIN, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      join(root, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  } catch (err) {
    cleanup();
    throw err;
  }
  let stopped = false;
  const stopArgs = ['-D', dataDir, '-m', 'immediate', '-w', 'stop'];
  // If the test process exits without stop() (a crash, an aborted run), stop the cluster anyway.
  const onExit = () => {
    if (stopped) return;
    try {
      if (process.getuid?.() === 0)
        execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, 'pg_ctl'), ...stopArgs]);
      else execFileSync(join(BIN, 'pg_ctl'), stopArgs);
    } catch {
      // best effort while exiting
    }
    cleanup();
  };
  process.once('exit', onExit);
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@/postgres?host=${encodeURIComponent(root)}&port=${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', onExit);
      try {
        await asPostgres(join(BIN, 'pg_ctl'), stopArgs);
      } finally {
        cleanup();
      }
    },
  };
}
