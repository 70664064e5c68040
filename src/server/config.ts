// Typed server configuration, read once from the environment with development defaults.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loginConfigFromEnv, type LoginConfig } from './identity/config';
import { DEFAULT_TOKEN_PRICE_PLATFORMS } from './prices/token-price-source';
import { isAddress } from '../shared/primitives';

export interface PriceSourceConfig {
  /** 'offline' serves fixed development rates; 'http' calls a CryptoCompare-shaped price API. */
  kind: 'offline' | 'http';
  /** Base URL of the price API, e.g. https://min-api.cryptocompare.com (kind 'http' only). */
  url?: string;
  /** Sent as `authorization: Apikey <key>` (CryptoCompare's scheme) when set. */
  apiKey?: string;
  timeoutMs: number;
  cacheMs: number;
}

export interface TokenPriceConfig {
  /** Base URL of a CoinGecko-shaped API, e.g. https://api.coingecko.com/api/v3; none: no prices. */
  url?: string;
  apiKey?: string;
  timeoutMs: number;
  cacheMs: number;
  /** CoinGecko platform ids by chain id (the defaults plus ORRERY_TOKEN_PRICE_PLATFORMS). */
  platforms: Record<number, string>;
}

export interface EnsConfig {
  /** JSON-RPC node of the chain holding the ENS registry; lookups answer 503 without it. */
  rpcUrl?: string;
  /** Registry address; defaults to the mainnet ENS registry. */
  registry?: string;
  timeoutMs: number;
  cacheMs: number;
}

export interface UnstoppableConfig {
  /** JSON-RPC node of the chain holding the UNS ProxyReader (defaults to the ENS node). */
  rpcUrl?: string;
  /** ProxyReader address; lookups answer 503 without it and a node. */
  proxyReader?: string;
  timeoutMs: number;
  cacheMs: number;
}

export interface BitConfig {
  /** .bit account indexer base URL (serves POST /v1/account/records); 503 without it. */
  indexerUrl?: string;
  timeoutMs: number;
  cacheMs: number;
}

export interface ExplorerConfig {
  /** Etherscan-compatible API (v2) URL, e.g. https://api.etherscan.io/v2/api. */
  url?: string;
  apiKey?: string;
  timeoutMs: number;
  cacheMs: number;
  /** Transactions fetched per request (newest first). */
  pageSize: number;
}

export interface SocialConfig {
  twitterApiUrl: string;
  /** App bearer token; GET /twitter answers 503 without it. */
  twitterBearerToken?: string;
  discordApiUrl: string;
  /** OAuth2 client; POST /revoke/discord answers 503 without both. */
  discordClientId?: string;
  discordClientSecret?: string;
  timeoutMs: number;
}

export interface DataProvidersConfig {
  covalentApiUrl: string;
  /** Without it GET /covalent answers 503. */
  covalentApiKey?: string;
  openseaApiUrl: string;
  /** Without it GET /opensea answers 503. */
  openseaApiKey?: string;
  timeoutMs: number;
  cacheMs: number;
  maxBytes: number;
  /** Bytes of provider answers the cache holds in all (default 64 MiB). */
  cacheMaxBytes?: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data folder, used when databaseUrl is not set. */
  dataDir: string;
  /** A real PostgreSQL server; when set, PGlite is not started. */
  databaseUrl?: string;
  /** Connections this instance may hold on PostgreSQL (PGlite always uses one). */
  databasePoolMax: number;
  /** Server-side limit of one SQL statement; 0 = none. */
  statementTimeoutMs: number;
  /**
   * After SIGTERM: how long the instance keeps its listener open while refusing new requests
   * (503, /health not-ready), so balancers take it out of rotation before connections are
   * refused.
   */
  shutdownDelayMs: number;
  /** Then: how long in-flight requests may run before their connections are cut. */
  shutdownTimeoutMs: number;
  /** How many API instances `src/server/cluster.ts` starts behind its balancer. */
  instances: number;
  /**
   * Fastify's trustProxy: which peers' X-Forwarded-For names the client (and so its rate-limit
   * key). false = none (the peer address counts); a list of addresses or CIDRs; or true.
   */
  trustProxy: boolean | string[];
  /** How often expired used challenges, rate-limit windows and sign-in messages are deleted. */
  sweepIntervalMs: number;
  /** How often queued e-mails (email_outbox) are looked for and sent (mail/outbox.ts). */
  outboxIntervalMs: number;
  /** Entries each answer cache (names, rates, explorer, providers) may hold. */
  cacheMaxEntries: number;
  jwtSecret: string;
  /** Lifetime of issued bearer tokens, in seconds. */
  jwtTtlSeconds: number;
  /** Lifetime of a sign-in message, in seconds. */
  authMessageTtlSeconds: number;
  /** Window in which an Auth-Challenge timestamp is accepted, in seconds. */
  authChallengeWindowSeconds: number;
  /** Requests per minute per client IP on the /auth routes. */
  authRateLimitPerMinute: number;
  corsOrigins: string[];
  bodyLimitBytes: number;
  priceSource: PriceSourceConfig;
  tokenPrices: TokenPriceConfig;
  ens: EnsConfig;
  unstoppable: UnstoppableConfig;
  bit: BitConfig;
  explorer: ExplorerConfig;
  social: SocialConfig;
  dataProviders: DataProvidersConfig;
  /** Social and email login, identity tokens for the key nodes (identity/config.ts). */
  login: LoginConfig;
  logLevel: string;
}

