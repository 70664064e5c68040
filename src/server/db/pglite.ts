// Starts PGlite, persisted in a folder, in a worker thread that serves it on 127.0.0.1.
import { join } from 'node:path';
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

export async function startPgliteServer(dataDir: string): Promise<PgliteServer> {
  const worker = new Worker(join(__dirname, 'pglite-host.mjs'), { workerData: { dataDir } });
  const started = await nextMessage(worker, START_TIMEOUT_MS, 'start').catch(
    async (err: unknown) => {
      await worker.terminate();
      throw err;
    },
  );
  if (started.type !== 'ready') {
    await worker.terminate();
    throw new Error(
      `PGlite failed to start in ${dataDir}: ${'error' in started ? started.error : started.type}`,
    );
  }
  let closing: Promise<void> | undefined;
  return {
    host: '127.0.0.1',
    port: started.port,
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
        }
      })();
      return closing;
    },
  };
}
