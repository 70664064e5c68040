// An HTTP JSON-RPC proxy in front of a node that records every method it forwards (batches
// included): tests and benchmarks point the wallet at it to see exactly what reached the node.
// It can also hold one request on its way (before the node sees it, or after the node answered
// but before the wallet gets the answer), so that a test can act at exactly that moment.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One JSON-RPC call as it crossed the proxy. */
export type RecordedCall = { method: string; params: unknown };

/** Where a held request waits: before it is forwarded, or with the node's answer in hand. */
export type HoldPoint = 'request' | 'response';

export interface Held {
  /** The call that is held. */
  readonly call: RecordedCall;
  /** Lets it go on (forwarded, or answered). */
  release(): void;
  /** Ends it with a 502, never forwarded (or its answer never delivered), as a lost connection would. */
  drop(): void;
}

export interface RecordingProxy {
  /** Point the wallet here instead of at the node. */
  readonly url: string;
  /** Every method forwarded, in arrival order. */
  readonly methods: readonly string[];
  /** Every call forwarded, with its params, in arrival order. */
  readonly calls: readonly RecordedCall[];
  count(method: string): number;
  /** How many calls were forwarded, leaving out the methods in `exclude`. */
  total(exclude?: readonly string[]): number;
  /** Forgets what was recorded so far. */
  reset(): void;
  /**
   * Holds the next request carrying a call of `method` (for which `matches` holds, if given) at
   * `point`; resolves once such a request is held there.
   */
  hold(method: string, point: HoldPoint, matches?: (params: unknown) => boolean): Promise<Held>;
  close(): Promise<void>;
}

type Hold = {
  method: string;
  point: HoldPoint;
  matches: (params: unknown) => boolean;
  arrived: (held: Held) => void;
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function callsOf(body: string): RecordedCall[] {
  try {
    const parsed: unknown = JSON.parse(body);
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    return calls.map((call) => {
      const { method, params } = (call ?? {}) as { method?: unknown; params?: unknown };
      return { method: String(method), params };
    });
  } catch {
    return [{ method: '<unparseable body>', params: undefined }];
  }
}

export async function startRecordingProxy(targetUrl: string): Promise<RecordingProxy> {
  let calls: RecordedCall[] = [];
  const holds: Hold[] = [];

  /** Waits here if a hold for this point matches one of the request's calls; rejects if dropped. */
  const pass = async (requestCalls: RecordedCall[], point: HoldPoint): Promise<void> => {
    for (const call of requestCalls) {
      const index = holds.findIndex(
        (hold) => hold.point === point && hold.method === call.method && hold.matches(call.params),
      );
      if (index < 0) continue;
      const [hold] = holds.splice(index, 1);
      await new Promise<void>((release, drop) =>
        hold!.arrived({
          call,
          release: () => release(),
          drop: () => drop(new Error(`${call.method} dropped by the test`)),
        }),
      );
    }
  };

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const requestCalls = callsOf(body);
      calls.push(...requestCalls);
      try {
        await pass(requestCalls, 'request');
        const upstream = await fetch(targetUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const answer = await upstream.text();
        await pass(requestCalls, 'response');
        response.writeHead(upstream.status, { 'content-type': 'application/json' });
        response.end(answer);
      } catch (error) {
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`proxy: ${(error as Error).message}`);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const methods = () => calls.map((call) => call.method);
  return {
    url: `http://127.0.0.1:${port}`,
    get methods() {
      return methods();
    },
    get calls() {
      return calls;
    },
    count: (method) => methods().filter((m) => m === method).length,
    total: (exclude = []) => methods().filter((m) => !exclude.includes(m)).length,
    reset: () => {
      calls = [];
    },
    hold: (method, point, matches = () => true) =>
      new Promise<Held>((arrived) => {
        holds.push({ method, point, matches, arrived });
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
