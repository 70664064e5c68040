import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import type { Engine } from '../../../src/background/engine/create-engine';
import type { RpcLogEntry } from '../../../src/background/rpc/rpc-context';
import { useAnvil } from '../../chain/use-anvil';
import { autoAnswer, connectOrigin, engineWithAccounts } from './harness';

/** Node, admin and unknown methods: each must be refused (4200) whatever its params. */
const NODE_ONLY_METHODS = [
  'anvil_setBalance',
  'anvil_impersonateAccount',
  'evm_mine',
  'evm_revert',
  'hardhat_setNonce',
  'debug_setHead',
  'wallet_unknownThing',
  'personal_listAccounts',
  'personal_sendTransaction',
  'eth_signTransaction',
  'eth_sendUnsignedTransaction',
  'eth_sendTransactionSync',
  'eth_fillTransaction',
  'constructor',
  '__proto__',
  'toString',
];

const METHODS = [
  'eth_chainId',
  'net_version',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_coinbase',
  'wallet_getProviderState',
  'wallet_sendDomainMetadata',
  'wallet_getCurrentChainId',
  'wallet_requestPermissions',
  'wallet_getPermissions',
  'wallet_revokePermissions',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_subscribe',
  'eth_unsubscribe',
  'eth_sendTransaction',
  'eth_sign',
  'personal_sign',
  'personal_ecRecover',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_getEncryptionPublicKey',
  'eth_decrypt',
  'wallet_addEthereumChain',
  'wallet_switchEthereumChain',
  'wallet_watchAsset',
  'eth_getBalance',
  'eth_getTransactionCount',
  'eth_getTransactionByHash',
  'eth_call',
  'eth_getLogs',
  ...NODE_ONLY_METHODS,
];

