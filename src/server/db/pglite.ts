// Starts PGlite, persisted in a folder, in a worker thread that serves it on 127.0.0.1.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface PgliteServer {
  host: string;
  port: number;
  /** Stops the socket server and closes PGlite (flushing the data folder). */
  close(): Promise<void>;
}

type HostMessage =
  | { type: 'ready'; port: number }
  | { type: 'error'; error: string }
  | { type: 'closed'; error?: string };

const START_TIMEOUT_MS = 60_000;
const CLOSE_TIMEOUT_MS = 15_000;

function nextMessage(worker: Worker, timeoutMs: number, what: string): Promise<HostMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`PGlite ${what} timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (message: HostMessage) => done(null, message);
    const onError = (err: Error) => done(err);
    const onExit = (code: number) =>
      done(new Error(`PGlite worker exited with code ${code} during ${what}`));
    function done(err: Error | null, message?: HostMessage) {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (err) reject(err);
      else resolve(message as HostMessage);
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own, and two instances on one folder corrupt it: take
 * `<dataDir>.lock` holding our pid, replacing it only if its process is gone.
 */
function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new Error(`PGlite data folder ${dataDir} is in use by process ${holder} (${file})`, {
          cause: err,
        });
      }
      rmSync(file, { force: true }); // left by a process that died
    }
  }
  throw new Error(`Could not lock PGlite data folder ${dataDir} (${file})`);
}

export async function startPgliteServer(dataDir: string): Promise<PgliteServer> {
  const unlock = lockDataDir(dataDir);
  const worker = new Worker(join(__dirname, 'pglite-host.mjs'), { workerData: { dataDir } });
  let started: HostMessage;
  try {
    started = await nextMessage(worker, START_TIMEOUT_MS, 'start');
    if (started.type !== 'ready') {
      throw new Error(
        `PGlite failed to start in ${dataDir}: ${'error' in started ? started.error : started.type}`,
      );
    }
  } catch (err) {
    await worker.terminate();
    unlock();
    throw err;
  }
  const port = started.port;
  let closing: Promise<void> | undefined;
  // After start, a worker failure shows as failing queries (and a 503 health); log the cause.
  worker.on('error', (err) => console.error('[pglite] worker error:', err));
  worker.on('exit', (code) => {
    if (!closing) console.error(`[pglite] worker exited unexpectedly with code ${code}`);
  });
  return {
    host: '127.0.0.1',
    port,
    close() {
      closing ??= (async () => {
        const closed = nextMessage(worker, CLOSE_TIMEOUT_MS, 'close');
        worker.postMessage({ type: 'close' });
        try {
          const reply = await closed;
          if (reply.type === 'closed' && reply.error)
            throw new Error(`PGlite close failed: ${reply.error}`);
        } finally {
          await worker.terminate();
          unlock();
        }
      })();
      return closing;
    },
  };
}
