/**
 * The /popup iframe's protocol (src/ui/embed-frame) with fake windows that deliver postMessage as
 * browsers do. The host side is our own window streams with the names torus-embed 5.0.2 uses;
 * the published SDK itself runs against the built iframe in test/e2e/embed.e2e.test.ts.
 */
import {
  createMultiplex,
  createWindowMessageStream,
  type Multiplex,
  type WindowMessageStream,
} from '../../src/embed';
import {
  HOST_COMM_STREAM,
  HOST_PROVIDER_STREAM,
  IFRAME_COMM_STREAM,
  IFRAME_PROVIDER_STREAM,
} from '../../src/embed/torus-wire';
import type { ProviderNotification } from '../../src/background/contract/protocol';
import { ProviderRpcError } from '../../src/ui/bridge/provider-stream';
import {
  LOGIN_CLOSED,
  NOT_AVAILABLE,
  OVERRIDE_DELAY_MS,
  startEmbedFrame,
  type EmbedFrameOptions,
  type EmbedFrameUi,
} from '../../src/ui/embed-frame/embed-frame';
import { defaultLoginConfig, parseInitConfig } from '../../src/ui/embed-frame/init-config';
import type { FrameProvider } from '../../src/ui/provider-frame/provider-frame';
import {
  FakeWindow,
  HOST_ORIGIN,
  WALLET_ORIGIN,
  createWindowPair,
  settle,
  until,
} from './fake-windows';

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const toClose: Array<{ close(): void }> = [];
afterEach(() => toClose.splice(0).forEach((item) => item.close()));

