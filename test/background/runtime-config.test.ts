import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  parseRuntimeConfig,
  readRuntimeConfig,
  type RuntimeConfigFile,
} from '../../src/background/runtime-config';
import { LOCALHOST_NETWORK } from '../../src/shared/networks';

describe('runtime config (config.json)', () => {
  it('takes the network and backend URL the server wrote, filling the rest from localhost', () => {
    const file: RuntimeConfigFile = {
      network: { rpcUrl: 'http://127.0.0.1:9545', chainId: '0x7a69', networkName: 'Anvil' },
      apiUrl: 'http://127.0.0.1:4000',
    };
    expect(parseRuntimeConfig(file)).toEqual({
      network: { ...LOCALHOST_NETWORK, ...file.network },
      apiUrl: 'http://127.0.0.1:4000',
      assets: {},
    });
  });

  it("passes the white-label section on as written, for the engine's controller to check", () => {
    const whiteLabel = { name: 'Acme', theme: { colors: { primary: 'not a colour' } } };
    expect(
      parseRuntimeConfig({
        network: { rpcUrl: 'http://node', chainId: 1 },
        apiUrl: null,
        whiteLabel,
      }).whiteLabel,
    ).toEqual(whiteLabel);
  });

  it('takes known-token lists and an IPFS gateway, leaving out what is not a token', () => {
    const token = '0x' + 'Ab'.repeat(20);
    const { assets } = parseRuntimeConfig({
      network: { rpcUrl: 'http://node', chainId: '0x1' },
      apiUrl: null,
      assets: {
        ipfsGateway: 'https://gw.example',
        knownTokens: {
          '0x0A': [
            { address: token, symbol: ' GLD ', name: 'Gold', decimals: 6, logo: 'javascript:x' },
            { address: '0x12', symbol: 'BAD', decimals: 6 },
            { address: token, symbol: 'NODEC' },
            { address: token, symbol: 'X'.repeat(21), decimals: 1 },
          ],
          mainnet: [{ address: token, symbol: 'GLD', decimals: 6 }],
        },
      },
    });
    expect(assets).toEqual({
      ipfsGateway: 'https://gw.example',
      knownTokens: {
        '0xa': [
          { address: token.toLowerCase(), symbol: 'GLD', name: 'Gold', decimals: 6, logo: null },
        ],
      },
    });
    expect(
      parseRuntimeConfig({ assets: { ipfsGateway: 'file:///etc', knownTokens: 7 } }).assets,
    ).toEqual({ knownTokens: {} });
  });

  it('accepts a decimal chain id and stores it as hex', () => {
    const config = parseRuntimeConfig({ network: { rpcUrl: 'http://node', chainId: 31337 } });
    expect(config.network.chainId).toBe('0x7a69');
    expect(config.apiUrl).toBeNull();
  });

  it('keeps the chain of an upper-case or zero-padded hex id, in canonical form', () => {
    const chainIdOf = (chainId: unknown) =>
      parseRuntimeConfig({ network: { rpcUrl: 'http://node', chainId } }).network.chainId;
    expect(chainIdOf('0xAA36A7')).toBe('0xaa36a7');
    expect(chainIdOf('0x0005')).toBe('0x5');
  });

  it.each([-1, 1.5, Number.NaN, 0, '0x', '0x0', '5'])(
    'refuses the chain id %p and uses the local chain id',
    (chainId) => {
      const config = parseRuntimeConfig({ network: { rpcUrl: 'http://node', chainId } });
      expect(config.network.chainId).toBe(LOCALHOST_NETWORK.chainId);
    },
  );

  it.each([null, 'text', 42, { network: { chainId: 'mainnet', rpcUrl: 7 }, apiUrl: 5 }])(
    'falls back to the local development chain and no backend for %p',
    (raw) => {
      expect(parseRuntimeConfig(raw)).toEqual({
        network: LOCALHOST_NETWORK,
        apiUrl: null,
        assets: {},
      });
    },
  );

  describe('reading it over HTTP', () => {
    let server: Server;
    let baseUrl: string;
    const responses = new Map<string, { status: number; body: string }>();

    beforeAll(async () => {
      server = createServer((request, response) => {
        const answer = responses.get(request.url ?? '') ?? { status: 404, body: 'not found' };
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(answer.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('parses the served file', async () => {
      responses.set('/config.json', {
        status: 200,
        body: JSON.stringify({
          network: { rpcUrl: 'http://node', chainId: '0x5' },
          apiUrl: 'http://api',
        }),
      });
      const config = await readRuntimeConfig(new URL('/config.json', baseUrl));
      expect(config.network).toMatchObject({ rpcUrl: 'http://node', chainId: '0x5' });
      expect(config.apiUrl).toBe('http://api');
    });

    it.each([
      ['a missing file', '/absent.json', undefined],
      ['a file that is not JSON', '/broken.json', { status: 200, body: '{ not json' }],
    ])('uses the local development chain for %s, with a warning', async (_what, path, answer) => {
      if (answer) responses.set(path, answer);
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const config = await readRuntimeConfig(new URL(path, baseUrl));
        expect(config).toEqual({ network: LOCALHOST_NETWORK, apiUrl: null, assets: {} });
        expect(warn).toHaveBeenCalledWith(
          expect.stringContaining(`no usable ${path}`),
          // fetch's errors come from Node's own realm, so not `instanceof` jest's Error.
          expect.objectContaining({ message: expect.any(String) }),
        );
      } finally {
        warn.mockRestore();
      }
    });
  });
});
