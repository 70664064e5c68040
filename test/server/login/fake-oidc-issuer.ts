// A local OpenID Connect issuer whose token endpoint answers with whatever id_token a test
// queued, signed by its published key or by another: the id_token checks are tested one by one.
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export interface FakeIssuer {
  url: string;
  /** The issuer's published key signs; `key: 'stranger'` signs with an unpublished one. */
  sign(
    claims: JWTPayload,
    options?: { key?: 'published' | 'stranger'; alg?: string; kid?: string; secret?: string },
  ): Promise<string>;
  /** The next token endpoint answer's id_token. */
  queue(idToken: string): void;
  /** The forms the token endpoint received. */
  tokenRequests: URLSearchParams[];
  /** Makes the discovery document name another issuer. */
  misnameIssuer(other: string | undefined): void;
  close(): Promise<void>;
}

export async function startFakeIssuer(): Promise<FakeIssuer> {
  const published = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = {
    ...(await exportJWK(published.publicKey)),
    kid: 'published-1',
    alg: 'RS256',
    use: 'sig',
  };
  const queued: string[] = [];
  const tokenRequests: URLSearchParams[] = [];
  let issuerName: string | undefined;
  let url = '';
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path === '/.well-known/openid-configuration')
      return json(200, {
        issuer: issuerName ?? url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        jwks_uri: `${url}/jwks`,
      });
    if (path === '/jwks') return json(200, { keys: [jwk] });
    if (path === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        tokenRequests.push(new URLSearchParams(body));
        const idToken = queued.shift();
        if (!idToken)
          return json(400, { error: 'invalid_grant', error_description: 'no token queued' });
        json(200, { access_token: 'fake-access', token_type: 'Bearer', id_token: idToken });
      });
      return;
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    async sign(claims, options = {}) {
      const alg = options.alg ?? 'RS256';
      const key: CryptoKey | Uint8Array = options.secret
        ? new TextEncoder().encode(options.secret)
        : (options.key === 'stranger' ? stranger : published).privateKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg, kid: options.kid ?? 'published-1', typ: 'JWT' })
        .sign(key);
    },
    queue: (idToken) => queued.push(idToken),
    tokenRequests,
    misnameIssuer: (other) => {
      issuerName = other;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
