// A small round-robin reverse proxy for running several API instances on one machine (local
// scale-out, tests, the benchmark), on Node's own http module. In production any load balancer
// does this job; what it needs from the instances is in /health and the draining 503.
//
// It sends each request to the next healthy instance. A request an instance refused without
// processing it (connection refused, or the draining 503 marked `x-orrery-draining`) is sent to
// the next instance, and the refusing one leaves the rotation until its /health answers 200
// again. Any other failure answers 502: a request that may have run is never sent twice.
// Connections to an instance are kept alive between requests but closed by the balancer after
// IDLE_UPSTREAM_SOCKET_MS unused, well before a draining instance closes its listener
// (ORRERY_SHUTDOWN_DELAY_MS): an instance closing an idle connection while the balancer sends a
// request on it would reset that request, which could then be neither answered nor retried.
import { Agent, createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DRAINING_HEADER } from './lifecycle';

export interface BalancerOptions {
  /** Base URLs of the API instances, e.g. http://127.0.0.1:4061. */
  upstreams: string[];
  port: number;
  host?: string;
  /** How often each instance's /health is read (default 1000 ms). */
  healthIntervalMs?: number;
  /** Request bodies are buffered (to be re-sent); larger ones get 413. Default 1 MiB. */
  maxBodyBytes?: number;
}

export interface RunningBalancer {
  url: string;
  /** Which instances are in the rotation now. */
  healthy(): string[];
  close(): Promise<void>;
}

interface Upstream {
  url: URL;
  agent: Agent;
  healthy: boolean;
}

/** Keep ORRERY_SHUTDOWN_DELAY_MS of the instances above this. */
export const IDLE_UPSTREAM_SOCKET_MS = 250;

type Attempt =
  | { kind: 'answered'; response: IncomingMessage }
  | { kind: 'refused' }
  | { kind: 'failed'; message: string };

function forward(
  upstream: Upstream,
  incoming: IncomingMessage,
  body: Buffer,
  clientAddress: string,
): Promise<Attempt> {
  return new Promise((resolve) => {
    const forwardedFor = [incoming.headers['x-forwarded-for'], clientAddress]
      .filter(Boolean)
      .join(', ');
    const outgoing = httpRequest(
      {
        host: upstream.url.hostname,
        port: upstream.url.port,
        method: incoming.method,
        path: incoming.url,
        agent: upstream.agent,
        headers: {
          ...withoutHopByHop(incoming.headers),
          host: upstream.url.host,
          'x-forwarded-for': forwardedFor,
          'x-forwarded-host': incoming.headers.host ?? '',
          'x-forwarded-proto': 'http',
          'content-length': String(body.length),
        },
      },
      (response) => {
        if (response.statusCode === 503 && response.headers[DRAINING_HEADER]) {
          response.resume();
          resolve({ kind: 'refused' });
        } else {
          resolve({ kind: 'answered', response });
        }
      },
    );
    outgoing.on('error', (err: NodeJS.ErrnoException) =>
      // Refused: no connection, so the instance saw nothing of the request.
      resolve(
        err.code === 'ECONNREFUSED'
          ? { kind: 'refused' }
          : { kind: 'failed', message: err.message },
      ),
    );
    outgoing.end(body);
  });
}

/** Headers that describe one connection, not the request: never forwarded. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function withoutHopByHop(headers: IncomingMessage['headers']): IncomingMessage['headers'] {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}

function readBody(incoming: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    incoming.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    incoming.on('error', reject);
  });
}

export async function startBalancer(options: BalancerOptions): Promise<RunningBalancer> {
  if (options.upstreams.length === 0) throw new Error('The balancer needs at least one upstream');
  const upstreams: Upstream[] = options.upstreams.map((url) => ({
    url: new URL(url),
    // `timeout` closes a pooled connection once idle that long; one in use is not cut by it.
    agent: new Agent({ keepAlive: true, maxSockets: 128, timeout: IDLE_UPSTREAM_SOCKET_MS }),
    healthy: true,
  }));
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;
  let next = 0;

  /** Instances to try for one request: the healthy ones from the next in turn, then the rest. */
  function order(): Upstream[] {
    const start = next++ % upstreams.length;
    const turn = [...upstreams.slice(start), ...upstreams.slice(0, start)];
    return [...turn.filter((u) => u.healthy), ...turn.filter((u) => !u.healthy)];
  }

  const json = (status: number, error: string) => ({ status, body: JSON.stringify({ error }) });

  const server = createServer(async (incoming, outgoing) => {
    const reply = ({ status, body }: { status: number; body: string }) => {
      outgoing.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      outgoing.end(body);
    };
    let body: Buffer | null;
    try {
      body = await readBody(incoming, maxBody);
    } catch {
      return; // the client went away
    }
    if (body === null) return reply(json(413, `Request body larger than ${maxBody} bytes`));
    for (const upstream of order()) {
      const attempt = await forward(upstream, incoming, body, incoming.socket.remoteAddress ?? '');
      if (attempt.kind === 'refused') {
        upstream.healthy = false;
        continue;
      }
      if (attempt.kind === 'failed')
        return reply(json(502, `API instance failed: ${attempt.message}`));
      const { response } = attempt;
      outgoing.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(outgoing);
      return;
    }
    reply(json(503, 'No API instance is available'));
  });

  async function probe(upstream: Upstream): Promise<void> {
    try {
      const response = await fetch(new URL('/health', upstream.url), {
        signal: AbortSignal.timeout(2000),
      });
      await response.body?.cancel();
      upstream.healthy = response.status === 200;
    } catch {
      upstream.healthy = false;
    }
  }
  const timer = setInterval(
    () => void Promise.all(upstreams.map(probe)),
    options.healthIntervalMs ?? 1000,
  );
  timer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    healthy: () => upstreams.filter((u) => u.healthy).map((u) => u.url.origin),
    async close() {
      clearInterval(timer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      for (const upstream of upstreams) upstream.agent.destroy();
    },
  };
}

// `npx tsx src/server/balancer.ts`: ORRERY_BALANCER_PORT (default 4051) in front of
// ORRERY_UPSTREAMS (comma-separated instance URLs).
if (typeof require !== 'undefined' && require.main === module) {
  const upstreams = (process.env.ORRERY_UPSTREAMS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  startBalancer({
    upstreams,
    port: Number(process.env.ORRERY_BALANCER_PORT ?? 4051),
    host: process.env.HOST || '127.0.0.1',
  }).then(
    (balancer) => {
      console.warn(`Orrery API balancer on ${balancer.url} → ${upstreams.join(', ')}`);
      const stop = () => void balancer.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (err: unknown) => {
      console.error('Balancer failed to start:', err);
      process.exit(1);
    },
  );
}