/** An engine connection scripted per method, recording what it was asked. */
function fakeEngine() {
  const opened: string[] = [];
  const requests: Array<{ method: string; params?: unknown }> = [];
  const listeners = new Set<(n: ProviderNotification) => void>();
  let accounts: string[] = [];
  let unlocked = true;
  const answers: Record<string, (params: unknown) => unknown> = {
    wallet_getProviderState: () => ({
      accounts,
      chainId: '0x1691',
      networkVersion: '5777',
      isUnlocked: unlocked,
    }),
    eth_chainId: () => '0x1691',
    eth_accounts: () => accounts,
    eth_requestAccounts: () => {
      accounts = [ADDRESS];
      return accounts;
    },
    wallet_switchEthereumChain: () => null,
  };
  const provider: FrameProvider = {
    async request({ method, params }) {
      requests.push({ method, ...(params ? { params } : {}) });
      const answer = answers[method];
      if (answer) return answer(params);
      throw new ProviderRpcError({ code: 4200, message: `${method} is not supported.` });
    },
    onNotification(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    opened,
    requests,
    answers,
    setAccounts: (next: string[]) => (accounts = next),
    setUnlocked: (next: boolean) => (unlocked = next),
    emit: (n: ProviderNotification) => listeners.forEach((listener) => listener(n)),
    openProvider: (origin: string) => {
      opened.push(origin);
      return provider;
    },
  };
}

/** The host page's two streams, as the SDK builds them on the iframe's load. */
function hostStreams(host: FakeWindow, iframe: FakeWindow) {
  const stream = (name: string, target: string): WindowMessageStream => {
    const created = createWindowMessageStream({
      name,
      target,
      targetWindow: iframe,
      targetOrigin: WALLET_ORIGIN,
      selfWindow: host,
    });
    toClose.push(created);
    return created;
  };
  const a = stream(HOST_PROVIDER_STREAM, IFRAME_PROVIDER_STREAM);
  const b = stream(HOST_COMM_STREAM, IFRAME_COMM_STREAM);
  const muxA: Multiplex = createMultiplex(a);
  const muxB: Multiplex = createMultiplex(b);
  /** Every chunk the wallet wrote on a substream, in order. */
  const heard: Record<string, unknown[]> = {};
  const listen = (mux: Multiplex, name: string) =>
    mux.substream(name).onData((data) => (heard[name] ??= []).push(data));
  listen(muxA, 'provider');
  for (const name of [
    'init_stream',
    'status',
    'oauth',
    'widget',
    'window',
    'provider_change',
    'show_wallet',
    'topup',
    'login_with_private_key',
    'wallet_connect_stream',
    'user_info_access',
    'logout',
  ]) {
    listen(muxB, name);
  }
  const write = (name: string, data: unknown) => muxB.substream(name).send(data);
  const rpc = (request: object) => muxA.substream('provider').send({ jsonrpc: '2.0', ...request });
  return { a, b, heard, write, rpc };
}

function setup(ui?: EmbedFrameUi, extra: Partial<EmbedFrameOptions> = {}) {
  const { host, iframe } = createWindowPair(HOST_ORIGIN, WALLET_ORIGIN);
  const engine = fakeEngine();
  const wallet = {
    logouts: 0,
    imported: [] as { key: string; userInfo: unknown }[],
    networks: [] as string[],
    logout: async () => void wallet.logouts++,
    loginWithPrivateKey: async (key: string, userInfo: unknown) =>
      void wallet.imported.push({ key, userInfo }),
    setNetwork: async (type: string) => {
      wallet.networks.push(type);
      // The engine's chain follows, as NetworkController's switch does.
      engine.answers.eth_chainId = () => (type === 'mainnet' ? '0x1' : '0x1691');
    },
  };
  const warnings: string[] = [];
  const frame = startEmbedFrame({
    parent: host,
    selfWindow: iframe,
    openProvider: engine.openProvider,
    wallet,
    randomId: () => 'instance-1',
    warn: (message) => warnings.push(message),
    ...(ui ? { ui } : {}),
    ...extra,
  });
  toClose.push(frame);
  return { host, iframe, engine, wallet, warnings, frame, ...hostStreams(host, iframe) };
}

const INIT = {
  name: 'init_stream',
  data: {
    loginConfig: {},
    whiteLabel: {},
    buttonPosition: 'bottom-left',
    buttonSize: 56,
    torusWidgetVisibility: true,
    apiKey: 'torus-default',
    network: { host: 'localhost', chainId: 5777 },
  },
};

describe('embed iframe (/popup)', () => {
  it('a request naming a reachable pre-opened window asks there (no in-page modal), an unreachable one is closed and asks in-page', async () => {
    const waiting: boolean[] = [];
    const shown: Array<[string, string]> = [];
    const { engine, heard, rpc, write } = setup(
      { onWaitingForUser: (value) => waiting.push(value) },
      {
        popups: {
          reachable: async (id) => id === 'w1',
          show: (id, origin) => void shown.push([id, origin]),
        },
      },
    );
    engine.answers.personal_sign = () => '0x5167';
    write('window', { name: 'opened_window', data: { preopenInstanceId: 'w1' } });
    rpc({ id: 's1', method: 'personal_sign', params: ['0x68', ADDRESS], preopenInstanceId: 'w1' });
    await until(() => (heard.provider ?? []).length === 1);
    expect(heard.provider).toEqual([{ jsonrpc: '2.0', id: 's1', result: '0x5167' }]);
    expect(shown).toEqual([['w1', HOST_ORIGIN]]);
    expect(waiting).toEqual([]);
    // Answered: the host closes the window (it closes itself too).
    await until(() => (heard.window ?? []).length === 1);
    expect(heard.window).toEqual([{ preopenInstanceId: 'w1', close: true }]);

    rpc({ id: 's2', method: 'personal_sign', params: ['0x68', ADDRESS], preopenInstanceId: 'w2' });
    await until(() => (heard.provider ?? []).length === 2);
    expect(heard.window).toEqual([
      { preopenInstanceId: 'w1', close: true },
      { preopenInstanceId: 'w2', close: true },
    ]);
    expect(waiting).toEqual([true, false]);
    expect(shown).toHaveLength(1);
  });

  it('answers init with init_complete to the pinned host origin only, and reports a restored login', async () => {
    const { host, engine, heard, write, frame } = setup();
    engine.setAccounts([ADDRESS]);
    write('init_stream', INIT); // held until the handshake, as the SDK's writes are
    await until(() => (heard.status ?? []).length === 1);
    expect(frame.hostOrigin).toBe(HOST_ORIGIN);
    expect(heard.init_stream).toEqual([{ name: 'init_complete', data: { success: true } }]);
    expect(heard.status).toEqual([{ loggedIn: true, rehydrate: true, verifier: 'local' }]);
    expect(engine.opened).toEqual([HOST_ORIGIN]);
    // The exact envelope torus-embed reads, and never a wildcard origin once data flows.
    const envelopes = host.posted.filter(
      ({ message }) => typeof (message as { data: unknown }).data === 'object',
    );
    expect(envelopes[0]).toEqual({
      message: {
        target: 'embed_comm',
        data: { name: 'init_stream', data: { name: 'init_complete', data: { success: true } } },
      },
      targetOrigin: HOST_ORIGIN,
    });
    expect(envelopes.every(({ targetOrigin }) => targetOrigin === HOST_ORIGIN)).toBe(true);
  });

  it('selects the built-in network the host’s init names before init_complete, and keeps or refuses the rest', async () => {
    const { engine, wallet, heard, write, warnings } = setup();
    engine.setAccounts([ADDRESS]);
    write('init_stream', { ...INIT, data: { ...INIT.data, network: { host: 'mainnet' } } });
    await until(() => (heard.init_stream ?? []).length === 1);
    // Switched before init answered: the dapp's first eth_chainId sees the host's network.
    expect(wallet.networks).toEqual(['mainnet']);
    expect(await engine.openProvider('x').request({ method: 'eth_chainId' })).toBe('0x1');
    // Already there: nothing is switched. An RPC URL or a contradicting chainId: refused, logged.
    write('init_stream', { ...INIT, data: { ...INIT.data, network: { host: 'mainnet' } } });
    write('init_stream', {
      ...INIT,
      data: { ...INIT.data, network: { host: 'https://rpc.example', chainId: 5 } },
    });
    write('init_stream', {
      ...INIT,
      data: { ...INIT.data, network: { host: 'sepolia', chainId: 1 } },
    });
    await until(() => (heard.init_stream ?? []).length === 4);
    expect(wallet.networks).toEqual(['mainnet']);
    expect(warnings.filter((w) => w.includes('init network refused'))).toEqual([
      expect.stringContaining('https://rpc.example is not a built-in network'),
      expect.stringContaining('sepolia has chainId 0xaa36a7, not 0x1'),
    ]);
  });

  it('still answers init when the network cannot be read (engine unreachable)', async () => {
    const { engine, wallet, heard, write, warnings } = setup();
    engine.answers.eth_chainId = () => {
      throw new ProviderRpcError({ code: 4900, message: 'storage denied' });
    };
    write('init_stream', { ...INIT, data: { ...INIT.data, network: { host: 'mainnet' } } });
    await until(() => (heard.init_stream ?? []).length === 1);
    expect(heard.init_stream).toEqual([{ name: 'init_complete', data: { success: true } }]);
    expect(wallet.networks).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('storage denied')]);
  });

  it('lets the widget panel read through the host’s connection, but never a method that asks the user', async () => {
    const { engine, frame, rpc, heard } = setup();
    rpc({ id: 'pin', method: 'eth_chainId' }); // the host's handshake pins its origin
    await until(() => (heard.provider ?? []).length === 1);
    engine.setAccounts([ADDRESS]);
    expect(await frame.read('eth_accounts')).toEqual([ADDRESS]);
    await expect(frame.read('eth_requestAccounts' as never)).rejects.toThrow('is not a read');
    expect(engine.requests.map(({ method }) => method)).toEqual(['eth_chainId', 'eth_accounts']);
    expect(engine.opened).toEqual([HOST_ORIGIN]);
  });

  it('says nothing about a login to a host never logged in, and reports one when the user connects', async () => {
    const { engine, heard, write, rpc } = setup();
    write('init_stream', INIT);
    await until(() => (heard.init_stream ?? []).length === 1);
    await until(() => engine.requests.some(({ method }) => method === 'eth_accounts'));
    await settle();
    expect(heard.status).toBeUndefined();
    rpc({ id: 'k3j4h2', method: 'eth_requestAccounts', params: [] });
    await until(() => (heard.status ?? []).length === 1);
    expect(heard.provider).toEqual([{ jsonrpc: '2.0', id: 'k3j4h2', result: [ADDRESS] }]);
    expect(heard.status).toEqual([{ loggedIn: true, rehydrate: false, verifier: 'local' }]);
  });

  it('with no session, eth_requestAccounts shows the login modal first, then the connect prompt; the host’s own login modal request does the same', async () => {
    const logins: string[] = [];
    let letIn: (entered: boolean) => void = () => undefined;
    const { engine, heard, write, rpc } = setup({
      showLogin: () => {
        logins.push('shown');
        return new Promise((resolve) => (letIn = resolve));
      },
    });
    engine.setUnlocked(false);
    // request() as viem or ethers send it: the way in, and nothing asked of the engine meanwhile.
    rpc({ id: 'r1', method: 'eth_requestAccounts', params: [] });
    await until(() => logins.length === 1);
    await settle();
    expect(heard.provider).toBeUndefined();
    expect(engine.requests.map(({ method }) => method)).not.toContain('eth_requestAccounts');
    engine.setUnlocked(true); // the user unlocked in the modal
    letIn(true);
    await until(() => (heard.provider ?? []).length === 1);
    expect(heard.provider).toEqual([{ jsonrpc: '2.0', id: 'r1', result: [ADDRESS] }]);
    expect(engine.requests.map(({ method }) => method)).toContain('eth_requestAccounts');
    await until(() => (heard.status ?? []).length === 1);
    expect(heard.status).toEqual([{ loggedIn: true, rehydrate: false, verifier: 'local' }]);

    // A host that sends oauth_modal itself (torus's login modal request) gets the same path.
    engine.setUnlocked(false);
    write('oauth', { name: 'oauth_modal', data: { calledFromEmbed: true } });
    await until(() => logins.length === 2);
    engine.setUnlocked(true);
    letIn(true);
    await until(() => (heard.oauth ?? []).length === 1);
    expect(heard.oauth).toEqual([{ selectedAddress: ADDRESS }]);
  });

  it('a login modal the user closes refuses eth_requestAccounts with 4001 and asks the engine nothing', async () => {
    const { engine, heard, rpc } = setup({ showLogin: async () => false });
    engine.setUnlocked(false);
    rpc({ id: 'r2', method: 'eth_requestAccounts', params: [] });
    await until(() => (heard.provider ?? []).length === 1);
    expect(heard.provider).toEqual([
      { jsonrpc: '2.0', id: 'r2', error: { code: 4001, message: LOGIN_CLOSED } },
    ]);
    expect(engine.requests.map(({ method }) => method)).not.toContain('eth_requestAccounts');
  });

  it('a login modal the user closes rejects the host’s login with the reason and asks nothing', async () => {
    const { engine, heard, write } = setup({ showLogin: async () => false });
    engine.setUnlocked(false);
    write('oauth', { name: 'oauth_modal', data: { calledFromEmbed: true } });
    await until(() => (heard.oauth ?? []).length === 1);
    expect(heard.oauth).toEqual([{ err: { message: LOGIN_CLOSED } }]);
    expect(engine.requests.map(({ method }) => method)).not.toContain('eth_requestAccounts');
  });

  it('applies a provider change with override after 500 ms unasked, for a built-in network only', async () => {
    const { engine, wallet, heard, write } = setup();
    const started = Date.now();
    write('provider_change', {
      name: 'show_provider_change',
      data: { network: { host: 'mainnet', chainId: 1 }, override: true },
    });
    await until(() => (heard.provider_change ?? []).length === 1, 5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(OVERRIDE_DELAY_MS - 5);
    expect(heard.provider_change).toEqual([
      { name: 'provider_change_status', data: { success: true } },
    ]);
    expect(wallet.networks).toEqual(['mainnet']);
    expect(engine.requests.map(({ method }) => method)).not.toContain('wallet_switchEthereumChain');

    // An RPC URL or a contradicting chainId is never applied unasked: the user is asked.
    write('provider_change', {
      name: 'show_provider_change',
      data: { network: { host: 'https://rpc.example', chainId: 10 }, override: true },
    });
    write('provider_change', {
      name: 'show_provider_change',
      data: { network: { host: 'sepolia', chainId: 1 }, override: true },
    });
    await until(() => (heard.provider_change ?? []).length === 3, 5000);
    expect(wallet.networks).toEqual(['mainnet']);
    expect(engine.requests).toContainEqual({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0xa' }],
    });
    expect(engine.requests).toContainEqual({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x1' }],
    });
  });

  it('relays JSON-RPC with the host’s own ids, errors as objects, notifications as they come', async () => {
    const { engine, heard, rpc } = setup();
    rpc({ id: 'abc123', method: 'eth_chainId' });
    rpc({ id: 7, method: 'eth_mining', params: [] });
    rpc({ id: 8, method: 42 });
    rpc({ method: 'eth_chainId' }); // no id: a notification, never answered
    await until(() => (heard.provider ?? []).length === 3);
    expect(heard.provider).toEqual(
      expect.arrayContaining([
        { jsonrpc: '2.0', id: 'abc123', result: '0x1691' },
        { jsonrpc: '2.0', id: 7, error: { code: 4200, message: 'eth_mining is not supported.' } },
        { jsonrpc: '2.0', id: 8, error: { code: -32600, message: 'Invalid request' } },
      ]),
    );
    engine.emit({ method: 'wallet_chainChanged', params: { chainId: '0x1', networkVersion: '1' } });
    engine.emit({ method: 'wallet_accountsChanged', params: [ADDRESS] });
    await until(() => (heard.status ?? []).length === 1);
    expect(heard.provider!.slice(3)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'wallet_chainChanged',
        params: { chainId: '0x1', networkVersion: '1' },
      },
      { jsonrpc: '2.0', method: 'wallet_accountsChanged', params: [ADDRESS] },
    ]);
    engine.emit({ method: 'wallet_accountsChanged', params: [] });
    await until(() => (heard.status ?? []).length === 2);
    expect(heard.status![1]).toEqual({ loggedIn: false, rehydrate: false });
  });

  it('ignores another window and another origin, before and after the pin', async () => {
    const { iframe, engine, heard, rpc, a } = setup();
    const stranger = new FakeWindow('https://evil.example');
    // Another window at the host's own origin, and the real host window at another origin.
    iframe.deliver(
      { target: 'iframe_metamask', data: 'SYN' },
      { origin: HOST_ORIGIN, source: stranger },
    );
    await until(() => a.connected);
    const hostWindow = iframe.peer!;
    const before = hostWindow.posted.length;
    iframe.deliver(
      { target: 'iframe_comm', data: 'SYN' },
      { origin: 'https://evil.example', source: hostWindow },
    );
    iframe.deliver(
      {
        target: 'iframe_metamask',
        data: {
          name: 'provider',
          data: { jsonrpc: '2.0', id: 'x1', method: 'eth_requestAccounts' },
        },
      },
      { origin: 'https://evil.example', source: hostWindow },
    );
    iframe.deliver(
      {
        target: 'iframe_metamask',
        data: {
          name: 'provider',
          data: { jsonrpc: '2.0', id: 'x2', method: 'eth_requestAccounts' },
        },
      },
      { origin: HOST_ORIGIN, source: stranger },
    );
    await settle(50);
    expect(hostWindow.posted.length).toBe(before);
    expect(engine.requests).toEqual([]);
    rpc({ id: 'ok', method: 'eth_chainId' });
    await until(() => (heard.provider ?? []).length === 1);
    expect(engine.opened).toEqual([HOST_ORIGIN]);
  });

  it('answers every other substream: widget visibility, windows, provider change, wallet, top-up, WalletConnect, key, user info, logout', async () => {
    const { engine, wallet, heard, write, warnings } = setup();
    write('window', { name: 'opened_window', data: { preopenInstanceId: 'p1' } });
    write('provider_change', {
      name: 'show_provider_change',
      data: { network: { host: 'mainnet', chainId: 1 }, preopenInstanceId: 'p1', override: false },
    });
    write('show_wallet', { name: 'show_wallet', data: { path: '/transfer' } });
    write('show_wallet', { name: 'show_wallet', data: { path: '/../evil' } });
    write('topup', {
      name: 'topup_request',
      data: { provider: 'moonpay', params: {}, preopenInstanceId: 'p2' },
    });
    write('wallet_connect_stream', { name: 'wallet_connect_stream_req' });
    write('login_with_private_key', {
      name: 'login_with_private_key_request',
      data: { privateKey: '0x12' },
    });
    write('login_with_private_key', {
      name: 'login_with_private_key_request',
      data: {
        privateKey: 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
        userInfo: {},
      },
    });
    write('user_info_access', { name: 'user_info_access_request' });
    await until(() => (heard.login_with_private_key ?? []).length === 2);
    await until(() => (heard.provider_change ?? []).length === 1);
    expect(heard.window).toEqual([{ preopenInstanceId: 'p1', close: true }]);
    expect(heard.provider_change).toEqual([
      { name: 'provider_change_status', data: { success: true } },
    ]);
    expect(engine.requests).toContainEqual({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x1' }],
    });
    expect(heard.show_wallet).toEqual([
      { name: 'show_wallet_instance', data: { instanceId: 'instance-1' } },
    ]);
    expect(warnings.some((w) => w.includes('/../evil'))).toBe(true);
    expect(heard.topup).toEqual([
      { name: 'topup_response', data: { success: false, error: NOT_AVAILABLE.topup } },
    ]);
    expect(heard.wallet_connect_stream).toEqual([
      {
        name: 'wallet_connect_stream_res',
        data: { success: false, error: NOT_AVAILABLE.walletConnect },
      },
    ]);
    expect(heard.login_with_private_key).toEqual([
      {
        name: 'login_with_private_key_response',
        data: {
          success: false,
          error: 'Invalid private key, Please provide a 32 byte valid secp25k1 private key',
        },
      },
      { name: 'login_with_private_key_response', data: { success: true } },
    ]);
    expect(wallet.imported).toEqual([
      { key: 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', userInfo: {} },
    ]);
    // Not logged in when asked: refused, not left waiting.
    expect(heard.user_info_access).toEqual([
      { name: 'user_info_access_response', data: { rejected: true, approved: false } },
    ]);

    engine.setAccounts([ADDRESS]);
    write('oauth', { name: 'oauth_modal', data: { calledFromEmbed: true } });
    await until(() => (heard.oauth ?? []).length === 1);
    expect(heard.oauth).toEqual([{ selectedAddress: ADDRESS }]);
    write('user_info_access', { name: 'user_info_access_request' });
    await until(() => (heard.user_info_access ?? []).length === 2);
    expect(heard.user_info_access![1]).toMatchObject({
      data: { approved: true, payload: { verifierId: ADDRESS, isNewUser: false } },
    });
    expect(JSON.stringify(heard.user_info_access![1])).not.toContain('verifierParams');

    write('logout', { name: 'logOut' });
    await until(() =>
      (heard.status ?? []).some((s) => (s as { loggedIn: boolean }).loggedIn === false),
    );
    expect(wallet.logouts).toBe(1);
  });

  it('answers a refused login and a refused provider change with the reason', async () => {
    const { engine, heard, write } = setup();
    engine.answers.eth_requestAccounts = () => {
      throw new ProviderRpcError({ code: 4001, message: 'User rejected the request.' });
    };
    engine.answers.wallet_switchEthereumChain = () => {
      throw new ProviderRpcError({ code: 4902, message: 'Unrecognized chain ID "0x9999".' });
    };
    write('oauth', { name: 'oauth', data: { calledFromEmbed: true, verifier: 'google' } });
    write('provider_change', {
      name: 'show_provider_change',
      data: { network: { host: 'x', chainId: '0x9999' } },
    });
    write('provider_change', { name: 'show_provider_change', data: { network: { host: 'x' } } });
    await until(
      () => (heard.oauth ?? []).length === 1 && (heard.provider_change ?? []).length === 2,
    );
    expect(heard.oauth).toEqual([{ err: { message: 'User rejected the request.' } }]);
    expect(heard.provider_change).toEqual(
      expect.arrayContaining([
        {
          name: 'provider_change_status',
          data: { success: false, err: 'Unrecognized chain ID "0x9999".' },
        },
        {
          name: 'provider_change_status',
          data: { success: false, err: 'The network needs a chainId.' },
        },
      ]),
    );
  });
});

