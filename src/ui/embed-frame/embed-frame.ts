/**
 * The wallet's end of the embed protocol (/popup, iframed by a host page through torus-embed
 * 5.0.2 or our SDK): both window streams, sharing one origin pin taken from the host's first
 * handshake message, so the iframe answers exactly one origin and one window. Stream A's
 * `provider` substream is relayed to the engine's connection for that origin (the engine answers
 * wallet_getProviderState and the rest); stream B's substreams are answered here. Every request
 * gets an answer (a clear error where a feature is not built yet), never silence: the published
 * SDK waits forever for some of them.
 */
import {
  createMultiplex,
  createOriginPin,
  createWindowMessageStream,
  type MessageListenWindow,
  type MessageTargetWindow,
  type Multiplex,
  type Substream,
  type WindowMessageStream,
} from '../../embed';
import {
  COMM,
  HOST_COMM_STREAM,
  HOST_PROVIDER_STREAM,
  IFRAME_COMM_STREAM,
  IFRAME_PROVIDER_STREAM,
  PROVIDER_SUBSTREAM,
  SHOW_WALLET_PATHS,
  type InitStreamData,
  type StatusMessage,
} from '../../embed/torus-wire';
import type { FrameProvider } from '../provider-frame/provider-frame';
import type { BuiltInNetworkType } from '../../shared/networks';
import { parseInitConfig, parseNetwork, type EmbedConfig } from './init-config';
import { planInitNetwork } from './init-network';
import type { PreopenedWindows } from './preopened-windows';

/** What the iframe asks of the wallet besides the provider. */
export interface EmbedWallet {
  /** The wallet's logout (locks, forgets the session); the host then hears loggedIn false. */
  logout(): Promise<void>;
  /**
   * Plugin mode: signs in with the dapp's key (64 hex characters, no 0x; the engine refuses
   * zero and keys outside the curve) and its userInfo, which the engine checks field by field.
   */
  loginWithPrivateKey(privateKey: string, userInfo: unknown): Promise<void>;
  /** Selects a built-in network (the host's init asked for it; see ./init-network.ts). */
  setNetwork(type: BuiltInNetworkType): Promise<void>;
}

/** What the iframe's view hears (the widget, the modals). All optional. */
export interface EmbedFrameUi {
  onConfig?(config: EmbedConfig): void;
  onWidgetVisibility?(visible: boolean): void;
  onLoggedIn?(address: string | null): void;
  /** True while a host request may wait for the user (show the approval modal), false after. */
  onWaitingForUser?(waiting: boolean): void;
  /**
   * The login modal, for a host's login while the wallet has no session (no vault, or locked):
   * resolves true once the user is in (unlocked, an account selected), false if they closed it.
   */
  showLogin?(): Promise<boolean>;
}

/** Methods that may wait for the user's approval in the wallet. */
export const USER_METHODS: ReadonlySet<string> = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_getEncryptionPublicKey',
  'eth_decrypt',
  'wallet_addEthereumChain',
  'wallet_switchEthereumChain',
  'wallet_watchAsset',
]);

/** Windows the host pre-opened for its requests (./preopened-windows.ts); absent: all in-page. */
export type EmbedPopups = Pick<PreopenedWindows, 'reachable' | 'show'>;

export interface EmbedFrameOptions {
  parent: MessageTargetWindow;
  selfWindow: MessageListenWindow;
  openProvider: (origin: string) => FrameProvider | Promise<FrameProvider>;
  wallet: EmbedWallet;
  ui?: EmbedFrameUi;
  popups?: EmbedPopups;
  /** Unguessable ids (show_wallet instances). */
  randomId?: () => string;
  warn?: (message: string) => void;
}

