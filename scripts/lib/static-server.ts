/**
 * Serves the built app (dist/) for local runs and end-to-end tests: the same files under `/` and
 * under the spec's base path `/v5.0.2/`, with a `<base href>` matching the prefix injected into
 * index.html, a SPA fallback, the embed iframe's own page at `/popup`, and the runtime
 * `config.json` the background worker reads.
 */
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { RuntimeConfigFile } from '../../src/background/runtime-config';

/** The spec's base path (§2). The app also works at the root. */
export const APP_BASE_PATH = '/v5.0.2/';

export interface StaticServerOptions {
  distDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Served as `config.json` beside index.html, which the background worker reads. */
  config: RuntimeConfigFile;
  /** Answers GET /health (at both prefixes); 200 when `status` is 'ok', else 503. */
  health?: () => Promise<{ status: string; [part: string]: unknown }>;
}

export interface StaticServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  close(): Promise<void>;
}

/**
 * The wallet's own pages (index.html and every route it serves) refuse to be framed, so no site
 * can overlay them and trick a click (clickjacking). The pages made to be framed are files of
 * their own: /popup (popup.html) and provider-frame.html.
 */
const NOT_FRAMEABLE = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
} as const;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** webpack names production files `[name].[contenthash:12].ext`: their content never changes. */
const HASHED_FILE = /\.[0-9a-f]{12}\.[a-z0-9]+(\.map)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const distDir = await realpath(path.resolve(options.distDir)).catch(() => {
    throw new Error(
      `The dist directory ${options.distDir} does not exist; run \`npm run build\` first`,
    );
  });
  const configBody = JSON.stringify(options.config);
  const host = options.host ?? '127.0.0.1';

  const server = createServer((request, response) => {
    handle(request, response, distDir, configBody, options.health).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) console.error('static server:', error);
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': NO_CACHE,
      });
      response.end(error instanceof HttpError ? error.message : 'Internal Server Error');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  distDir: string,
  configBody: string,
  health: StaticServerOptions['health'],
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    throw new HttpError(405, 'Method Not Allowed');
  }
  const rawPath = (request.url ?? '/').split('?')[0] ?? '/';
  if (rawPath === APP_BASE_PATH.slice(0, -1)) {
    const query = request.url?.slice(rawPath.length) ?? '';
    response.writeHead(301, { Location: APP_BASE_PATH + query, 'Cache-Control': NO_CACHE });
    response.end();
    return;
  }
  const base = rawPath.startsWith(APP_BASE_PATH) ? APP_BASE_PATH : '/';
  const relative = decodePath(rawPath.slice(base.length));

  if (relative === 'health' && health) {
    const report = await health();
    send(
      request,
      response,
      report.status === 'ok' ? 200 : 503,
      { 'Content-Type': CONTENT_TYPES['.json']!, 'Cache-Control': NO_CACHE },
      JSON.stringify(report),
    );
    return;
  }

  if (relative === 'config.json') {
    send(
      request,
      response,
      200,
      { 'Content-Type': CONTENT_TYPES['.json']!, 'Cache-Control': NO_CACHE },
      configBody,
    );
    return;
  }

  // /popup is the embed iframe: its own small page (popup.html), not the app's index.html.
  const file = await findFile(distDir, relative === 'popup' ? 'popup.html' : relative);
  if (file && path.basename(file) !== 'index.html') {
    const extension = path.extname(file).toLowerCase();
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': HASHED_FILE.test(file) ? IMMUTABLE : NO_CACHE,
      'Content-Length': (await stat(file)).size,
      'X-Content-Type-Options': 'nosniff',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
    return;
  }

  // A missing script or image must fail as such, not turn into HTML the browser cannot run.
  const extension = path.extname(relative).toLowerCase();
  if (!file && extension && extension !== '.html' && CONTENT_TYPES[extension])
    throw new HttpError(404, 'Not Found');

  const html = await readFile(path.join(distDir, 'index.html'), 'utf8').catch(() => {
    throw new HttpError(500, 'index.html is missing from the build; run `npm run build`');
  });
  send(
    request,
    response,
    200,
    { 'Content-Type': CONTENT_TYPES['.html']!, 'Cache-Control': NO_CACHE, ...NOT_FRAMEABLE },
    injectBase(html, base),
  );
}

function decodePath(encoded: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    throw new HttpError(400, 'Bad Request');
  }
  if (decoded.includes('\0')) throw new HttpError(400, 'Bad Request');
  return decoded;
}

/** The file in distDir the path names, or null. Anything resolving outside distDir is refused. */
async function findFile(distDir: string, relative: string): Promise<string | null> {
  const candidate = path.resolve(distDir, `.${path.sep}${relative}`);
  if (candidate !== distDir && !candidate.startsWith(distDir + path.sep))
    throw new HttpError(403, 'Forbidden');
  try {
    const real = await realpath(candidate);
    if (real !== distDir && !real.startsWith(distDir + path.sep))
      throw new HttpError(403, 'Forbidden');
    return (await stat(real)).isFile() ? real : null;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return null;
  }
}

/** Adds `<base href>` as the first element of <head>, so relative asset URLs resolve under the prefix. */
export function injectBase(html: string, base: string): string {
  const tag = `<base href="${base}">`;
  const withBase = html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${tag}`);
  if (withBase === html) throw new HttpError(500, 'index.html has no <head>');
  return withBase;
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string,
): void {
  const bytes = Buffer.from(body, 'utf8');
  response.writeHead(status, {
    ...headers,
    'Content-Length': bytes.length,
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(request.method === 'HEAD' ? undefined : bytes);
}
