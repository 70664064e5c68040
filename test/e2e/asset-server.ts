// A local HTTP server for the assets browser test: NFT metadata documents by path, served to
// the wallet's engine across origins (CORS), both as a plain web host and in an IPFS HTTP
// gateway's path layout (/ipfs/<cid>/<file>), which the wallet is configured to use.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AssetServer {
  url: string;
  /** Paths requested, in order (to tell which documents the wallet fetched). */
  requests: string[];
  set(path: string, body: unknown): void;
  close(): Promise<void>;
}

export async function startAssetServer(): Promise<AssetServer> {
  const documents = new Map<string, string>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const document = documents.get(path);
    const headers = { 'access-control-allow-origin': '*' };
    if (document === undefined) {
      response.writeHead(404, headers).end();
      return;
    }
    response.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(document);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set: (path, body) => documents.set(path, JSON.stringify(body)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