export interface EmbedFrame {
  /** The host's origin once pinned. */
  readonly hostOrigin: string | undefined;
  /** Asks the host to show the iframe full screen (a modal) or as the widget. */
  setFullscreen(fullscreen: boolean): void;
  /**
   * A read through the host's own connection, for the widget panel: only methods that never
   * ask the user (READ_METHODS), so the panel cannot prompt on the host's behalf.
   */
  read(method: ReadMethod, params?: unknown[]): Promise<unknown>;
  /** Whether the wallet has a session (unlocked); the widget offers the login modal if not. */
  hasSession(): Promise<boolean>;
  close(): void;
}

/** What the widget panel may read through the host's connection. */
export const READ_METHODS = ['eth_accounts', 'eth_chainId', 'eth_getBalance'] as const;
export type ReadMethod = (typeof READ_METHODS)[number];

/** Errors the host reads for features that arrive with their own issues. */
export const NOT_AVAILABLE = {
  topup: 'Top-up is not available in this wallet yet.',
  walletConnect: 'WalletConnect is not available in this wallet yet.',
} as const;

/** What the host's login() rejects with when the user closes the login modal. */
export const LOGIN_CLOSED = 'user closed the login modal';

/**
 * A provider change with `override` is applied after this delay without a prompt (spec part 1
 * §4 and part 2: 'Provider change override delay 500 ms').
 */
export const OVERRIDE_DELAY_MS = 500;

/** A pre-opened window no request names within this time is closed (its request went astray). */
export const UNCLAIMED_WINDOW_MS = 10_000;

const PRIVATE_KEY = /^[0-9a-fA-F]{64}$/;
/** The SDK's own refusal (embed-wire.md §1), also when a host skips the SDK's check. */
const INVALID_PRIVATE_KEY_ERROR =
  'Invalid private key, Please provide a 32 byte valid secp25k1 private key';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nameOf = (chunk: unknown): string | undefined =>
  isRecord(chunk) && typeof chunk.name === 'string' ? chunk.name : undefined;

const dataOf = (chunk: unknown): Record<string, unknown> =>
  isRecord(chunk) && isRecord(chunk.data) ? chunk.data : {};

const messageOf = (error: unknown, fallback: string): string =>
  isRecord(error) && typeof error.message === 'string' && error.message !== ''
    ? error.message
    : fallback;

const toErrorObject = (error: unknown) => {
  const { code, message, data } = isRecord(error) ? error : {};
  return {
    code: Number.isInteger(code) ? (code as number) : -32603,
    message: typeof message === 'string' ? message : 'Internal error',
    ...(data === undefined ? {} : { data }),
  };
};