export const DEFAULT_PORT = 4051;
export const DEFAULT_CORS_ORIGINS = ['http://localhost:4050', 'http://127.0.0.1:4050'];

type Env = Record<string, string | undefined>;

function intFromEnv(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    const what = min === 0 ? 'a non-negative integer' : `an integer >= ${min}`;
    throw new Error(`${name} must be ${what}, got '${raw}'`);
  }
  return value;
}

function trustProxyFromEnv(env: Env): boolean | string[] {
  const raw = env.ORRERY_TRUST_PROXY?.trim();
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** `{"5777":"localhost"}`: extra or replaced platform ids by decimal chain id. */
function platformsFromEnv(env: Env): Record<number, string> {
  const platforms: Record<number, string> = { ...DEFAULT_TOKEN_PRICE_PLATFORMS };
  const raw = env.ORRERY_TOKEN_PRICE_PLATFORMS;
  if (!raw) return platforms;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`ORRERY_TOKEN_PRICE_PLATFORMS must be a JSON object, got '${raw}'`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`ORRERY_TOKEN_PRICE_PLATFORMS must be a JSON object, got '${raw}'`);
  for (const [chainId, platform] of Object.entries(parsed)) {
    if (
      !/^[0-9]{1,20}$/.test(chainId) ||
      typeof platform !== 'string' ||
      !/^[a-z0-9-]{1,64}$/.test(platform)
    )
      throw new Error(`ORRERY_TOKEN_PRICE_PLATFORMS: bad entry ${chainId}: ${String(platform)}`);
    platforms[Number(chainId)] = platform;
  }
  return platforms;
}

function addressFromEnv(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  if (!isAddress(raw)) throw new Error(`${name} must be a 0x address, got '${raw}'`);
  return raw.toLowerCase();
}

/**
 * The JWT secret: ORRERY_JWT_SECRET if set; otherwise, outside production, a random secret
 * generated on first start and kept next to the data folder so tokens survive restarts.
 */
