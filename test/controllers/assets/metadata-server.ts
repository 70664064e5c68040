// A local HTTP server for NFT metadata in tests: JSON documents by path (an https:// host in
// miniature), the same under /ipfs/<cid>/… (an IPFS HTTP gateway's path layout), and failure
// modes: a path that never answers, one that is too large, one that is not JSON.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MetadataServer {
  url: string;
  /** Paths requested, in order. */
  requests: string[];
  /** Serves `body` as JSON at `path`. */
  set(path: string, body: unknown): void;
  close(): Promise<void>;
}

export async function startMetadataServer(): Promise<MetadataServer> {
  const documents = new Map<string, string>();
  const requests: string[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    if (path === '/hang') {
      hanging.add(response);
      return;
    }
    if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: 'x'.repeat(400 * 1024) }));
      return;
    }
    if (path === '/not-json') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>');
      return;
    }
    const document = documents.get(path);
    if (document === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(document);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set: (path, body) => documents.set(path, JSON.stringify(body)),
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
