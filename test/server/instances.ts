// API instances as real processes (`src/server/main.ts` under tsx), for the scale-out test and
// the benchmark: each prints its URL when listening and drains on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

export interface InstanceProcess {
  child: ChildProcess;
  /** Resolves with the URL once the instance listens; rejects if it exits first. */
  url: Promise<string>;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

export function startInstance(env: Record<string, string>): InstanceProcess {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolveExit) =>
    child.once('exit', (code) => resolveExit(code)),
  );
  const url = new Promise<string>((resolveUrl, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Orrery API listening on (http:\/\/[^,\s]+)/.exec(output);
      if (match?.[1]) resolveUrl(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`exited with ${code} before listening:\n${output}`)),
    );
  });
  return { child, url, output: () => output, exited };
}

/** Stops an instance that may still run (SIGKILL after SIGTERM was ignored for `graceMs`). */
export async function stopInstance(instance: InstanceProcess, graceMs = 15_000): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), graceMs);
  await instance.exited;
  clearTimeout(timer);
}
