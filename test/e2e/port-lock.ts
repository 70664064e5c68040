/**
 * A lock on a fixed port shared by test files running in parallel (torus-embed 5.0.2 insists on
 * http://localhost:4050): an exclusive lock file under os.tmpdir() holding the owner's pid. A
 * file left by a process that is gone is taken over. Waits for the lock, never for a fixed time.
 */
import { open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockPort(port: number, timeoutMs = 600_000): Promise<() => Promise<void>> {
  const file = path.join(tmpdir(), `orrery-port-${port}.lock`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    // A lock whose owner has died (or whose pid was never written after a crash) is stale.
    if (Number.isInteger(owner) && owner > 0 && !alive(owner)) {
      await rm(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`port ${port} stayed locked by pid ${owner}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