function resolveJwtSecret(env: Env, dataDir: string): string {
  const fromEnv = env.ORRERY_JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('ORRERY_JWT_SECRET must be at least 32 characters');
    return fromEnv;
  }
  if (env.NODE_ENV === 'production') throw new Error('ORRERY_JWT_SECRET is required in production');
  // Beside the PGlite folder (not inside it: PGlite owns that folder's contents).
  const file = join(dirname(dataDir), 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(
  env: Env = process.env,
  overrides: Partial<ServerConfig> = {},
): ServerConfig {
  const dataDir = resolve(overrides.dataDir ?? env.ORRERY_DATA_DIR ?? '.data/pglite');
  const priceUrl = env.ORRERY_PRICE_API_URL;
  const port = intFromEnv(env, 'PORT', DEFAULT_PORT);
  const host = env.HOST || '127.0.0.1';
  const config: ServerConfig = {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: intFromEnv(env, 'ORRERY_DB_POOL_MAX', 10, 1),
    statementTimeoutMs: intFromEnv(env, 'ORRERY_DB_STATEMENT_TIMEOUT_MS', 10_000),
    shutdownDelayMs: intFromEnv(env, 'ORRERY_SHUTDOWN_DELAY_MS', 1000),
    shutdownTimeoutMs: intFromEnv(env, 'ORRERY_SHUTDOWN_TIMEOUT_MS', 10_000),
    instances: intFromEnv(env, 'ORRERY_INSTANCES', 1, 1),
    trustProxy: trustProxyFromEnv(env),
    sweepIntervalMs: intFromEnv(env, 'ORRERY_SWEEP_INTERVAL_MS', 60_000, 100),
    outboxIntervalMs: intFromEnv(env, 'ORRERY_OUTBOX_INTERVAL_MS', 5000, 100),
    cacheMaxEntries: intFromEnv(env, 'ORRERY_CACHE_MAX_ENTRIES', 5000, 1),
    jwtSecret: overrides.jwtSecret ?? resolveJwtSecret(env, dataDir),
    jwtTtlSeconds: intFromEnv(env, 'ORRERY_JWT_TTL_SECONDS', 7 * 24 * 3600),
    authMessageTtlSeconds: intFromEnv(env, 'ORRERY_AUTH_MESSAGE_TTL_SECONDS', 300),
    authChallengeWindowSeconds: intFromEnv(env, 'ORRERY_AUTH_CHALLENGE_WINDOW_SECONDS', 300),
    authRateLimitPerMinute: intFromEnv(env, 'ORRERY_AUTH_RATE_LIMIT', 30),
    corsOrigins: env.ORRERY_CORS_ORIGINS
      ? env.ORRERY_CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : DEFAULT_CORS_ORIGINS,
    bodyLimitBytes: intFromEnv(env, 'ORRERY_BODY_LIMIT_BYTES', 100 * 1024),
    priceSource: {
      kind: priceUrl ? 'http' : 'offline',
      url: priceUrl || undefined,
      apiKey: env.ORRERY_PRICE_API_KEY || undefined,
      timeoutMs: intFromEnv(env, 'ORRERY_PRICE_TIMEOUT_MS', 5000),
      cacheMs: intFromEnv(env, 'ORRERY_PRICE_CACHE_MS', 60_000),
    },
    tokenPrices: {
      url: env.ORRERY_TOKEN_PRICE_API_URL || undefined,
      apiKey: env.ORRERY_TOKEN_PRICE_API_KEY || undefined,
      timeoutMs: intFromEnv(env, 'ORRERY_TOKEN_PRICE_TIMEOUT_MS', 5000),
      cacheMs: intFromEnv(env, 'ORRERY_TOKEN_PRICE_CACHE_MS', 300_000),
      platforms: platformsFromEnv(env),
    },
    ens: {
      rpcUrl: env.ORRERY_ENS_RPC_URL || undefined,
      registry: env.ORRERY_ENS_REGISTRY || undefined,
      timeoutMs: intFromEnv(env, 'ORRERY_ENS_TIMEOUT_MS', 5000),
      cacheMs: intFromEnv(env, 'ORRERY_ENS_CACHE_MS', 300_000),
    },
    unstoppable: {
      rpcUrl: env.ORRERY_UD_RPC_URL || env.ORRERY_ENS_RPC_URL || undefined,
      proxyReader: addressFromEnv(env, 'ORRERY_UD_PROXY_READER'),
      timeoutMs: intFromEnv(env, 'ORRERY_UD_TIMEOUT_MS', 5000),
      cacheMs: intFromEnv(env, 'ORRERY_UD_CACHE_MS', 300_000),
    },
    bit: {
      indexerUrl: env.ORRERY_BIT_INDEXER_URL || undefined,
      timeoutMs: intFromEnv(env, 'ORRERY_BIT_TIMEOUT_MS', 5000),
      cacheMs: intFromEnv(env, 'ORRERY_BIT_CACHE_MS', 300_000),
    },
    explorer: {
      url: env.ORRERY_ETHERSCAN_API_URL || undefined,
      apiKey: env.ORRERY_ETHERSCAN_API_KEY || undefined,
      timeoutMs: intFromEnv(env, 'ORRERY_ETHERSCAN_TIMEOUT_MS', 10_000),
      cacheMs: intFromEnv(env, 'ORRERY_ETHERSCAN_CACHE_MS', 30_000),
      pageSize: intFromEnv(env, 'ORRERY_ETHERSCAN_PAGE_SIZE', 100),
    },
    social: {
      twitterApiUrl: env.ORRERY_TWITTER_API_URL || 'https://api.twitter.com',
      twitterBearerToken: env.ORRERY_TWITTER_BEARER_TOKEN || undefined,
      discordApiUrl: env.ORRERY_DISCORD_API_URL || 'https://discord.com/api/v10',
      discordClientId: env.ORRERY_DISCORD_CLIENT_ID || undefined,
      discordClientSecret: env.ORRERY_DISCORD_CLIENT_SECRET || undefined,
      timeoutMs: intFromEnv(env, 'ORRERY_SOCIAL_TIMEOUT_MS', 5000),
    },
    dataProviders: {
      covalentApiUrl: env.ORRERY_COVALENT_API_URL || 'https://api.covalenthq.com/v1/',
      covalentApiKey: env.ORRERY_COVALENT_API_KEY || undefined,
      openseaApiUrl: env.ORRERY_OPENSEA_API_URL || 'https://api.opensea.io/api/v2/',
      openseaApiKey: env.ORRERY_OPENSEA_API_KEY || undefined,
      timeoutMs: intFromEnv(env, 'ORRERY_DATA_PROVIDER_TIMEOUT_MS', 10_000),
      cacheMs: intFromEnv(env, 'ORRERY_DATA_PROVIDER_CACHE_MS', 30_000),
      maxBytes: intFromEnv(env, 'ORRERY_DATA_PROVIDER_MAX_BYTES', 5 * 1024 * 1024),
      cacheMaxBytes: intFromEnv(env, 'ORRERY_DATA_PROVIDER_CACHE_BYTES', 64 * 1024 * 1024),
    },
    login: overrides.login ?? loginConfigFromEnv(env, { dataDir, host, port }),
    logLevel: env.LOG_LEVEL || 'info',
  };
  return { ...config, ...overrides, dataDir };
}
