import type { Address } from 'viem';

import type { Engine } from '../../../src/background/engine/create-engine';
import type { OriginProvider } from '../../../src/background/rpc/origin-provider';
import { useAnvil } from '../../chain/use-anvil';
import {
  autoAnswer,
  connectOrigin,
  engineWithAccounts,
  rejectionOf,
  viemClients,
  waitFor,
} from './harness';

const DAPP = 'https://dapp.example';

const addChainParams = (chainId: string, rpcUrl: string, extra: Record<string, unknown> = {}) => ({
  chainId,
  chainName: 'Second anvil',
  rpcUrls: [rpcUrl],
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  blockExplorerUrls: ['https://explorer.example'],
  ...extra,
});

describe('wallet_addEthereumChain and wallet_switchEthereumChain', () => {
  const chainA = useAnvil({ chainId: 31337 }); // the engine starts here
  const chainB = useAnvil({ chainId: 1337 });
  let engine: Engine;
  let provider: OriginProvider;
  let account: Address;

  beforeAll(async () => {
    let addresses: Address[];
    ({ engine, addresses } = await engineWithAccounts(chainA(), 1));
    account = addresses[0]!;
    provider = engine.connect(DAPP);
    await connectOrigin(engine, provider, [account]);
  });
  afterAll(async () => {
    await engine.destroy();
  });

  it('refuses a switch to an unknown chain with 4902 (viem sees the same)', async () => {
    expect(
      await rejectionOf(
        provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x539' }] }),
      ),
    ).toMatchObject({
      code: 4902,
      message: 'unsupported chain, please add this chain before switching',
    });
    const { walletClient } = viemClients(provider, 31337, account);
    const error = await rejectionOf(walletClient.switchChain({ id: 1337 }));
    expect(JSON.stringify(error)).toContain('4902');
  });

  it('validates switch params', async () => {
    const cases: [unknown, string][] = [
      [[{}], 'wallet_switchEthereumChain: chainId is required.'],
      [
        [{ chainId: '1' }],
        'wallet_switchEthereumChain: chainId must be a valid hex string (for example 0x1), got "1".',
      ],
      [[], 'wallet_switchEthereumChain expects [{chainId}].'],
    ];
    for (const [params, message] of cases) {
      expect(
        await rejectionOf(
          provider.request({ method: 'wallet_switchEthereumChain', params: params as unknown[] }),
        ),
      ).toMatchObject({ code: -32602, message });
    }
  });

  it('validates add-chain params, each with its own message, before asking anyone', async () => {
    const rpc = chainB().rpcUrl;
    const m = 'wallet_addEthereumChain';
    const cases: [Record<string, unknown>, string][] = [
      [addChainParams('', rpc), `${m}: chainId is required.`],
      [
        addChainParams('1337', rpc),
        `${m}: chainId must be a valid hex string (for example 0x1), got "1337".`,
      ],
      [addChainParams('0x539', rpc, { rpcUrls: [] }), `${m}: rpcUrls must be a non-empty array.`],
      [
        addChainParams('0x539', rpc, { rpcUrls: ['ftp://x'] }),
        `${m}: rpcUrls[0] must be an http(s) URL.`,
      ],
      [
        addChainParams('0x539', rpc, { nativeCurrency: undefined }),
        `${m}: nativeCurrency is required.`,
      ],
      [
        addChainParams('0x539', rpc, { nativeCurrency: { symbol: 'ETH', decimals: 18 } }),
        `${m}: nativeCurrency.name is required.`,
      ],
      [
        addChainParams('0x539', rpc, { nativeCurrency: { name: 'E', decimals: 18 } }),
        `${m}: nativeCurrency.symbol is required.`,
      ],
      [
        addChainParams('0x539', rpc, { nativeCurrency: { name: 'E', symbol: 'ETH' } }),
        `${m}: nativeCurrency.decimals is required (an integer).`,
      ],
    ];
    const answers = autoAnswer(engine);
    try {
      for (const [params, message] of cases) {
        expect(
          await rejectionOf(
            provider.request({ method: 'wallet_addEthereumChain', params: [params] }),
          ),
        ).toMatchObject({ code: -32602, message });
      }
      expect(answers.seen).toEqual([]);
    } finally {
      answers.stop();
    }
  });

  it("checks the first RPC URL's chain id against the one given", async () => {
    expect(
      await rejectionOf(
        provider.request({
          method: 'wallet_addEthereumChain',
          params: [addChainParams('0x1234', chainB().rpcUrl)],
        }),
      ),
    ).toMatchObject({
      code: -32602,
      message:
        "Provided rpc url's chainId version is not matching with provided chainId, expected: 0x1234, received: 0x539",
    });
  });

  it('adds a chain after approval, offers the switch, and is idempotent afterwards', async () => {
    const chains: unknown[] = [];
    provider.on('chainChanged', (chainId) => chains.push(chainId));
    const rejected = autoAnswer(engine, () => 'reject');
    expect(
      await rejectionOf(
        provider.request({
          method: 'wallet_addEthereumChain',
          params: [addChainParams('0x539', chainB().rpcUrl)],
        }),
      ),
    ).toMatchObject({ code: 4001, message: 'User denied add chain request.' });
    rejected.stop();
    expect(
      engine.messenger.call('NetworkController:findNetworkByChainId', '0x539'),
    ).toBeUndefined();

    const answers = autoAnswer(engine);
    try {
      expect(
        await provider.request({
          method: 'wallet_addEthereumChain',
          params: [addChainParams('0x539', chainB().rpcUrl)],
        }),
      ).toBeNull();
      expect(answers.seen.map((r) => r.type)).toEqual(['add_chain', 'switch_chain']);
      expect(answers.seen[0]!.requestData).toMatchObject({
        chainId: '0x539',
        rpcUrl: chainB().rpcUrl,
        ticker: 'ETH',
      });
      expect(await provider.request({ method: 'eth_chainId' })).toBe('0x539');
      await waitFor(
        () => engine.getState().NetworkController.networkStatus === 'available',
        'chain B',
      );
      expect(await provider.request({ method: 'net_version' })).toBe('1337');
      expect(chains).toEqual(['0x539']);
      // Known and active: nothing to ask.
      expect(
        await provider.request({
          method: 'wallet_addEthereumChain',
          params: [addChainParams('0x539', chainB().rpcUrl)],
        }),
      ).toBeNull();
      expect(answers.seen).toHaveLength(2);
    } finally {
      answers.stop();
    }
  });

  it('keeps an added chain when the user declines the switch; switches on approval', async () => {
    const declineSwitch = autoAnswer(engine, (request) =>
      request.type === 'switch_chain' ? 'reject' : undefined,
    );
    expect(
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [addChainParams('0x7a69', chainA().rpcUrl)],
      }),
    ).toBeNull();
    declineSwitch.stop();
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x539');
    expect(engine.messenger.call('NetworkController:findNetworkByChainId', '0x7a69')).toEqual({
      type: 'rpc',
      chainId: '0x7a69',
      rpcUrl: chainA().rpcUrl,
      ticker: 'ETH',
      tickerName: 'ETH',
      networkName: 'Second anvil',
      blockExplorer: 'https://explorer.example',
      logo: 'eth.svg',
      customNetworkId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    const reject = autoAnswer(engine, () => 'reject');
    expect(
      await rejectionOf(
        provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }),
      ),
    ).toMatchObject({ code: 4001, message: 'User denied switch chain request.' });
    // A transaction naming another chain goes through a switch request first.
    expect(
      await rejectionOf(
        provider.request({
          method: 'eth_sendTransaction',
          params: [{ from: account, to: account, value: '0x1', chainId: '0x7a69' }],
        }),
      ),
    ).toMatchObject({ code: 4001, message: 'User denied switch chain request.' });
    expect(reject.seen.map((r) => r.type)).toEqual(['switch_chain', 'switch_chain']);
    reject.stop();

    const approve = autoAnswer(engine);
    expect(
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7A69' }],
      }),
    ).toBeNull();
    approve.stop();
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    // Already there: no prompt.
    const none = autoAnswer(engine);
    expect(
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7a69' }],
      }),
    ).toBeNull();
    expect(none.seen).toEqual([]);
    none.stop();
  });
});
