// A local HTTP server speaking Twitter API v2's user lookup and Discord's OAuth2 token
// revocation, in their documented shapes.
import { createServer } from 'node:http';

export const TWITTER_TOKEN = 'app-bearer';
export const DISCORD_CLIENT = { id: '1234', secret: 'shh' };

export interface SocialApis {
  url: string;
  revoked: string[];
  close(): Promise<void>;
}

export async function startSocialApis(): Promise<SocialApis> {
  const revoked: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const user = /^\/2\/users\/by\/username\/([^/]+)$/.exec(url.pathname);
    if (user && req.method === 'GET') {
      if (req.headers.authorization !== `Bearer ${TWITTER_TOKEN}`) {
        json(401, {
          title: 'Unauthorized',
          type: 'about:blank',
          status: 401,
          detail: 'Unauthorized',
        });
      } else if (user[1] === 'orrery_wallet') {
        json(200, { data: { id: '2244994945', name: 'Orrery Wallet', username: 'orrery_wallet' } });
      } else {
        // Twitter answers an unknown user with 200 and an errors array.
        json(200, {
          errors: [
            {
              value: user[1],
              detail: `Could not find user with username: [${user[1]}].`,
              title: 'Not Found Error',
              resource_type: 'user',
              parameter: 'username',
              resource_id: user[1],
              type: 'https://api.twitter.com/2/problems/resource-not-found',
            },
          ],
        });
      }
      return;
    }
    if (url.pathname === '/api/v10/oauth2/token/revoke' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const expected = `Basic ${Buffer.from(`${DISCORD_CLIENT.id}:${DISCORD_CLIENT.secret}`).toString('base64')}`;
        const form = new URLSearchParams(raw);
        if (req.headers.authorization !== expected) json(401, { error: 'invalid_client' });
        else if (
          req.headers['content-type'] !== 'application/x-www-form-urlencoded' ||
          !form.get('token')
        ) {
          json(400, { error: 'invalid_request', error_description: 'token is required' });
        } else {
          revoked.push(`${form.get('token')}:${form.get('token_type_hint')}`);
          json(200, {});
        }
      });
      return;
    }
    json(404, { message: '404: Not Found', code: 0 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    revoked,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
