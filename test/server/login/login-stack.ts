// Everything login needs, started for a test suite on free ports: the development identity
// provider, a mail catcher, N key nodes (each with its own PGlite folder or PostgreSQL
// database) and the API configured to use them.
import {
  startDevIdentityProvider,
  type RunningDevIdentityProvider,
} from '../../../src/server/dev-identity-provider/server';
import {
  generateSigningKey,
  loginConfigFromEnv,
  type SigningKey,
} from '../../../src/server/identity/config';
import type { KeyNodeConfig } from '../../../src/server/key-node/config';
import type { RunningKeyNode } from '../../../src/server/key-node/main';
import { startMailCatcher, type RunningMailCatcher } from '../../../src/server/mail/catcher';
import type { RunningServer } from '../../../src/server/main';
import type { ServerConfig } from '../../../src/server/config';
import type { LoginReply, SocialVerifier } from '../../../src/shared/api';
import {
  client,
  createTestDatabase,
  startServer,
  type BackendName,
  type TestDatabase,
} from '../helpers';
import { DevIdpBrowser } from './dev-idp-browser';
import { startKeyNodes } from './key-node-set';
import { IDENTITY_ISSUER, pkce, REDIRECT_URI } from './login-params';

export interface LoginStackOptions {
  backend: BackendName;
  nodes?: number;
  threshold?: number;
  /** More login environment (ORRERY_* variables of identity/config.ts). */
  loginEnv?: Record<string, string>;
  apiOverrides?: Partial<ServerConfig>;
}

export interface LoginStack {
  idp: RunningDevIdentityProvider;
  mail: RunningMailCatcher;
  /** By index; a stopped node is undefined until started again. */
  nodes: (RunningKeyNode | undefined)[];
  nodeConfigs: KeyNodeConfig[];
  api: RunningServer;
  apiDatabase: TestDatabase;
  request: ReturnType<typeof client>;
  signingKey: SigningKey;
  stopNode(index: number): Promise<void>;
  /** Starts a stopped node again, on its old port and database. */
  startNode(index: number): Promise<void>;
  close(): Promise<void>;
}

export async function startLoginStack(options: LoginStackOptions): Promise<LoginStack> {
  const cleanups: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const signingKey = generateSigningKey();
    const idp = await startDevIdentityProvider({ redirectUris: [REDIRECT_URI] });
    cleanups.push(() => idp.close());
    const mail = await startMailCatcher();
    cleanups.push(() => mail.close());
    const keyNodes = await startKeyNodes(options.backend, options.nodes ?? 3, signingKey);
    cleanups.push(() => keyNodes.close());
    const { nodes } = keyNodes;

    const apiDatabase = await createTestDatabase(options.backend);
    cleanups.push(() => apiDatabase.dispose());
    const login = loginConfigFromEnv(
      {
        ORRERY_DEV_IDP_URL: idp.url,
        ORRERY_KEY_NODES: nodes.map((n, i) => `node-${i + 1}=${n?.url}`).join(','),
        ORRERY_KEY_THRESHOLD: String(options.threshold ?? 2),
        ORRERY_SMTP_URL: mail.smtpUrl,
        ORRERY_LOGIN_REDIRECT_URIS: REDIRECT_URI,
        ORRERY_IDENTITY_ISSUER: IDENTITY_ISSUER,
        ORRERY_IDENTITY_SIGNING_KEY: JSON.stringify(signingKey.privateJwk),
        ...options.loginEnv,
      },
      // The signing key comes from the environment: no key file is written.
      { dataDir: '/nonexistent/pglite', host: '127.0.0.1', port: 0 },
    );
    const api = await startServer(apiDatabase.config({ login, ...options.apiOverrides }));
    cleanups.push(() => api.close());

    return {
      idp,
      mail,
      nodes,
      nodeConfigs: keyNodes.configs,
      api,
      apiDatabase,
      request: client(api),
      signingKey,
      stopNode: (index) => keyNodes.stop(index),
      startNode: (index) => keyNodes.start(index),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A whole social login through the development provider, as `email`. */
export async function socialLogin(
  stack: Pick<LoginStack, 'request'>,
  verifier: SocialVerifier,
  email: string,
): Promise<LoginReply> {
  const { codeVerifier, codeChallenge } = pkce();
  const started = await stack.request('POST', '/identity/login/start', {
    body: { verifier, redirectUri: REDIRECT_URI, codeChallenge },
  });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${started.body?.error}`);
  const back = await new DevIdpBrowser(REDIRECT_URI).signIn(started.body.authorizationUrl, email);
  const finished = await stack.request('POST', '/identity/login/finish', {
    body: { state: back.params.get('state'), code: back.params.get('code'), codeVerifier },
  });
  if (finished.status !== 200)
    throw new Error(`finish: ${finished.status} ${finished.body?.error}`);
  return finished.body as LoginReply;
}
