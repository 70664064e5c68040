import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server';
import type { RuntimeConfigFile } from '../../src/background/runtime-config';

const config: RuntimeConfigFile = {
  network: {
    rpcUrl: 'http://127.0.0.1:9999',
    chainId: '0x7a69',
    type: 'localhost',
    networkName: 'Test chain',
    ticker: 'ETH',
  },
  apiUrl: 'http://127.0.0.1:9998',
};

const indexHtml =
  '<!doctype html><html><head><meta charset="utf-8"/><script defer src="main.0123456789ab.js"></script></head><body></body></html>';

/** Raw HTTP, so paths reach the server exactly as written (fetch would normalise `..`). */
function get(url: string, rawPath: string, method = 'GET') {
  const { hostname, port } = new URL(url);
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: rawPath, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let root: string;
let server: StaticServer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'orrery-static-'));
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'images'), { recursive: true });
  await writeFile(path.join(root, 'secret.txt'), 'do not serve');
  await writeFile(path.join(dist, 'index.html'), indexHtml);
  await writeFile(path.join(dist, 'main.0123456789ab.js'), 'console.log("main")');
  await writeFile(path.join(dist, 'main.0123456789ab.js.map'), '{}');
  await writeFile(path.join(dist, 'images', 'logo.svg'), '<svg/>');
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *');
  await writeFile(path.join(dist, 'popup.html'), '<!doctype html><title>popup</title>');
  await writeFile(path.join(dist, 'provider-frame.html'), '<!doctype html><title>provider</title>');
  await symlink(path.join(root, 'secret.txt'), path.join(dist, 'linked-secret.txt'));
  server = await startStaticServer({ distDir: dist, port: 0, config, health: async () => health });
});

/** What the health callback reports; tests flip it. */
let health: { status: string; [part: string]: unknown } = { status: 'ok', chain: { status: 'ok' } };

afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

describe('startStaticServer', () => {
  it.each(['/', '/v5.0.2/'])(
    'serves hashed assets under %s as immutable with the right type',
    async (prefix) => {
      const js = await get(server.url, `${prefix}main.0123456789ab.js`);
      expect(js.status).toBe(200);
      expect(js.body).toBe('console.log("main")');
      expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const map = await get(server.url, `${prefix}main.0123456789ab.js.map`);
      expect(map.headers['content-type']).toBe('application/json; charset=utf-8');

      const svg = await get(server.url, `${prefix}images/logo.svg`);
      expect(svg.headers['content-type']).toBe('image/svg+xml');
      expect(svg.headers['cache-control']).toBe('no-cache'); // not content-hashed
    },
  );

  it.each([
    ['/', '/'],
    ['/wallet', '/'],
    ['/wallet/home?x=1', '/'],
    ['/index.html', '/'],
    ['/v5.0.2/', '/v5.0.2/'],
    ['/v5.0.2/wallet/home', '/v5.0.2/'],
    ['/v5.0.2/index.html', '/v5.0.2/'],
    ['/v5.0.3/wallet', '/'],
  ])('%s gets index.html with <base href="%s">, not cached', async (requestPath, base) => {
    const page = await get(server.url, requestPath);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe(indexHtml.replace('<head>', `<head><base href="${base}">`));
    // The wallet's own pages cannot be framed by another site (clickjacking).
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it.each(['/popup', '/v5.0.2/popup', '/provider-frame.html'])(
    '%s, made to be framed by dapps, carries no frame refusal',
    async (requestPath) => {
      const page = await get(server.url, requestPath);
      expect(page.status).toBe(200);
      expect(page.body).toContain(requestPath.endsWith('popup') ? 'popup' : 'provider');
      expect(page.headers['content-security-policy']).toBeUndefined();
      expect(page.headers['x-frame-options']).toBeUndefined();
    },
  );

  it.each(['/health', '/v5.0.2/health'])(
    '%s reports each part, 503 when one is down',
    async (route) => {
      health = { status: 'ok', chain: { status: 'ok' } };
      const up = await get(server.url, route);
      expect(up.status).toBe(200);
      expect(JSON.parse(up.body)).toEqual({ status: 'ok', chain: { status: 'ok' } });

      health = { status: 'degraded', chain: { status: 'error', error: 'connection refused' } };
      const down = await get(server.url, route);
      expect(down.status).toBe(503);
      expect(JSON.parse(down.body)).toEqual(health);
    },
  );

  it('redirects the bare base path to its directory form', async () => {
    const response = await get(server.url, '/v5.0.2?a=b');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/v5.0.2/?a=b');
  });

  it.each(['/config.json', '/v5.0.2/config.json'])(
    'serves the runtime config at %s',
    async (requestPath) => {
      const response = await get(server.url, requestPath);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(response.body)).toEqual(config);
    },
  );

  it('answers 404 for a missing asset instead of the HTML fallback', async () => {
    const missing = await get(server.url, '/v5.0.2/main.ffffffffffff.js');
    expect(missing.status).toBe(404);
    expect(missing.body).toBe('Not Found');
  });

  it.each([
    '/../secret.txt',
    '/v5.0.2/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/v5.0.2/..%2F..%2Fsecret.txt',
    '/images/..%2f..%2f..%2fsecret.txt',
    '/linked-secret.txt',
  ])('refuses to serve files outside dist: %s', async (requestPath) => {
    const response = await get(server.url, requestPath);
    expect(response.body).not.toContain('do not serve');
    expect(response.status).toBe(403);
  });

  it('rejects malformed escapes and NUL bytes with 400', async () => {
    expect((await get(server.url, '/%E0%A4%A')).status).toBe(400);
    expect((await get(server.url, '/robots.txt%00.js')).status).toBe(400);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get(server.url, '/robots.txt', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('13');
    expect(head.body).toBe('');
    const post = await get(server.url, '/config.json', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('fails to start with a clear message when dist is missing', async () => {
    await expect(
      startStaticServer({ distDir: path.join(root, 'nope'), port: 0, config }),
    ).rejects.toThrow('run `npm run build` first');
  });
});
