import type { Engine } from '../../../src/background/engine/create-engine';
import type { RpcNotification } from '../../../src/background/rpc/rpc-context';
import { useAnvil } from '../../chain/use-anvil';
import {
  connectOrigin,
  engineWithAccounts,
  nextApproval,
  PASSWORD,
  rejectionOf,
  waitFor,
} from './harness';

const DAPP = 'https://dapp.example';
const OTHER = 'https://other.example';

describe('connect(origin): accounts, grants and per-connection notifications', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let engine: Engine;
  let addresses: string[];
  let clock: number;

  beforeEach(async () => {
    clock = Date.now();
    ({ engine, addresses } = await engineWithAccounts(anvil(), 2, { now: () => clock }));
  });
  afterEach(async () => {
    await engine.destroy();
  });

  it('shows no accounts until the user connects, then the selected account for the chosen period', async () => {
    const provider = engine.connect(DAPP);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await provider.request({ method: 'wallet_getProviderState' })).toEqual({
      accounts: [],
      chainId: '0x1691',
      networkVersion: '5777',
      isUnlocked: true,
    });
    const prompt = nextApproval(engine, 'connect');
    const answer = provider.request({ method: 'eth_requestAccounts' });
    const request = await prompt;
    expect(request).toMatchObject({
      origin: DAPP,
      requestData: { permissions: ['eth_accounts'], periods: ['hour', 'week', 'month', 'year'] },
    });
    // A connect prompt is one per origin: a second ask waits its turn with -32002.
    expect(await rejectionOf(provider.request({ method: 'eth_requestAccounts' }))).toMatchObject({
      code: -32002,
    });
    engine.actions.approveRequest(request.id, { accounts: addresses, period: 'week' });
    expect(await answer).toEqual([addresses[0]]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([addresses[0]]);
    expect(await provider.request({ method: 'eth_coinbase' })).toBe(addresses[0]);
    const [permission] = await provider.request<{ caveats: unknown[]; invoker: string }[]>({
      method: 'wallet_getPermissions',
    });
    expect(permission).toMatchObject({
      invoker: DAPP,
      parentCapability: 'eth_accounts',
      caveats: [
        { type: 'restrictReturnedAccounts', value: addresses },
        { type: 'expiresAt', value: clock + 7 * 24 * 3600 * 1000 },
      ],
    });
    // Connected: no new prompt.
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([addresses[0]]);
  });

  it('rejects a denied connect with 4001 and the spec message; bad approvals with theirs', async () => {
    const provider = engine.connect(DAPP);
    let prompt = nextApproval(engine, 'connect');
    let answer = provider.request({ method: 'eth_requestAccounts' });
    engine.actions.rejectRequest((await prompt).id);
    expect(await rejectionOf(answer)).toMatchObject({
      code: 4001,
      message: 'User rejected permissions request',
    });
    prompt = nextApproval(engine, 'connect');
    answer = provider.request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    });
    engine.actions.approveRequest((await prompt).id, { accounts: [], period: 'hour' });
    expect(await rejectionOf(answer)).toMatchObject({
      code: -32602,
      message: 'Must provide non-empty array of account(s).',
    });
    const stranger = '0x000000000000000000000000000000000000dead';
    prompt = nextApproval(engine, 'connect');
    answer = provider.request({ method: 'eth_requestAccounts' });
    engine.actions.approveRequest((await prompt).id, { accounts: [stranger], period: 'hour' });
    expect(await rejectionOf(answer)).toMatchObject({ message: `Unknown account: ${stranger}` });
    expect(
      await rejectionOf(
        provider.request({ method: 'wallet_requestPermissions', params: [{ eth_foo: {} }] }),
      ),
    ).toMatchObject({ code: -32602 });
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('wallet_requestPermissions answers EIP-2255 permissions; revoke empties the accounts', async () => {
    const provider = engine.connect(DAPP);
    const changes: unknown[] = [];
    provider.on('accountsChanged', (accounts) => changes.push(accounts));
    const prompt = nextApproval(engine, 'connect');
    const answer = provider.request<{ parentCapability: string }[]>({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    });
    engine.actions.approveRequest((await prompt).id, { accounts: [addresses[0]!], period: 'hour' });
    expect((await answer)[0]!.parentCapability).toBe('eth_accounts');
    expect(changes).toEqual([[addresses[0]]]);
    expect(
      await provider.request({
        method: 'wallet_revokePermissions',
        params: [{ eth_accounts: {} }],
      }),
    ).toBeNull();
    expect(changes).toEqual([[addresses[0]], []]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([]);
    // Revoked from the wallet's side too.
    await connectOrigin(engine, provider, [addresses[0]!]);
    engine.actions.revokePermissions(DAPP);
    expect(changes).toEqual([[addresses[0]], [], [addresses[0]], []]);
  });

  it('expires a grant after its period and tells the dapp', async () => {
    const provider = engine.connect(DAPP);
    const changes: unknown[] = [];
    provider.on('accountsChanged', (accounts) => changes.push(accounts));
    await connectOrigin(engine, provider, [addresses[0]!], 'hour');
    clock += 60 * 60 * 1000 - 1;
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([addresses[0]]);
    clock += 1;
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(changes).toEqual([[addresses[0]], []]);
  });

  it('notifies only the connection whose view changed: grants, account switch, lock and unlock', async () => {
    const dapp = engine.connect(DAPP);
    const other = engine.connect(OTHER);
    const seen: { dapp: RpcNotification[]; other: RpcNotification[] } = { dapp: [], other: [] };
    dapp.onNotification((n) => seen.dapp.push(n));
    other.onNotification((n) => seen.other.push(n));

    await connectOrigin(engine, dapp, [addresses[0]!, addresses[1]!]);
    expect(seen.dapp.map((n) => [n.method, n.params])).toEqual([
      ['wallet_accountsChanged', [addresses[0]]],
    ]);
    expect(seen.other).toEqual([]);

    seen.dapp = [];
    engine.actions.setSelectedAddress(addresses[1]!);
    expect(seen.dapp.map((n) => n.params)).toEqual([[addresses[1]]]);
    expect(seen.other).toEqual([]);

    seen.dapp = [];
    engine.actions.setLocked();
    expect(seen.dapp.map((n) => [n.method, n.params])).toEqual([
      ['wallet_unlockStateChanged', { isUnlocked: false, accounts: [] }],
      ['wallet_accountsChanged', []],
    ]);
    expect(seen.other.map((n) => [n.method, n.params])).toEqual([
      ['wallet_unlockStateChanged', { isUnlocked: false, accounts: [] }],
    ]);
    expect(await dapp.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await dapp.request({ method: 'wallet_getProviderState' })).toMatchObject({
      accounts: [],
      isUnlocked: false,
    });

    seen.dapp = [];
    seen.other = [];
    await engine.actions.submitPassword(PASSWORD);
    expect(seen.dapp.map((n) => n.method)).toEqual([
      'wallet_unlockStateChanged',
      'wallet_accountsChanged',
    ]);
    expect(seen.dapp[0]!.params).toEqual({ isUnlocked: true, accounts: [addresses[1]] });
    expect(seen.other.map((n) => n.method)).toEqual(['wallet_unlockStateChanged']);

    // Switching to an account outside the grant hides the accounts from that dapp.
    seen.dapp = [];
    const third = await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[2]!);
    engine.actions.setSelectedAddress(third);
    expect(seen.dapp.map((n) => n.params)).toEqual([[]]);
  });

  it('sends wallet_chainChanged on a network switch and emits chainChanged once per chain', async () => {
    const provider = engine.connect(DAPP);
    const chains: unknown[] = [];
    const methods: string[] = [];
    provider.on('chainChanged', (chainId) => chains.push(chainId));
    provider.onNotification((n) => methods.push(n.method));
    await engine.actions.setProviderType('mainnet').catch(() => undefined);
    await waitFor(() => chains.length > 0, 'chainChanged');
    expect(chains).toEqual(['0x1']);
    expect(methods.every((method) => method === 'wallet_chainChanged')).toBe(true);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1');
    expect(await provider.request({ method: 'wallet_getCurrentChainId' })).toBe('0x1');
  });

  it('stores domain metadata per connection and validates it', async () => {
    const provider = engine.connect(DAPP);
    expect(
      await provider.request({
        method: 'wallet_sendDomainMetadata',
        params: { name: 'Dapp', icon: 'https://dapp.example/i.png' },
      }),
    ).toBe(true);
    // The approval screens read it from the UI state, by origin.
    expect(engine.getState().ApprovalController.dappMetadata[DAPP]).toEqual({
      name: 'Dapp',
      icon: 'https://dapp.example/i.png',
    });
    expect(
      await rejectionOf(
        provider.request({ method: 'wallet_sendDomainMetadata', params: [{ icon: 5 }] }),
      ),
    ).toMatchObject({ code: -32602 });
  });

  it('gives the wallet’s own origin the action API and its selected account without a grant', async () => {
    const wallet = engine.connect('orrery');
    const dapp = engine.connect(DAPP);
    expect(wallet.controller).toBe(engine.actions);
    expect(dapp.controller).toBeUndefined();
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([addresses[0]]);
    expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([addresses[0]]);
  });

  it('closes connections: requests fail with 4900 and the engine forgets them', async () => {
    const provider = engine.connect(DAPP);
    provider.close();
    expect(await rejectionOf(provider.request({ method: 'eth_chainId' }))).toMatchObject({
      code: 4900,
    });
    const live = engine.connect(OTHER);
    await engine.destroy();
    expect(live.closed).toBe(true);
    expect(() => engine.connect(DAPP)).toThrow('The engine has been destroyed.');
  });
});