/** A small seeded generator, so a failure replays. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomValue(random: () => number, account: string, depth = 0): unknown {
  const pick = Math.floor(random() * (depth > 2 ? 9 : 12));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return Math.floor(random() * 2 ** 40) * (random() < 0.2 ? -1 : 1);
    case 2:
      return random() < 0.5;
    case 3:
      return account;
    case 4:
      return `0x${Math.floor(random() * 2 ** 32).toString(16)}`;
    case 5:
      return ['latest', 'pending', 'newHeads', 'logs', 'erc20', 'http://127.0.0.1:9/', '', '0x'][
        Math.floor(random() * 8)
      ];
    case 6:
      return 'x'.repeat(Math.floor(random() * 3000));
    case 7:
      return `0x${'ab'.repeat(Math.floor(random() * 40))}`;
    case 8:
      return undefined;
    case 9:
    case 10: {
      const length = Math.floor(random() * 4);
      return Array.from({ length }, () => randomValue(random, account, depth + 1));
    }
    default: {
      const keys = [
        'from',
        'to',
        'data',
        'value',
        'chainId',
        'type',
        'options',
        'address',
        'rpcUrls',
        'nativeCurrency',
        'eth_accounts',
        '__proto__',
        'topics',
        'name',
      ];
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(random() * 4); i > 0; i -= 1) {
        object[keys[Math.floor(random() * keys.length)]!] = randomValue(random, account, depth + 1);
      }
      return object;
    }
  }
}

describe('malformed requests never crash the engine', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let engine: Engine;

  afterAll(async () => {
    await engine?.destroy();
  });

  /** Block number, and each dev account's balance and nonce, read from the node itself. */
  async function chainState(): Promise<unknown> {
    const { rpcUrl, accounts } = anvil();
    return {
      block: await callJsonRpc(rpcUrl, 'eth_blockNumber'),
      accounts: await Promise.all(
        accounts.map(async (account) => [
          await callJsonRpc(rpcUrl, 'eth_getBalance', [account, 'latest']),
          await callJsonRpc(rpcUrl, 'eth_getTransactionCount', [account, 'latest']),
        ]),
      ),
    };
  }

  it('answers 400 random requests, refuses every node method, and leaves the chain as it was', async () => {
    const before = await chainState();
    const logged: RpcLogEntry[] = [];
    const { engine: created, addresses } = await engineWithAccounts(anvil(), 1, {
      onRpcRequest: (entry) => logged.push(entry),
    });
    engine = created;
    const dapp = engine.connect('https://fuzz.example');
    await connectOrigin(engine, dapp, addresses);
    const wallet = engine.connect('orrery');
    const stranger = engine.connect('https://stranger.example');
    const answers = autoAnswer(engine, () => 'reject'); // the user says no to everything
    const random = prng(20261121);
    const outcomes = { results: 0, errors: 0 };
    const nodeOnlyAnswers: string[] = [];
    // Params that are neither an array nor an object are refused by the provider itself (-32600).
    let refusedByProvider = 0;
    try {
      for (let i = 0; i < 400; i += 1) {
        const provider = [dapp, wallet, stranger][i % 3]!;
        const method = METHODS[Math.floor(random() * METHODS.length)]!;
        const params =
          random() < 0.15
            ? randomValue(random, addresses[0]!)
            : [randomValue(random, addresses[0]!), randomValue(random, addresses[0]!)];
        if (params !== undefined && (typeof params !== 'object' || params === null)) {
          refusedByProvider += 1;
        }
        const validParams = params === undefined || (typeof params === 'object' && params !== null);
        const settled = provider.request({ method, params: params as object }).then(
          () => 'result' as const,
          (error: { code?: unknown; message?: unknown }) => {
            expect(typeof error.code).toBe('number');
            expect(typeof error.message).toBe('string');
            if (NODE_ONLY_METHODS.includes(method) && validParams) {
              // 4200, or refused even earlier at the edge (e.g. a '__proto__' key made the
              // object non-plain): never anything a node answered.
              nodeOnlyAnswers.push(
                error.code === -32602 && String(error.message).startsWith('Invalid params: params')
                  ? 'refused at the edge'
                  : String(error.code),
              );
            }
            return 'error' as const;
          },
        );
        let timer: ReturnType<typeof setTimeout> | undefined;
        const outcome = await Promise.race([
          settled,
          new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), 5_000))),
        ]);
        clearTimeout(timer);
        if (outcome === 'hung')
          throw new Error(`request ${i} (${method} ${JSON.stringify(params)?.slice(0, 200)}) hung`);
        if (outcome === 'result' && NODE_ONLY_METHODS.includes(method)) {
          throw new Error(`${method} ${JSON.stringify(params)?.slice(0, 200)} got a result`);
        }
        outcomes[outcome === 'result' ? 'results' : 'errors'] += 1;
      }
    } finally {
      answers.stop();
    }
    expect(outcomes.results + outcomes.errors).toBe(400);
    expect(outcomes.errors).toBeGreaterThan(100);
    // The logging middleware saw every request with its origin, and only method, time and code.
    const fuzzed = logged.slice(-(400 - refusedByProvider));
    expect(refusedByProvider).toBeGreaterThan(0);
    expect(logged).toHaveLength(1 + 400 - refusedByProvider); // 1: the connect before the loop
    expect(fuzzed.filter((entry) => entry.errorCode !== undefined)).toHaveLength(
      outcomes.errors - refusedByProvider,
    );
    expect(new Set(fuzzed.map((entry) => entry.origin))).toEqual(
      new Set(['https://fuzz.example', 'orrery', 'https://stranger.example']),
    );
    expect(Object.keys(fuzzed[0]!).sort()).toEqual(
      expect.arrayContaining(['durationMs', 'method', 'origin']),
    );
    // Still answering, nothing left waiting for the user.
    expect(await dapp.request({ method: 'eth_chainId' })).toBe('0x1691');
    expect(
      await dapp.request({ method: 'eth_getBalance', params: [addresses[0], 'latest'] }),
    ).toMatch(/^0x/);
    expect(engine.getState().ApprovalController.pendingApprovalCount).toBe(0);
    expect(engine.getState().NetworkController.providerConfig.chainId).toBe('0x1691');
    // Every node or admin method with well-formed params was refused as unsupported...
    expect(nodeOnlyAnswers.filter((answer) => answer !== 'refused at the edge')).toEqual(
      nodeOnlyAnswers.filter((answer) => answer !== 'refused at the edge').map(() => '4200'),
    );
    expect(nodeOnlyAnswers.filter((answer) => answer === '4200').length).toBeGreaterThan(50);
    // ...and the user rejected everything else: no block, balance or nonce changed.
    expect(await chainState()).toEqual(before);
  });
});
