// Worker thread that owns PGlite (WASM PostgreSQL) and serves it on a free 127.0.0.1 port.
// Plain JavaScript on purpose: it loads without a TypeScript loader (tsx, jest), and running
// PGlite off the API's thread keeps long queries from blocking HTTP handling.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir } = workerData;

async function start() {
  mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  // maxConnections 1: the 0.2.x multiplexer can stall when a second connection queues behind
  // another connection's open transaction; the API's pool holds exactly one connection.
  const server = new PGLiteSocketServer({
    db: pglite,
    host: '127.0.0.1',
    port: 0,
    maxConnections: 1,
  });
  try {
    await server.start();
  } catch (err) {
    await pglite.close();
    throw err;
  }
  const conn = server.getServerConn();
  parentPort.on('message', async (message) => {
    if (message?.type !== 'close') return;
    try {
      await server.stop();
      await pglite.close();
      parentPort.postMessage({ type: 'closed' });
    } catch (err) {
      parentPort.postMessage({ type: 'closed', error: String(err?.message ?? err) });
    }
    parentPort.close();
  });
  parentPort.postMessage({ type: 'ready', port: Number(conn.slice(conn.lastIndexOf(':') + 1)) });
}

start().catch((err) => {
  parentPort.postMessage({ type: 'error', error: String(err?.stack ?? err) });
  parentPort.close();
});
