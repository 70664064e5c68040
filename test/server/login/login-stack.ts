// Everything login needs, started for a test suite on free ports: the development identity
// provider, a mail catcher, N key nodes (each with its own PGlite folder or PostgreSQL
// database) and the API configured to use them.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import {
  startDevIdentityProvider,
  type RunningDevIdentityProvider,
} from '../../../src/server/dev-identity-provider/server';
import { openDatabase } from '../../../src/server/db';
import { migrateToLatest } from '../../../src/server/db/migrate';
import {
  generateSigningKey,
  loginConfigFromEnv,
  type SigningKey,
} from '../../../src/server/identity/config';
import { loadKeyNodeConfig, type KeyNodeConfig } from '../../../src/server/key-node/config';
import { startKeyNode, type RunningKeyNode } from '../../../src/server/key-node/main';
import { keyNodeMigrations, type KeyNodeDatabase } from '../../../src/server/key-node/schema';
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
import { startPostgres, type PostgresServer } from '../postgres-server';
import { DevIdpBrowser } from './dev-idp-browser';
import { IDENTITY_ISSUER, pkce, REDIRECT_URI } from './login-params';

/** A migrated key-node PGlite folder, made once and copied per node (like pgliteTemplate). */
export async function keyNodeTemplate(): Promise<string> {
  const schema = readFileSync(resolve(__dirname, '../../../src/server/key-node/schema.ts'));
  const hash = createHash('sha256').update(schema).digest('hex').slice(0, 16);
  const template = join(tmpdir(), `orrery-key-node-template-${hash}`);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  const staging = mkdtempSync(join(tmpdir(), 'orrery-key-node-staging-'));
  const open = await openDatabase<KeyNodeDatabase>({ dataDir: staging });
  try {
    await migrateToLatest(open.db, keyNodeMigrations);
  } finally {
    await open.close();
  }
  try {
    renameSync(staging, template);
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
  return template;
}

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
  const count = options.nodes ?? 3;
  const root = mkdtempSync(join(tmpdir(), 'orrery-login-stack-'));
  const cleanups: (() => Promise<void>)[] = [
    async () => rmSync(root, { recursive: true, force: true }),
  ];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const signingKey = generateSigningKey();
    const idp = await startDevIdentityProvider({ redirectUris: [REDIRECT_URI] });
    cleanups.push(() => idp.close());
    const mail = await startMailCatcher();
    cleanups.push(() => mail.close());

    let postgres: PostgresServer | undefined;
    if (options.backend === 'postgres') {
      postgres = await startPostgres();
      const server = postgres;
      cleanups.push(() => server.stop());
      const admin = new pg.Client({ connectionString: server.databaseUrl });
      await admin.connect();
      for (let i = 1; i <= count; i++) await admin.query(`create database key_node_${i}`);
      await admin.end();
    }
    const template = options.backend === 'pglite' ? await keyNodeTemplate() : undefined;
    const nodeConfigs: KeyNodeConfig[] = [];
    const nodes: (RunningKeyNode | undefined)[] = [];
    for (let i = 1; i <= count; i++) {
      const dataDir = join(root, `key-node-${i}`);
      if (template) cpSync(template, dataDir, { recursive: true });
      const config = loadKeyNodeConfig(
        {},
        {
          nodeId: `node-${i}`,
          port: 0,
          dataDir,
          databaseUrl: postgres
            ? postgres.databaseUrl.replace(/\/postgres$/, `/key_node_${i}`)
            : undefined,
          identityIssuer: IDENTITY_ISSUER,
          identityJwks: { keys: [signingKey.publicJwk] },
          logLevel: 'silent',
          shutdownTimeoutMs: 1000,
        },
      );
      const node = await startKeyNode(config);
      nodes.push(node);
      // Restarts use the same port: the API names the node by its URL.
      nodeConfigs.push({ ...config, port: Number(new URL(node.url).port) });
    }
    cleanups.push(async () => {
      for (const node of nodes) await node?.close();
    });

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
      { dataDir: join(root, 'unused'), host: '127.0.0.1', port: 0 },
    );
    const api = await startServer(apiDatabase.config({ login, ...options.apiOverrides }));
    cleanups.push(() => api.close());

    return {
      idp,
      mail,
      nodes,
      nodeConfigs,
      api,
      apiDatabase,
      request: client(api),
      signingKey,
      async stopNode(index) {
        await nodes[index]?.close();
        nodes[index] = undefined;
      },
      async startNode(index) {
        const config = nodeConfigs[index];
        if (!config || nodes[index]) return;
        nodes[index] = await startKeyNode(config);
      },
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
