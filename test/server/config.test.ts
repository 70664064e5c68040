// Configuration from the environment: defaults, validation, and the development JWT secret.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CORS_ORIGINS, loadConfig } from '../../src/server/config';

describe('loadConfig', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'orrery-config-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('uses the documented defaults', () => {
    const config = loadConfig({ ORRERY_DATA_DIR: join(root, 'pglite') });
    expect(config).toMatchObject({
      port: 4051,
      host: '127.0.0.1',
      dataDir: join(root, 'pglite'),
      databaseUrl: undefined,
      corsOrigins: DEFAULT_CORS_ORIGINS,
      priceSource: { kind: 'offline' },
    });
    expect(DEFAULT_CORS_ORIGINS).toEqual(['http://localhost:4050', 'http://127.0.0.1:4050']);
  });

  it('generates a development JWT secret once and keeps it beside the data folder', () => {
    const env = { ORRERY_DATA_DIR: join(root, 'pglite') };
    const first = loadConfig(env).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(loadConfig(env).jwtSecret).toBe(first);
    const file = join(root, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0); // readable by the owner only
  });

  it('reads the environment and refuses bad values', () => {
    const config = loadConfig({
      PORT: '5000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@h/db',
      ORRERY_JWT_SECRET: 's'.repeat(40),
      ORRERY_CORS_ORIGINS: 'https://wallet.example, https://other.example',
      ORRERY_PRICE_API_URL: 'https://min-api.cryptocompare.com',
      ORRERY_PRICE_API_KEY: 'key',
    });
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@h/db',
      jwtSecret: 's'.repeat(40),
      corsOrigins: ['https://wallet.example', 'https://other.example'],
      priceSource: { kind: 'http', url: 'https://min-api.cryptocompare.com', apiKey: 'key' },
    });
    expect(() => loadConfig({ PORT: 'abc', ORRERY_JWT_SECRET: 's'.repeat(40) })).toThrow(
      "PORT must be a non-negative integer, got 'abc'",
    );
    expect(() => loadConfig({ ORRERY_JWT_SECRET: 'short' })).toThrow('at least 32 characters');
    expect(() => loadConfig({ NODE_ENV: 'production', ORRERY_DATA_DIR: join(root, 'p') })).toThrow(
      'ORRERY_JWT_SECRET is required in production',
    );
  });

  it('reads the scale-out settings, with their documented defaults', () => {
    const secret = { ORRERY_JWT_SECRET: 's'.repeat(40) };
    expect(loadConfig(secret)).toMatchObject({
      databasePoolMax: 10,
      statementTimeoutMs: 10_000,
      instances: 1,
      shutdownDelayMs: 1000,
      shutdownTimeoutMs: 10_000,
      trustProxy: false,
      sweepIntervalMs: 60_000,
      authRateLimitPerMinute: 30,
    });
    expect(
      loadConfig({
        ...secret,
        ORRERY_DB_POOL_MAX: '4',
        ORRERY_DB_STATEMENT_TIMEOUT_MS: '2500',
        ORRERY_INSTANCES: '3',
        ORRERY_SHUTDOWN_DELAY_MS: '2000',
        ORRERY_SHUTDOWN_TIMEOUT_MS: '5000',
        ORRERY_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
        ORRERY_SWEEP_INTERVAL_MS: '500',
        ORRERY_AUTH_RATE_LIMIT: '5',
      }),
    ).toMatchObject({
      databasePoolMax: 4,
      statementTimeoutMs: 2500,
      instances: 3,
      shutdownDelayMs: 2000,
      shutdownTimeoutMs: 5000,
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      sweepIntervalMs: 500,
      authRateLimitPerMinute: 5,
    });
    expect(loadConfig({ ...secret, ORRERY_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ ...secret, ORRERY_DB_POOL_MAX: '0' })).toThrow(
      "ORRERY_DB_POOL_MAX must be an integer >= 1, got '0'",
    );
    expect(() => loadConfig({ ...secret, ORRERY_INSTANCES: '2.5' })).toThrow(
      "ORRERY_INSTANCES must be an integer >= 1, got '2.5'",
    );
  });
});