describe('init configuration', () => {
  it('merges the host’s loginConfig over a fresh copy of the defaults and refuses what it does not know', () => {
    const raw = {
      loginConfig: {
        acme: {
          typeOfLogin: 'jwt',
          name: 'Acme',
          showOnModal: true,
          priority: 1,
          evil: '<script>',
        },
        broken: { name: 'no type' },
      },
      whiteLabel: { name: 'Acme', theme: { isDark: true, colors: { torusBrand1: '#ff0000' } } },
      buttonPosition: 'middle',
      buttonSize: 9000,
      torusWidgetVisibility: false,
      network: { host: 'javascript:alert(1)' },
    };
    const config = parseInitConfig(raw);
    expect(config.loginConfig).toEqual({
      acme: { verifier: 'acme', typeOfLogin: 'jwt', name: 'Acme', showOnModal: true, priority: 1 },
    });
    expect(defaultLoginConfig()).toEqual({});
    expect(config.whiteLabel.whiteLabel).toMatchObject({ isActive: true, name: 'Acme' });
    expect(config.buttonPosition).toBe('bottom-left');
    expect(config.buttonSize).toBe(56);
    expect(config.widgetVisible).toBe(false);
    expect(config.network).toBeNull();
    expect(config.refused).toEqual([
      expect.stringMatching(/^loginConfig\.broken/),
      expect.stringMatching(/^buttonPosition/),
      expect.stringMatching(/^buttonSize/),
      expect.stringMatching(/^network/),
    ]);
    expect(parseInitConfig({ network: { host: 'localhost', chainId: 5777 } }).network).toEqual({
      host: 'localhost',
      chainId: '0x1691',
    });
  });
});
