import {
  customNetworkToProviderConfig,
  findCustomNetworkByChainId,
  fromServerCustomNetwork,
  toCustomNetwork,
  toServerCustomNetwork,
} from '../../../src/controllers/network/custom-networks';
import {
  BUILT_IN_NETWORKS,
  defaultProviderTypeForHost,
  findBuiltInNetworkByChainId,
  isBuiltInNetworkType,
  parseChainId,
  toHexChainId,
} from '../../../src/shared/networks';
import {
  cacheStrategyFor,
  resolveRequestBlock,
  stableStringify,
} from '../../../src/controllers/network/rpc-cache';

describe('built-in networks', () => {
  it('covers the spec supported-chain list with the right chain ids', () => {
    // Spec part 2 §9: host key → decimal chain id.
    const expected: Record<string, number> = {
      mainnet: 1,
      goerli: 5,
      sepolia: 11_155_111,
      matic: 137,
      mumbai: 80_001,
      bsc_mainnet: 56,
      bsc_testnet: 97,
      okxchain_mainnet: 66,
      okxchain_testnet: 65,
      xdai: 100,
      rsk_mainnet: 30,
      rsk_testnet: 31,
      reef: 101,
      arbitrum_mainnet: 42_161,
      arbitrum_testnet: 421_613,
      optimism_mainnet: 10,
      optimism_testnet: 420,
      celo_mainnet: 42_220,
      avalanche_mainnet: 43_114,
      avalanche_testnet: 43_113,
      localhost: 5777,
    };
    expect(Object.keys(BUILT_IN_NETWORKS).sort()).toEqual(Object.keys(expected).sort());
    for (const [type, id] of Object.entries(expected)) {
      const config = BUILT_IN_NETWORKS[type as keyof typeof BUILT_IN_NETWORKS];
      expect({ type, chainId: config.chainId }).toEqual({ type, chainId: `0x${id.toString(16)}` });
      expect(config.type).toBe(type);
      expect(config.ticker).not.toBe('');
      expect(config.tickerName).not.toBe('');
      expect(config.logo).toMatch(/\.(svg|png)$/);
      if (type !== 'localhost') expect(config.blockExplorer).toMatch(/^https:\/\//);
      if (type !== 'reef') expect(config.rpcUrl).toMatch(/^https?:\/\//);
    }
    expect(BUILT_IN_NETWORKS.matic.ticker).toBe('MATIC');
    expect(BUILT_IN_NETWORKS.bsc_mainnet.ticker).toBe('BNB');
    expect(BUILT_IN_NETWORKS.avalanche_mainnet.ticker).toBe('AVAX');
  });

  it('has unique chain ids and finds networks by hex or numeric chain id', () => {
    const ids = Object.values(BUILT_IN_NETWORKS).map((c) => c.chainId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(findBuiltInNetworkByChainId(137)?.type).toBe('matic');
    expect(findBuiltInNetworkByChainId('0x89')?.type).toBe('matic');
    expect(findBuiltInNetworkByChainId('0xA4B1')?.type).toBe('arbitrum_mainnet');
    expect(findBuiltInNetworkByChainId(999_999)).toBeUndefined();
    expect(isBuiltInNetworkType('xdai')).toBe(true);
    expect(isBuiltInNetworkType('rpc')).toBe(false);
    expect(isBuiltInNetworkType('toString')).toBe(false);
  });

  it('picks the default provider from the page host', () => {
    expect(defaultProviderTypeForHost('polygon.orrery.example')).toBe('matic');
    expect(defaultProviderTypeForHost('POLYGON.orrery.example')).toBe('matic');
    expect(defaultProviderTypeForHost('bnb.orrery.example')).toBe('bsc_mainnet');
    expect(defaultProviderTypeForHost('app.orrery.example')).toBe('mainnet');
    expect(defaultProviderTypeForHost('localhost')).toBe('mainnet');
    expect(defaultProviderTypeForHost('mypolygon.example')).toBe('mainnet');
  });
});

describe('chain id parsing', () => {
  it('reads 0x-prefixed input as hex and anything else as decimal', () => {
    expect(parseChainId('0x10')).toBe('0x10');
    expect(parseChainId('10')).toBe('0xa');
    expect(parseChainId('0X7A69')).toBe('0x7a69');
    expect(parseChainId(' 31337 ')).toBe('0x7a69');
    expect(parseChainId(137)).toBe('0x89');
    expect(parseChainId('0x0001')).toBe('0x1');
    expect(toHexChainId(5777)).toBe('0x1691');
  });

  it('rejects what is not a positive integer', () => {
    expect(() => parseChainId('abc')).toThrow('Invalid chain id "abc"');
    expect(() => parseChainId('1a')).toThrow('Invalid chain id "1a"');
    expect(() => parseChainId('0x')).toThrow('Invalid chain id');
    expect(() => parseChainId('0')).toThrow('it must be a positive integer');
    expect(() => parseChainId(-1)).toThrow('it must be a positive integer');
    expect(() => parseChainId(1.5)).toThrow('it must be a positive integer');
    expect(() => parseChainId('0xffffffffffffffffff')).toThrow('it must be a positive integer');
  });
});

describe('custom networks', () => {
  it('defaults the ticker to ETH and parses the chain id', () => {
    const network = toCustomNetwork(
      { networkName: ' Dev ', host: 'http://127.0.0.1:9999', chainId: '31337' },
      'a',
    );
    expect(network).toEqual({
      id: 'a',
      networkName: 'Dev',
      host: 'http://127.0.0.1:9999',
      chainId: '0x7a69',
      symbol: 'ETH',
      blockExplorer: '',
    });
    expect(customNetworkToProviderConfig(network)).toEqual({
      type: 'rpc',
      chainId: '0x7a69',
      rpcUrl: 'http://127.0.0.1:9999',
      ticker: 'ETH',
      tickerName: 'ETH',
      networkName: 'Dev',
      blockExplorer: '',
      logo: 'eth.svg',
      customNetworkId: 'a',
    });
  });

  it('rejects bad names, URLs and chain ids with clear messages', () => {
    const good = { networkName: 'Dev', host: 'https://rpc.example', chainId: '0x1' };
    expect(() => toCustomNetwork({ ...good, networkName: ' ' }, 'x')).toThrow(
      'A custom network needs a name.',
    );
    expect(() => toCustomNetwork({ ...good, host: 'ftp://rpc.example' }, 'x')).toThrow(
      'Invalid RPC URL',
    );
    expect(() => toCustomNetwork({ ...good, host: 'not a url' }, 'x')).toThrow('Invalid RPC URL');
    expect(() => toCustomNetwork({ ...good, blockExplorer: 'javascript:alert(1)' }, 'x')).toThrow(
      'Invalid block explorer URL',
    );
    expect(() => toCustomNetwork({ ...good, chainId: 'zz' }, 'x')).toThrow('Invalid chain id "zz"');
  });

  it('looks networks up by hex chain id, converting numeric ids', () => {
    const networks = {
      a: toCustomNetwork({ networkName: 'A', host: 'https://a.example', chainId: 31337 }, 'a'),
      b: toCustomNetwork({ networkName: 'B', host: 'https://b.example', chainId: '0x539' }, 'b'),
    };
    expect(findCustomNetworkByChainId(networks, '0x7a69')?.id).toBe('a');
    expect(findCustomNetworkByChainId(networks, 31337)?.id).toBe('a');
    expect(findCustomNetworkByChainId(networks, '1337')?.id).toBe('b');
    expect(findCustomNetworkByChainId(networks, '0x1')).toBeUndefined();
    expect(findCustomNetworkByChainId(networks, 'junk')).toBeUndefined();
  });

  it('converts to and from the server form', () => {
    const network = fromServerCustomNetwork({
      id: 7,
      network_name: 'Dev',
      rpc_url: 'https://rpc.example',
      chain_id: '1337',
      symbol: null,
      block_explorer_url: 'https://scan.example',
    });
    expect(network).toMatchObject({
      id: '7',
      chainId: '0x539',
      symbol: 'ETH',
      blockExplorer: 'https://scan.example',
    });
    expect(toServerCustomNetwork(network)).toEqual({
      network_name: 'Dev',
      rpc_url: 'https://rpc.example',
      chain_id: '0x539',
      symbol: 'ETH',
      block_explorer_url: 'https://scan.example',
    });
  });
});

describe('cache rules', () => {
  it('caches chain identity forever, state reads per block, and never writes or pending reads', () => {
    expect(cacheStrategyFor('eth_chainId')).toEqual({ kind: 'perma' });
    expect(cacheStrategyFor('net_version')).toEqual({ kind: 'perma' });
    expect(cacheStrategyFor('eth_getBalance')).toEqual({ kind: 'block', blockTagIndex: 1 });
    expect(cacheStrategyFor('eth_call')).toEqual({ kind: 'block', blockTagIndex: 1 });
    expect(cacheStrategyFor('eth_getCode')).toEqual({ kind: 'block', blockTagIndex: 1 });
    expect(cacheStrategyFor('eth_gasPrice')).toEqual({ kind: 'block', blockTagIndex: null });
    for (const method of [
      'eth_sendRawTransaction',
      'eth_sendTransaction',
      'eth_blockNumber',
      'eth_newFilter',
      'eth_getFilterChanges',
      'eth_subscribe',
      'eth_getLogs',
      'evm_mine',
    ]) {
      expect({ method, strategy: cacheStrategyFor(method) }).toEqual({
        method,
        strategy: { kind: 'never' },
      });
    }
  });

  it('resolves block tags to block numbers', () => {
    expect(resolveRequestBlock(1, ['0xabc', 'latest'], 7)).toBe(7);
    expect(resolveRequestBlock(1, ['0xabc'], 7)).toBe(7);
    expect(resolveRequestBlock(1, ['0xabc', 'latest'], null)).toBe('unknown');
    expect(resolveRequestBlock(1, ['0xabc', 'earliest'], 7)).toBe(0);
    expect(resolveRequestBlock(1, ['0xabc', '0x10'], 7)).toBe(16);
    expect(resolveRequestBlock(1, ['0xabc', 'pending'], 7)).toBeNull();
    expect(resolveRequestBlock(1, ['0xabc', 'safe'], 7)).toBeNull();
    expect(resolveRequestBlock(1, ['0xabc', { blockHash: '0x12' }], 7)).toBeNull();
    expect(resolveRequestBlock(null, [], 9)).toBe(9);
  });

  it('keys objects independently of property order', () => {
    expect(stableStringify([{ to: '0x1', data: '0x2' }, 'latest'])).toBe(
      stableStringify([{ data: '0x2', to: '0x1' }, 'latest']),
    );
    expect(stableStringify({ a: undefined, b: 1 })).toBe('{"b":1}');
  });
});
