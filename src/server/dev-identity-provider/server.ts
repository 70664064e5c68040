// The development identity provider's HTTP server: the OpenID Connect provider itself, its
// sign-in (choose a test user or type an email) and consent pages, the OAuth-only providers'
// user-info endpoints (/userinfo/<verifier>, each in its real provider's shape) and avatars.
// Run it alone with `npx tsx src/server/dev-identity-provider/server.ts` (port 4080).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { SOCIAL_VERIFIERS, type SocialVerifier } from '../../shared/api';
import { DEFAULT_REDIRECT_URIS } from '../identity/config';
import { consentPage, errorPage, indexPage, signInPage } from './pages';
import { createDevProvider } from './provider';
import { USERINFO_SHAPES } from './userinfo-shapes';
import { avatarSvg, devUser } from './users';

export interface RunningDevIdentityProvider {
  /** The issuer, e.g. http://127.0.0.1:4080 */
  url: string;
  provider: Provider;
  close(): Promise<void>;
}

const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]+\.[^\s@<>"]+$/;
const FORM_LIMIT_BYTES = 8 * 1024;

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
  });
  res.end(body);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new Error('Form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function interaction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
  action: string | undefined,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) return send(res, 400, 'text/html', errorPage('Unknown sign-in'));
  const clientId = String(details.params.client_id);
  const prompt = details.prompt.name;
  if (req.method === 'GET' && action === undefined) {
    if (prompt === 'login') return send(res, 200, 'text/html', signInPage(uid, clientId));
    const accountId = details.session?.accountId ?? '';
    const scopes = String(details.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    return send(res, 200, 'text/html', consentPage(uid, clientId, accountId, scopes));
  }
  if (req.method !== 'POST') return send(res, 405, 'text/html', errorPage('Method not allowed'));
  if (action === 'abort') {
    const result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  if (action === 'login' && prompt === 'login') {
    const email = (await readForm(req)).get('email')?.trim().toLowerCase() ?? '';
    if (email.length > 254 || !EMAIL.test(email))
      return send(res, 400, 'text/html', errorPage('Invalid email address'));
    const result = { login: { accountId: email } };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  if (action === 'consent' && prompt === 'consent') {
    const accountId = details.session?.accountId;
    if (!accountId) return send(res, 400, 'text/html', errorPage('Not signed in'));
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId });
    if (!grant) return send(res, 400, 'text/html', errorPage('Unknown grant'));
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    const result = { consent: details.grantId ? {} : { grantId } };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  }
  return send(res, 400, 'text/html', errorPage(`Nothing to ${action} in this sign-in step`));
}

/** An OAuth-only provider's user-info endpoint: the access token must be that client's. */
async function userinfo(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  verifier: SocialVerifier,
  issuer: string,
): Promise<void> {
  const shape = USERINFO_SHAPES[verifier];
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const accessToken = token ? await provider.AccessToken.find(token) : undefined;
  if (!shape || !accessToken || accessToken.clientId !== verifier || !accessToken.accountId)
    return send(res, 401, 'application/json', JSON.stringify({ message: '401: Unauthorized' }));
  send(res, 200, 'application/json', JSON.stringify(shape(devUser(accessToken.accountId, issuer))));
}

export async function startDevIdentityProvider(options: {
  redirectUris: string[];
  host?: string;
  port?: number;
}): Promise<RunningDevIdentityProvider> {
  const host = options.host ?? '127.0.0.1';
  // Filled in once listening: the issuer URL names the port.
  const started: { provider?: Provider; issuer: string } = { issuer: '' };
  const server = createServer((req, res) => {
    const { provider: active, issuer } = started;
    if (!active) return send(res, 503, 'text/plain', 'Starting');
    const path = new URL(req.url ?? '/', issuer).pathname;
    const handle = async () => {
      if (path === '/' && req.method === 'GET')
        return send(res, 200, 'text/html', indexPage(issuer, [...SOCIAL_VERIFIERS]));
      const avatar = /^\/avatar\/([0-9a-f]{16})\/([A-Z0-9])\.svg$/.exec(path);
      if (avatar) return send(res, 200, 'image/svg+xml', avatarSvg(avatar[1]!, avatar[2]!));
      const info = /^\/userinfo\/([a-z_]+)$/.exec(path);
      if (info && (SOCIAL_VERIFIERS as readonly string[]).includes(info[1]!))
        return userinfo(active, req, res, info[1] as SocialVerifier, issuer);
      const step = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|consent|abort))?$/.exec(path);
      if (step) return interaction(active, req, res, step[1]!, step[2]);
      return active.callback()(req, res);
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) send(res, 400, 'text/html', errorPage((error as Error).message));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const issuer = `http://${host}:${port}`;
  const provider = createDevProvider(issuer, options.redirectUris);
  Object.assign(started, { provider, issuer });
  return {
    url: issuer,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (typeof require !== 'undefined' && require.main === module) {
  const redirectUris = (process.env.ORRERY_LOGIN_REDIRECT_URIS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  startDevIdentityProvider({
    port: Number(process.env.ORRERY_DEV_IDP_PORT ?? 4080),
    redirectUris: redirectUris.length ? redirectUris : DEFAULT_REDIRECT_URIS,
  }).then(
    (idp) => process.stdout.write(`Orrery development identity provider on ${idp.url}\n`),
    (error: unknown) => {
      console.error('The development identity provider failed to start:', error);
      process.exit(1);
    },
  );
}
