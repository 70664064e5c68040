// The name-service settings read from the environment: Unstoppable Domains and .bit.
import { loadConfig } from '../../src/server/config';
import { adaptersFromConfig } from '../../src/server/adapters';
import { BitIndexer } from '../../src/server/lookup/bit';
import { UnstoppableResolver } from '../../src/server/lookup/unstoppable';

const base = { ORRERY_JWT_SECRET: 'x'.repeat(32) };
const READER = '0xc3C2BAB5e3e52DBF311b2aAcEf2e40344f19494E';

describe('lookup configuration', () => {
  it('leaves Unstoppable Domains and .bit off by default', () => {
    const config = loadConfig(base);
    expect(config.unstoppable).toEqual({
      rpcUrl: undefined,
      proxyReader: undefined,
      timeoutMs: 5000,
      cacheMs: 300_000,
    });
    expect(config.bit).toEqual({ indexerUrl: undefined, timeoutMs: 5000, cacheMs: 300_000 });
    const adapters = adaptersFromConfig(config);
    expect(adapters.unstoppable).toBeUndefined();
    expect(adapters.bit).toBeUndefined();
  });

  it('reads the UD node (falling back to the ENS node), reader and limits', () => {
    const fallback = loadConfig({
      ...base,
      ORRERY_ENS_RPC_URL: 'http://ens-node',
      ORRERY_UD_PROXY_READER: READER,
    });
    expect(fallback.unstoppable).toMatchObject({
      rpcUrl: 'http://ens-node',
      proxyReader: READER.toLowerCase(),
    });
    expect(adaptersFromConfig(fallback).unstoppable).toBeInstanceOf(UnstoppableResolver);
    const own = loadConfig({
      ...base,
      ORRERY_ENS_RPC_URL: 'http://ens-node',
      ORRERY_UD_RPC_URL: 'http://polygon-node',
      ORRERY_UD_TIMEOUT_MS: '1500',
      ORRERY_UD_CACHE_MS: '0',
    });
    expect(own.unstoppable).toEqual({
      rpcUrl: 'http://polygon-node',
      proxyReader: undefined,
      timeoutMs: 1500,
      cacheMs: 0,
    });
    // A node without a reader address is not enough.
    expect(adaptersFromConfig(own).unstoppable).toBeUndefined();
  });

  it('refuses a reader that is not an address and bad limits', () => {
    expect(() => loadConfig({ ...base, ORRERY_UD_PROXY_READER: '0x1234' })).toThrow(
      "ORRERY_UD_PROXY_READER must be a 0x address, got '0x1234'",
    );
    expect(() => loadConfig({ ...base, ORRERY_BIT_TIMEOUT_MS: 'soon' })).toThrow(
      "ORRERY_BIT_TIMEOUT_MS must be a non-negative integer, got 'soon'",
    );
  });

  it('reads the .bit indexer URL and limits', () => {
    const config = loadConfig({
      ...base,
      ORRERY_BIT_INDEXER_URL: 'https://indexer-v1.did.id',
      ORRERY_BIT_TIMEOUT_MS: '2000',
      ORRERY_BIT_CACHE_MS: '10',
    });
    expect(config.bit).toEqual({
      indexerUrl: 'https://indexer-v1.did.id',
      timeoutMs: 2000,
      cacheMs: 10,
    });
    expect(adaptersFromConfig(config).bit).toBeInstanceOf(BitIndexer);
  });
});
