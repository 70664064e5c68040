import { createEngine, type Engine } from '../../../src/background/engine/create-engine';
import { MemoryStorage } from '../../../src/background/persistence/memory-storage';
import type { RpcLogEntry } from '../../../src/background/rpc/rpc-context';
import { paramsProblem, REQUEST_LIMITS } from '../../../src/background/rpc/request-limits';
import { UNREACHABLE_RPC } from '../helpers';
import { rejectionOf } from './harness';

/** `levels` arrays inside each other around `inner`. */
function nestedArrays(levels: number, inner: unknown = '0x1'): unknown {
  let value = inner;
  for (let i = 0; i < levels; i += 1) value = [value];
  return value;
}

function nestedObjects(levels: number): unknown {
  let value: unknown = '0x1';
  for (let i = 0; i < levels; i += 1) value = { to: value };
  return value;
}

// The node is unreachable: a request that passes the limits ends at the pass-through's 4901.
const NETWORK_LOADING = {
  code: 4901,
  message: 'Orrery is having trouble connecting to the network',
};

describe('request limits at the edge of a dapp connection', () => {
  let engine: Engine;
  const logged: RpcLogEntry[] = [];

  beforeAll(async () => {
    engine = await createEngine({
      storage: new MemoryStorage(),
      network: UNREACHABLE_RPC,
      onRpcRequest: (entry) => logged.push(entry),
    });
  });
  afterAll(async () => {
    await engine.destroy();
  });

  it('refuses params nested past the limit with -32602, however deep, and keeps answering', async () => {
    const dapp = engine.connect('https://deep.example');
    for (const params of [
      [nestedArrays(REQUEST_LIMITS.maxDepth)],
      [nestedArrays(100_000)],
      [nestedObjects(100_000)],
    ]) {
      for (const method of ['eth_call', 'eth_signTypedData_v4', 'wallet_watchAsset', 'nope_x']) {
        expect(await rejectionOf(dapp.request({ method, params }))).toMatchObject({
          code: -32602,
          message: `Invalid params: params are nested deeper than ${REQUEST_LIMITS.maxDepth} levels.`,
        });
      }
    }
    // One level less is fine: it reaches the pass-through (which finds no network).
    expect(
      await rejectionOf(
        dapp.request({ method: 'eth_call', params: [nestedArrays(REQUEST_LIMITS.maxDepth - 1)] }),
      ),
    ).toMatchObject(NETWORK_LOADING);
    expect(await dapp.request({ method: 'eth_chainId' })).toBe('0x1691');
  });

  it('refuses a cycle an in-process caller passes, instead of walking it forever', async () => {
    const dapp = engine.connect('https://cycle.example');
    const cyclic: Record<string, unknown> = { to: '0x1' };
    cyclic.self = cyclic;
    cyclic.again = cyclic; // doubles at every level: the size limit ends the walk
    expect(await rejectionOf(dapp.request({ method: 'eth_call', params: [cyclic] }))).toMatchObject(
      { code: -32602 },
    );
  });

  it('refuses params larger than the size limit, and allows a 2.5 MB raw transaction', async () => {
    const dapp = engine.connect('https://big.example');
    const huge = `0x${'ab'.repeat(REQUEST_LIMITS.maxSize / 2 + 1)}`;
    expect(
      await rejectionOf(dapp.request({ method: 'eth_sendRawTransaction', params: [huge] })),
    ).toEqual(
      expect.objectContaining({
        code: -32602,
        message: `Invalid params: params are larger than ${REQUEST_LIMITS.maxSize} bytes.`,
      }),
    );
    // Many small values count too, not only long strings.
    const wide = new Array<number>(REQUEST_LIMITS.maxSize + 1).fill(0);
    expect(await rejectionOf(dapp.request({ method: 'eth_call', params: wide }))).toMatchObject({
      code: -32602,
      message: `Invalid params: params are larger than ${REQUEST_LIMITS.maxSize} bytes.`,
    });
    const blobSized = `0x${'cd'.repeat(1_250_000)}`;
    expect(
      await rejectionOf(dapp.request({ method: 'eth_sendRawTransaction', params: [blobSized] })),
    ).toMatchObject(NETWORK_LOADING);
  });

  it('refuses values that are not JSON, and a method name longer than 128 characters', async () => {
    const dapp = engine.connect('https://odd.example');
    for (const [value, found] of [
      [1n, 'not a bigint'],
      [() => 1, 'not a function'],
      [Symbol('x'), 'not a symbol'],
      [new Date(0), '(plain objects and arrays)'],
      [new Map(), '(plain objects and arrays)'],
    ] as const) {
      const error = await rejectionOf(
        dapp.request({ method: 'eth_call', params: [{ to: '0x1', value }] }),
      );
      expect(error.code).toBe(-32602);
      expect(error.message).toContain(found);
    }
    expect(
      await rejectionOf(dapp.request({ method: `eth_${'x'.repeat(125)}`, params: [] })),
    ).toMatchObject({ code: -32600, message: "'method' is longer than 128 characters." });
    // undefined members are dropped as JSON drops them, as viem and ethers send them.
    expect(
      await rejectionOf(
        dapp.request({ method: 'eth_call', params: [{ to: '0x1', data: undefined }, 'latest'] }),
      ),
    ).toMatchObject(NETWORK_LOADING);
  });

  it('logs each refusal with its code, like any other request', () => {
    const refusals = logged.filter((entry) => entry.origin === 'https://deep.example');
    expect(refusals.filter((entry) => entry.errorCode === -32602)).toHaveLength(12);
  });
});

describe('paramsProblem', () => {
  it('accepts what dapps really send', () => {
    const typedData = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail' },
      message: { contents: 'Hello, Bob!' },
    };
    const stateOverride = { '0x1': { stateDiff: { '0x0': '0x1' }, balance: '0x1' } };
    for (const params of [
      undefined,
      [],
      {},
      ['0xabc', typedData],
      [{ to: '0x1', data: '0x' }, 'latest', stateOverride],
      [{ blockStateCalls: [{ calls: [{ to: '0x1' }], stateOverrides: stateOverride }] }],
      Object.create(null) as object,
    ]) {
      expect(paramsProblem(params)).toBeUndefined();
    }
  });
});
