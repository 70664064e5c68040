// N key nodes for a test suite, each with its own database (a copy of a migrated PGlite
// template, or a database of its own on one private PostgreSQL 15 cluster), trusting one
// identity signing key; nodes can be stopped and started again on the same port and data.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../../src/server/db';
import { migrateToLatest } from '../../../src/server/db/migrate';
import type { SigningKey } from '../../../src/server/identity/config';
import { IdentityTokenMinter } from '../../../src/server/identity/identity-tokens';
import { loadKeyNodeConfig, type KeyNodeConfig } from '../../../src/server/key-node/config';
import { startKeyNode, type RunningKeyNode } from '../../../src/server/key-node/main';
import { keyNodeMigrations, type KeyNodeDatabase } from '../../../src/server/key-node/schema';
import type { LoginReply, VerifiedIdentity } from '../../../src/shared/api';
import type { BackendName } from '../helpers';
import { startPostgres } from '../postgres-server';
import { IDENTITY_ISSUER } from './login-params';

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
    renameSync(staging, template); // atomic; a parallel worker may have won the race
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
  return template;
}

export interface KeyNodeSet {
  /** By index; a stopped node is undefined until started again. */
  nodes: (RunningKeyNode | undefined)[];
  configs: KeyNodeConfig[];
  stop(index: number): Promise<void>;
  /** Starts a stopped node again, on its old port and database. */
  start(index: number): Promise<void>;
  close(): Promise<void>;
}

export async function startKeyNodes(
  backend: BackendName,
  count: number,
  signingKey: SigningKey,
  overrides: Partial<KeyNodeConfig> = {},
): Promise<KeyNodeSet> {
  const root = mkdtempSync(join(tmpdir(), 'orrery-key-nodes-'));
  const nodes: (RunningKeyNode | undefined)[] = [];
  const configs: KeyNodeConfig[] = [];
  let stopPostgres = async () => {};
  const close = async () => {
    for (const node of nodes) await node?.close().catch(() => undefined);
    await stopPostgres().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    let databaseUrl: ((i: number) => string) | undefined;
    if (backend === 'postgres') {
      const server = await startPostgres();
      stopPostgres = () => server.stop();
      const admin = new pg.Client({ connectionString: server.databaseUrl });
      await admin.connect();
      for (let i = 1; i <= count; i++) await admin.query(`create database key_node_${i}`);
      await admin.end();
      databaseUrl = (i) => server.databaseUrl.replace(/\/postgres$/, `/key_node_${i}`);
    }
    const template = backend === 'pglite' ? await keyNodeTemplate() : undefined;
    for (let i = 1; i <= count; i++) {
      const dataDir = join(root, `key-node-${i}`);
      if (template) cpSync(template, dataDir, { recursive: true });
      const config = loadKeyNodeConfig(
        {},
        {
          nodeId: `node-${i}`,
          port: 0,
          dataDir,
          databaseUrl: databaseUrl?.(i),
          identityIssuer: IDENTITY_ISSUER,
          identityJwks: { keys: [signingKey.publicJwk] },
          logLevel: 'silent',
          shutdownTimeoutMs: 1000,
          ...overrides,
        },
      );
      const node = await startKeyNode(config);
      nodes.push(node);
      // Restarts use the same port: the identity service names the node by its URL.
      configs.push({ ...config, port: Number(new URL(node.url).port) });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    nodes,
    configs,
    async stop(index) {
      await nodes[index]?.close();
      nodes[index] = undefined;
    },
    async start(index) {
      const config = configs[index];
      if (!config || nodes[index]) return;
      nodes[index] = await startKeyNode(config);
    },
    close,
  };
}

/**
 * Identity tokens for `identity` at the nodes of `configs`, minted as the identity service
 * does, with its key by default (tests of the nodes themselves need no login).
 */
export function mintTokens(
  configs: KeyNodeConfig[],
  signingKey: SigningKey,
  identity: Partial<VerifiedIdentity>,
  options: { issuer?: string; now?: () => number } = {},
): Promise<LoginReply> {
  const minter = new IdentityTokenMinter(
    {
      issuer: options.issuer ?? IDENTITY_ISSUER,
      signingKey,
      identityTokenTtlSeconds: 120,
      keyNodes: configs.map((c) => ({ id: c.nodeId, url: `http://127.0.0.1:${c.port}` })),
      keyThreshold: 2,
    },
    options.now,
  );
  return minter.mint({
    verifier: 'google',
    typeOfLogin: 'google',
    verifierId: 'nobody@example.com',
    name: '',
    email: '',
    profileImage: '',
    ...identity,
  });
}
