import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A test page or script by its path: its content type and text. */
export type ServedFiles = Record<string, { type: string; text: string }>;

export interface FileServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves the given pages and scripts on a free port of 127.0.0.1 (reached as localhost for a
 * same-site host and as 127.0.0.1 for a cross-site one). Any other path is 404, the favicon 204
 * so the browser logs no failed load.
 */
export async function serveFiles(files: ServedFiles): Promise<FileServer> {
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://host').pathname;
    const body = Object.hasOwn(files, pathname) ? files[pathname]! : null;
    if (!body) {
      response.writeHead(pathname === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': `${body.type}; charset=utf-8` });
    response.end(body.text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
