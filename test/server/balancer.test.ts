// The local balancer's promises, against plain HTTP upstreams: a request an instance refused
// unprocessed goes to the next one with its body; one that may have run is never sent twice;
// pooled connections are closed by the balancer once idle, before a draining instance could
// close them under a request; a slow request is not cut by that idle limit.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  IDLE_UPSTREAM_SOCKET_MS,
  startBalancer,
  type RunningBalancer,
} from '../../src/server/balancer';
import { DRAINING_HEADER } from '../../src/server/lifecycle';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

interface Upstream {
  url: string;
  server: Server;
  /** Bodies of the requests this upstream received, in order. */
  received: string[];
  /** Connections open now. */
  open(): number;
  handle: Handler;
}

async function startUpstream(name: string): Promise<Upstream> {
  const received: string[] = [];
  let open = 0;
  const upstream: Upstream = {
    url: '',
    server: createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        if (request.url === '/health') return void response.end('ok');
        upstream.handle(request, body, response);
      });
    }),
    received,
    open: () => open,
    handle: (_request, body, response) => response.end(`${name}:${body}`),
  };
  // As long as Fastify keeps idle connections (72 s): the balancer must close them itself.
  upstream.server.keepAliveTimeout = 72_000;
  upstream.server.on('connection', (socket) => {
    open += 1;
    socket.once('close', () => (open -= 1));
  });
  await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
  return upstream;
}

async function until(condition: () => boolean, what: string, deadlineMs = 10_000) {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('balancer', () => {
  let a: Upstream;
  let b: Upstream;
  let balancer: RunningBalancer;

  beforeEach(async () => {
    a = await startUpstream('a');
    b = await startUpstream('b');
    // Health probes far apart: the tests decide what each upstream answers.
    balancer = await startBalancer({
      upstreams: [a.url, b.url],
      port: 0,
      healthIntervalMs: 60_000,
    });
  });
  afterEach(async () => {
    await balancer.close();
    for (const upstream of [a, b]) {
      upstream.server.closeAllConnections();
      await new Promise((resolve) => upstream.server.close(resolve));
    }
  });

  const post = (body: string) =>
    fetch(`${balancer.url}/transaction`, { method: 'POST', body }).then(async (r) => ({
      status: r.status,
      text: await r.text(),
    }));

  it('sends a request a draining instance refused to the next one, body and all', async () => {
    a.handle = (_request, _body, response) =>
      response.writeHead(503, { [DRAINING_HEADER]: '1' }).end('draining');
    const answers = [await post('one'), await post('two')];
    expect(answers).toEqual([
      { status: 200, text: 'b:one' },
      { status: 200, text: 'b:two' },
    ]);
    // A left the rotation after its first refusal: it saw one request, B both.
    expect(a.received).toEqual(['one']);
    expect(b.received).toEqual(['one', 'two']);
    expect(balancer.healthy()).toEqual([new URL(b.url).origin]);
  });

  it('sends a request to the next instance when the connection is refused', async () => {
    a.server.closeAllConnections();
    await new Promise((resolve) => a.server.close(resolve));
    expect([await post('x'), await post('y')]).toEqual([
      { status: 200, text: 'b:x' },
      { status: 200, text: 'b:y' },
    ]);
    a.server.listen(0); // afterEach closes it again
  });

  it('never sends twice a request that may have run: another 503, or a cut connection', async () => {
    a.handle = (_request, _body, response) => response.writeHead(503).end('busy');
    b.handle = (request) => request.socket.destroy();
    const first = await post('p'); // to a
    const second = await post('q'); // to b
    expect(first).toEqual({ status: 503, text: 'busy' });
    expect(second.status).toBe(502);
    expect(JSON.parse(second.text).error).toMatch(/^API instance failed: /);
    expect(a.received).toEqual(['p']);
    expect(b.received).toEqual(['q']);
  });

  it('closes its idle connections to an instance, and lets a slow request finish', async () => {
    a.handle = (_request, body, response) => {
      // Slower than the idle limit: a connection in use is not cut by it.
      setTimeout(() => response.end(`a:${body}`), IDLE_UPSTREAM_SOCKET_MS * 3);
    };
    expect(await post('slow')).toEqual({ status: 200, text: 'a:slow' });
    expect(await post('quick')).toEqual({ status: 200, text: 'b:quick' });
    // Both connections were pooled; the balancer closes them itself once idle, so a draining
    // instance never has to close one the balancer may be sending on.
    await until(() => a.open() === 0 && b.open() === 0, 'the idle connections to close');
  });
});