const isAccounts = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export function startEmbedFrame(options: EmbedFrameOptions): EmbedFrame {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const randomId = options.randomId ?? (() => crypto.randomUUID());
  const ui = options.ui ?? {};
  const pin = createOriginPin();
  const makeStream = (name: string, target: string): WindowMessageStream =>
    createWindowMessageStream({
      name,
      target,
      targetWindow: options.parent,
      selfWindow: options.selfWindow,
      originPin: pin,
    });
  const streamA = makeStream(IFRAME_PROVIDER_STREAM, HOST_PROVIDER_STREAM);
  const streamB = makeStream(IFRAME_COMM_STREAM, HOST_COMM_STREAM);
  const muxA: Multiplex = createMultiplex(streamA, { warn });
  const muxB: Multiplex = createMultiplex(streamB, { warn });
  const sub = (name: string): Substream => muxB.substream(name);

  let provider: Promise<FrameProvider> | null = null;
  const providerForHost = (): Promise<FrameProvider> => {
    if (provider) return provider;
    const origin = pin.origin;
    if (!origin) return Promise.reject(new Error('embed frame: no pinned origin'));
    provider = Promise.resolve(options.openProvider(origin)).then((opened) => {
      opened.onNotification(({ method, params }) => {
        send(providerSub, { jsonrpc: '2.0', method, params });
        if (method === 'wallet_accountsChanged' && isAccounts(params)) {
          reportStatus(params[0] ?? null, false);
        }
      });
      return opened;
    });
    provider.catch(() => undefined);
    return provider;
  };
  // Requests that may need the user, counted so the view shows the modal only meanwhile.
  let waiting = 0;
  const waitInPage = (result: Promise<unknown>) => {
    if (waiting++ === 0) ui.onWaitingForUser?.(true);
    const done = () => {
      if (--waiting === 0) ui.onWaitingForUser?.(false);
    };
    result.then(done, done);
  };
  // Each pre-opened window is closed once, whichever path gets there first.
  const closedWindows = new Set<string>();
  const closeWindow = (preopenInstanceId: string) => {
    if (closedWindows.has(preopenInstanceId)) return;
    closedWindows.add(preopenInstanceId);
    send(sub(COMM.window), { preopenInstanceId, close: true });
  };
  /**
   * A request that may need the user asks in the window the host pre-opened for it when that
   * window is reachable (same storage partition), else in the in-page modal (the window, if any,
   * is closed at once rather than left on a blank page).
   */
  const tracked = async <T>(
    method: string,
    run: () => Promise<T>,
    preopenInstanceId?: string,
  ): Promise<T> => {
    if (!USER_METHODS.has(method)) return run();
    const origin = pin.origin;
    if (preopenInstanceId && options.popups && origin) {
      const popups = options.popups;
      if (await popups.reachable(preopenInstanceId)) {
        const result = run();
        const settled = result.finally(() => closeWindow(preopenInstanceId));
        settled.catch(() => undefined);
        popups.show(preopenInstanceId, origin, result, () => waitInPage(result));
        return result;
      }
    }
    if (preopenInstanceId) closeWindow(preopenInstanceId);
    const result = run();
    waitInPage(result);
    return result;
  };
  const request = (method: string, params?: unknown[], preopenInstanceId?: string) =>
    tracked(
      method,
      () =>
        providerForHost().then((opened) =>
          opened.request({ method, ...(params ? { params } : {}) }),
        ),
      preopenInstanceId,
    );

  /**
   * Whether the wallet has a session (unlocked). Unknown (the engine unreachable) counts as a
   * session, so the request itself fails with the reason.
   */
  const hasSession = (): Promise<boolean> =>
    providerForHost()
      .then((opened) => opened.request({ method: 'wallet_getProviderState' }))
      .then(
        (state) => !(isRecord(state) && state.isUnlocked === false),
        () => true,
      );
  /**
   * eth_requestAccounts with no session shows the wallet's way in (the login modal) first, then
   * the connect prompt as for any dapp: request() (viem, ethers) and torus-embed's login() send
   * the same request and both get an account or a refusal, never a silent [] (embed-wire.md,
   * "Flows"). A user who closes the modal refuses the request (4001).
   */
  const answerRequest = async (
    method: string,
    params?: unknown[],
    preopenInstanceId?: string,
  ): Promise<unknown> => {
    if (method === 'eth_requestAccounts' && ui.showLogin && !(await hasSession())) {
      if (preopenInstanceId) closeWindow(preopenInstanceId);
      if (!(await ui.showLogin())) throw Object.assign(new Error(LOGIN_CLOSED), { code: 4001 });
      return request(method, params);
    }
    return request(method, params, preopenInstanceId);
  };

  // Writes before the handshake are held by the stream; none are lost.
  const send = (substream: Substream, data: unknown) => substream.send(data);

  // ---- status: `loggedIn` means the host's origin is shown an account (its own grant).
  let loggedInAs: string | null | undefined;
  const reportStatus = (address: string | null, rehydrate: boolean) => {
    if (address === loggedInAs) return;
    const wasKnown = loggedInAs !== undefined;
    loggedInAs = address;
    ui.onLoggedIn?.(address);
    if (!address && !wasKnown) return; // nothing to tell a host that never saw a login
    const status: StatusMessage = {
      loggedIn: address !== null,
      rehydrate,
      ...(address ? { verifier: 'local' } : {}),
    };
    send(sub(COMM.status), status);
  };
  const refreshStatus = (rehydrate: boolean) =>
    request('eth_accounts').then(
      (accounts) => reportStatus(isAccounts(accounts) ? (accounts[0] ?? null) : null, rehydrate),
      () => undefined,
    );

  // ---- stream A: JSON-RPC, answered with exactly the host's id.
  const providerSub = muxA.substream(PROVIDER_SUBSTREAM);
  providerSub.onData((chunk) => {
    if (!isRecord(chunk)) return;
    const { id, method, params, preopenInstanceId } = chunk;
    if (!id || (typeof id !== 'string' && typeof id !== 'number')) return; // a notification
    const answer = (response: object) => send(providerSub, { jsonrpc: '2.0', id, ...response });
    if (typeof method !== 'string' || (params !== undefined && typeof params !== 'object')) {
      answer({ error: { code: -32600, message: 'Invalid request' } });
      return;
    }
    // torus-embed names the window it pre-opened for this request (embed-wire.md §1).
    const windowId = claim(preopenInstanceId);
    answerRequest(method, params as unknown[] | undefined, windowId).then(
      (result) => {
        answer({ result: result ?? null });
        if (method === 'eth_requestAccounts' && isAccounts(result)) {
          reportStatus(result[0] ?? null, false);
        }
      },
      (error: unknown) => answer({ error: toErrorObject(error) }),
    );
  });

  // ---- stream B.
  sub(COMM.init).onData((chunk) => {
    if (nameOf(chunk) !== 'init_stream') return;
    const config = parseInitConfig(dataOf(chunk) as InitStreamData);
    if (config.refused.length > 0) {
      warn(`Orrery embed: init refused ${config.refused.join('; ')}`);
    }
    ui.onConfig?.(config);
    // The host's network is set before init_complete (the dapp reads chainId right after
    // init); a failure is logged and init still answers: a hang is worse.
    applyInitNetwork(config)
      .catch((error: unknown) =>
        warn(`Orrery embed: init network not applied: ${messageOf(error, 'unknown')}`),
      )
      .then(() => {
        send(sub(COMM.init), { name: 'init_complete', data: { success: true } });
        ui.onWidgetVisibility?.(config.widgetVisible);
        void refreshStatus(true);
      });
  });

  const applyInitNetwork = async (config: EmbedConfig): Promise<void> => {
    if (!config.network) return;
    const current = await request('eth_chainId');
    const plan = planInitNetwork(config.network, typeof current === 'string' ? current : null);
    if (plan.kind === 'refuse') warn(`Orrery embed: init network refused: ${plan.reason}`);
    if (plan.kind === 'switch') await options.wallet.setNetwork(plan.type);
  };

  sub(COMM.widgetVisibility).onData((chunk) => {
    if (isRecord(chunk) && typeof chunk.data === 'boolean') ui.onWidgetVisibility?.(chunk.data);
  });

  sub(COMM.oauth).onData((chunk) => {
    const name = nameOf(chunk);
    if (name !== 'oauth_modal' && name !== 'oauth') return;
    const answer = (data: object) => send(sub(COMM.oauth), data);
    // Sign-in asks in the iframe's login modal: a window pre-opened for it is not used.
    const windowId = claim(dataOf(chunk).preopenInstanceId);
    if (windowId) closeWindow(windowId);
    // The local way in (social verifiers arrive with social login): with no session, the login
    // modal first; then the host's origin asks for an account like any dapp (connect prompt).
    const login = async () => {
      if (!(await hasSession())) {
        const entered = (await ui.showLogin?.()) ?? false;
        if (!entered) return answer({ err: { message: LOGIN_CLOSED } });
      }
      const accounts = await request('eth_requestAccounts', []);
      const selectedAddress = isAccounts(accounts) ? accounts[0] : undefined;
      if (!selectedAddress) return answer({ err: { message: 'No account was shared.' } });
      answer({ selectedAddress });
      reportStatus(selectedAddress, false);
    };
    login().catch((error: unknown) =>
      answer({ err: { message: messageOf(error, 'Login failed.') } }),
    );
  });

  sub(COMM.logout).onData((chunk) => {
    if (nameOf(chunk) !== 'logOut') return;
    options.wallet.logout().then(
      () => {
        loggedInAs = null;
        ui.onLoggedIn?.(null);
        send(sub(COMM.status), { loggedIn: false } satisfies StatusMessage);
      },
      (error: unknown) => warn(`Orrery embed: logout failed: ${messageOf(error, 'unknown')}`),
    );
  });

  // Pre-opened windows: with popups, one waits for the request the host sends next (which names
  // it); one no request claims in time is closed rather than left on a blank page. Without
  // popups (or for flows that ask in the iframe), it is closed at once.
  const claimed = new Set<string>();
  sub(COMM.window).onData((chunk) => {
    if (nameOf(chunk) !== 'opened_window') return;
    const { preopenInstanceId } = dataOf(chunk);
    if (typeof preopenInstanceId !== 'string' || preopenInstanceId === '') return;
    if (!options.popups) {
      closeWindow(preopenInstanceId);
      return;
    }
    setTimeout(() => {
      if (!claimed.has(preopenInstanceId)) closeWindow(preopenInstanceId);
    }, UNCLAIMED_WINDOW_MS);
  });
  const claim = (preopenInstanceId: unknown): string | undefined => {
    if (typeof preopenInstanceId !== 'string' || preopenInstanceId === '') return undefined;
    claimed.add(preopenInstanceId);
    return preopenInstanceId;
  };

  sub(COMM.providerChange).onData((chunk) => {
    if (nameOf(chunk) !== 'show_provider_change') return;
    const answer = (data: { success: boolean; err?: string }) =>
      send(sub(COMM.providerChange), { name: 'provider_change_status', data });
    const { network, override } = dataOf(chunk);
    const windowId = claim(dataOf(chunk).preopenInstanceId);
    // With override (no published SDK sends it; a host of our own may): applied without asking
    // after 500 ms, but only where init would apply it unasked, a built-in network whose
    // endpoints the wallet chose. Anything else is asked for as without override.
    const parsed = override === true ? parseNetwork(network) : null;
    if (parsed !== null && typeof parsed !== 'string') {
      const applied = request('eth_chainId').then(async (current) => {
        const plan = planInitNetwork(parsed, typeof current === 'string' ? current : null);
        if (plan.kind === 'refuse') return false;
        await new Promise((resolve) => setTimeout(resolve, OVERRIDE_DELAY_MS));
        if (plan.kind === 'switch') await options.wallet.setNetwork(plan.type);
        return true;
      });
      applied.then(
        (done) => {
          if (!done) return askForChange(network, windowId);
          if (windowId) closeWindow(windowId);
          answer({ success: true });
        },
        (error: unknown) =>
          answer({ success: false, err: messageOf(error, 'Provider change status error') }),
      );
      return;
    }
    askForChange(network, windowId);
  });

  /** setProvider without override: the user approves like any dapp's wallet_switchEthereumChain. */
  const askForChange = (network: unknown, windowId?: string) => {
    const answer = (data: { success: boolean; err?: string }) => {
      if (windowId) closeWindow(windowId);
      send(sub(COMM.providerChange), { name: 'provider_change_status', data });
    };
    const chainId = isRecord(network) ? network.chainId : undefined;
    if (typeof chainId !== 'number' && typeof chainId !== 'string') {
      answer({ success: false, err: 'The network needs a chainId.' });
      return;
    }
    let hexChainId: string;
    try {
      hexChainId = typeof chainId === 'number' ? `0x${chainId.toString(16)}` : chainId;
      if (!/^0x[0-9a-f]+$/i.test(hexChainId)) {
        hexChainId = `0x${BigInt(hexChainId).toString(16)}`;
      }
    } catch {
      answer({ success: false, err: 'The network needs a chainId.' });
      return;
    }
    request('wallet_switchEthereumChain', [{ chainId: hexChainId.toLowerCase() }], windowId).then(
      () => answer({ success: true }),
      (error: unknown) =>
        answer({ success: false, err: messageOf(error, 'user denied provider change request') }),
    );
  };

  sub(COMM.showWallet).onData((chunk) => {
    if (nameOf(chunk) !== 'show_wallet') return;
    const { path } = dataOf(chunk);
    const known =
      path === '' || (typeof path === 'string' && SHOW_WALLET_PATHS.includes(path.slice(1)));
    if (!known) {
      warn(`Orrery embed: show_wallet refused the path ${JSON.stringify(path)}`);
      return;
    }
    send(sub(COMM.showWallet), { name: 'show_wallet_instance', data: { instanceId: randomId() } });
  });

  sub(COMM.topup).onData((chunk) => {
    if (nameOf(chunk) !== 'topup_request') return;
    send(sub(COMM.topup), {
      name: 'topup_response',
      data: { success: false, error: NOT_AVAILABLE.topup },
    });
  });

  sub(COMM.walletConnect).onData((chunk) => {
    if (nameOf(chunk) !== 'wallet_connect_stream_req') return;
    send(sub(COMM.walletConnect), {
      name: 'wallet_connect_stream_res',
      data: { success: false, error: NOT_AVAILABLE.walletConnect },
    });
  });

  sub(COMM.loginWithPrivateKey).onData((chunk) => {
    if (nameOf(chunk) !== 'login_with_private_key_request') return;
    const answer = (data: { success: boolean; error?: string }) =>
      send(sub(COMM.loginWithPrivateKey), { name: 'login_with_private_key_response', data });
    const { privateKey, userInfo } = dataOf(chunk);
    if (typeof privateKey !== 'string' || !PRIVATE_KEY.test(privateKey)) {
      answer({ success: false, error: INVALID_PRIVATE_KEY_ERROR });
      return;
    }
    options.wallet
      .loginWithPrivateKey(privateKey, userInfo)
      .then(() => refreshStatus(false))
      .then(
        () => answer({ success: true }),
        (error: unknown) =>
          answer({ success: false, error: messageOf(error, 'The key could not be imported.') }),
      );
  });

  sub(COMM.userInfoAccess).onData((chunk) => {
    if (nameOf(chunk) !== 'user_info_access_request') return;
    const answer = (data: object) =>
      send(sub(COMM.userInfoAccess), { name: 'user_info_access_response', data });
    if (!loggedInAs) {
      answer({ rejected: true, approved: false });
      return;
    }
    // Spec part 2: always approved, without verifierParams, with isNewUser. The local way in
    // knows no name or email: the host learns the address it was already shown.
    answer({
      approved: true,
      payload: {
        email: '',
        name: '',
        profileImage: '',
        verifier: 'local',
        verifierId: loggedInAs,
        typeOfLogin: 'local',
        isNewUser: false,
      },
    });
  });

  // Opened as soon as the origin is pinned, so the first request does not wait for it.
  streamA.onConnect(() => void providerForHost().catch(() => undefined));

  return {
    get hostOrigin() {
      return pin.origin;
    },
    setFullscreen(fullscreen) {
      send(sub(COMM.widget), { data: fullscreen });
    },
    read(method, params) {
      if (!(READ_METHODS as readonly string[]).includes(method)) {
        return Promise.reject(new Error(`embed frame: ${String(method)} is not a read`));
      }
      return request(method, params);
    },
    hasSession,
    close() {
      muxA.close();
      muxB.close();
      streamA.close();
      streamB.close();
    },
  };
}
