// A key node's configuration: its id (the audience of the identity tokens it accepts), its own
// database, and whom it trusts for identity (the identity service's issuer and keys).
import { resolve } from 'node:path';
import { DEFAULT_CORS_ORIGINS, type ServerConfig } from '../config';

export interface KeyNodeConfig extends Pick<
  ServerConfig,
  | 'host'
  | 'port'
  | 'dataDir'
  | 'databaseUrl'
  | 'databasePoolMax'
  | 'statementTimeoutMs'
  | 'corsOrigins'
  | 'trustProxy'
  | 'bodyLimitBytes'
  | 'logLevel'
  | 'sweepIntervalMs'
  | 'shutdownTimeoutMs'
> {
  nodeId: string;
  /** `iss` of the identity tokens (the identity service's ORRERY_IDENTITY_ISSUER). */
  identityIssuer: string;
  /** The identity service's key set: its URL (GET /identity/jwks.json), or the keys themselves. */
  identityJwks: string | { keys: object[] };
  /** Identity tokens older than this are refused whatever their expiry says. */
  maxTokenAgeSeconds: number;
  /** Requests per minute per client on the share and metadata routes. */
  rateLimitPerMinute: number;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be an integer >= ${min}, got '${raw}'`);
  return value;
}

/** ORRERY_IDENTITY_JWKS: a URL, or a JSON key set `{"keys":[...]}`. */
function jwksFromEnv(raw: string | undefined, issuer: string): KeyNodeConfig['identityJwks'] {
  if (!raw) return `${issuer.replace(/\/$/, '')}/identity/jwks.json`;
  if (raw.trim().startsWith('{')) {
    const parsed = JSON.parse(raw) as { keys?: unknown };
    if (!Array.isArray(parsed.keys)) throw new Error('ORRERY_IDENTITY_JWKS must have a keys array');
    return { keys: parsed.keys as object[] };
  }
  if (!/^https?:\/\/\S+$/.test(raw)) throw new Error('ORRERY_IDENTITY_JWKS must be a URL or JSON');
  return raw;
}

export function loadKeyNodeConfig(
  env: Env = process.env,
  overrides: Partial<KeyNodeConfig> = {},
): KeyNodeConfig {
  const nodeId = overrides.nodeId ?? env.ORRERY_NODE_ID;
  if (!nodeId || !/^[A-Za-z0-9_.-]{1,64}$/.test(nodeId))
    throw new Error('ORRERY_NODE_ID is required: letters, digits, _ . - (e.g. node-1)');
  const identityIssuer = env.ORRERY_IDENTITY_ISSUER || 'http://127.0.0.1:4051';
  const config: KeyNodeConfig = {
    nodeId,
    host: env.ORRERY_NODE_HOST || '127.0.0.1',
    port: int(env, 'ORRERY_NODE_PORT', 4081),
    dataDir: resolve(env.ORRERY_NODE_DATA_DIR || `.data/key-node-${nodeId}`),
    databaseUrl: env.ORRERY_NODE_DATABASE_URL || undefined,
    databasePoolMax: int(env, 'ORRERY_NODE_DB_POOL_MAX', 5, 1),
    statementTimeoutMs: int(env, 'ORRERY_DB_STATEMENT_TIMEOUT_MS', 10_000),
    corsOrigins: env.ORRERY_CORS_ORIGINS
      ? env.ORRERY_CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : DEFAULT_CORS_ORIGINS,
    trustProxy: false,
    bodyLimitBytes: int(env, 'ORRERY_NODE_BODY_LIMIT_BYTES', 128 * 1024),
    logLevel: env.LOG_LEVEL || 'info',
    sweepIntervalMs: int(env, 'ORRERY_SWEEP_INTERVAL_MS', 60_000, 100),
    shutdownTimeoutMs: int(env, 'ORRERY_SHUTDOWN_TIMEOUT_MS', 10_000),
    identityIssuer,
    identityJwks: jwksFromEnv(env.ORRERY_IDENTITY_JWKS, identityIssuer),
    maxTokenAgeSeconds: int(env, 'ORRERY_NODE_MAX_TOKEN_AGE_SECONDS', 300, 10),
    rateLimitPerMinute: int(env, 'ORRERY_NODE_RATE_LIMIT', 60, 1),
  };
  return { ...config, ...overrides };
}
