// An HTTP JSON-RPC proxy in front of a node that records every method it forwards (batches
// included): tests and benchmarks point the wallet at it to see exactly what reached the node.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface RecordingProxy {
  /** Point the wallet here instead of at the node. */
  readonly url: string;
  /** Every method forwarded, in arrival order. */
  readonly methods: readonly string[];
  /** When each of `methods` arrived (performance.now(), ms). */
  readonly arrivals: readonly number[];
  count(method: string): number;
  /** How many calls were forwarded, leaving out the methods in `exclude`. */
  total(exclude?: readonly string[]): number;
  /** Forgets what was recorded so far. */
  reset(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function methodsOf(body: string): string[] {
  try {
    const parsed: unknown = JSON.parse(body);
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    return calls.map((call) => String((call as { method?: unknown } | null)?.method));
  } catch {
    return ['<unparseable body>'];
  }
}

export async function startRecordingProxy(targetUrl: string): Promise<RecordingProxy> {
  let methods: string[] = [];
  let arrivals: number[] = [];
  const server = createServer((request, response) => {
    const arrived = performance.now();
    void (async () => {
      const body = await readBody(request);
      const received = methodsOf(body);
      methods.push(...received);
      arrivals.push(...received.map(() => arrived));
      try {
        const upstream = await fetch(targetUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        response.writeHead(upstream.status, { 'content-type': 'application/json' });
        response.end(await upstream.text());
      } catch (error) {
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`proxy: ${(error as Error).message}`);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get methods() {
      return methods;
    },
    get arrivals() {
      return arrivals;
    },
    count: (method) => methods.filter((m) => m === method).length,
    total: (exclude = []) => methods.filter((m) => !exclude.includes(m)).length,
    reset: () => {
      methods = [];
      arrivals = [];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
