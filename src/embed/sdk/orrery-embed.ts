/**
 * The dapp's SDK: the public API of torus-embed 5.0.2 (embed-protocol.md) over the wallet's
 * /popup iframe, with the same error strings, so a dapp switches by changing the import.
 * Importing it touches no browser global (server-side rendering); `init()` does the DOM work.
 * Where both ends are ours it needs no pre-opened popups: approvals show inside the wallet.
 */
import { announceProvider, ORRERY_ICON, ORRERY_RDNS } from './eip6963';
import { EmbedProvider } from './embed-provider';
import { createMultiplex, type Multiplex, type Substream } from '../multiplex';
import {
  COMM,
  HOST_COMM_STREAM,
  HOST_PROVIDER_STREAM,
  IFRAME_COMM_STREAM,
  IFRAME_PROVIDER_STREAM,
  PROVIDER_SUBSTREAM,
  SHOW_WALLET_PATHS,
} from '../torus-wire';
import { createWindowMessageStream, type WindowMessageStream } from '../window-message-stream';

export interface OrreryEmbedOptions {
  buttonPosition?: 'bottom-left' | 'top-left' | 'bottom-right' | 'top-right';
  buttonSize?: number;
  modalZIndex?: number;
  apiKey?: string;
}

export interface NetworkParams {
  host: string;
  chainId?: number | null;
  networkName?: string;
  blockExplorer?: string;
  ticker?: string;
  tickerName?: string;
}

export interface InitParams {
  buildEnv?: 'production' | 'development' | string;
  /** The wallet's origin (and base path); 'development' means http://localhost:4050. */
  walletUrl?: string;
  enableLogging?: boolean;
  network?: NetworkParams;
  loginConfig?: Record<string, unknown>;
  showTorusButton?: boolean;
  whiteLabel?: Record<string, unknown>;
  useWalletConnect?: boolean;
  mfaLevel?: string;
  /** The provider's `isMetaMask` flag (default true: dapps that only offer MetaMask find it). */
  isMetaMaskCompatible?: boolean;
  /** Announce the provider by EIP-6963 (default true). */
  announce?: boolean;
}

const DEVELOPMENT_WALLET = 'http://localhost:4050';
const WIDGET_PX = 70;
const PRIVATE_KEY = /^[0-9a-fA-F]{64}$/;
const TOPUP_PROVIDERS = ['moonpay', 'rampnetwork', 'mercuryo', 'transak', 'banxa'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Window sizes of spec part 1 §2: provider change 375×660, the full wallet 1315×740. */
const PROVIDER_CHANGE_WINDOW = 'popup,width=375,height=660';
const WALLET_WINDOW = 'popup,width=1315,height=740';

export class OrreryEmbed {
  readonly buttonPosition: NonNullable<OrreryEmbedOptions['buttonPosition']>;
  readonly buttonSize: number;
  readonly modalZIndex: number;
  readonly apiKey: string;
  isInitialized = false;
  isLoggedIn = false;
  ethereum: EmbedProvider | undefined;

  #walletUrl = '';
  /** Windows opened inside the dapp's call (popup blockers allow those), by preopenInstanceId. */
  readonly #preopened = new Map<string, Window>();
  #iframe: HTMLIFrameElement | undefined;
  #stylesheet: HTMLLinkElement | undefined;
  #streams: WindowMessageStream[] = [];
  #mux: Multiplex | undefined;
  #showButton = true;
  #stopAnnouncing: (() => void) | undefined;

  constructor(options: OrreryEmbedOptions = {}) {
    this.buttonPosition = options.buttonPosition ?? 'bottom-left';
    this.buttonSize = options.buttonSize ?? 56;
    this.modalZIndex = options.modalZIndex ?? 99999;
    this.apiKey = options.apiKey ?? 'torus-default';
  }

  get provider(): EmbedProvider | undefined {
    return this.ethereum;
  }

  async init(params: InitParams = {}): Promise<void> {
    if (this.isInitialized) throw new Error('Already initialized');
    const walletUrl =
      params.walletUrl ?? (params.buildEnv === 'development' ? DEVELOPMENT_WALLET : '');
    if (!walletUrl) throw new Error('walletUrl is required outside buildEnv development');
    const base = new URL(walletUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:')
      throw new Error('walletUrl must be http(s)');
    this.#walletUrl = base.href.replace(/\/$/, '');
    const isCustomLogin =
      Object.keys(params.loginConfig ?? {}).length > 0 ||
      Object.keys(params.whiteLabel ?? {}).length > 0;
    this.#showButton = params.showTorusButton !== false;

    const stylesheet = document.createElement('link');
    stylesheet.rel = 'stylesheet';
    stylesheet.href = `${this.#walletUrl}/css/widget.css`;
    document.head.appendChild(stylesheet);
    this.#stylesheet = stylesheet;

    const iframe = document.createElement('iframe');
    iframe.id = 'torusIframe';
    iframe.title = 'Orrery wallet';
    iframe.allow = 'clipboard-write';
    iframe.src = `${this.#walletUrl}/popup#isCustomLogin=${isCustomLogin}`;
    Object.assign(iframe.style, {
      display: 'none',
      position: 'fixed',
      border: '0',
      colorScheme: 'normal',
      zIndex: String(this.modalZIndex),
    });
    this.#iframe = iframe;
    const loaded = new Promise<void>((resolve) =>
      iframe.addEventListener('load', () => resolve(), { once: true }),
    );
    document.body.appendChild(iframe);
    await loaded;

    const targetWindow = iframe.contentWindow;
    if (!targetWindow) throw new Error('The wallet iframe has no window');
    const stream = (name: string, target: string) =>
      createWindowMessageStream({
        name,
        target,
        targetWindow,
        targetOrigin: base.origin,
        selfWindow: window,
      });
    const streamA = stream(HOST_PROVIDER_STREAM, IFRAME_PROVIDER_STREAM);
    const streamB = stream(HOST_COMM_STREAM, IFRAME_COMM_STREAM);
    this.#streams = [streamA, streamB];
    this.#mux = createMultiplex(streamB);
    const provider = new EmbedProvider(createMultiplex(streamA).substream(PROVIDER_SUBSTREAM), {
      isMetaMask: params.isMetaMaskCompatible !== false,
    });
    this.ethereum = provider;

    this.#sub(COMM.status).onData((chunk) => {
      if (isRecord(chunk) && chunk.loggedIn === true) this.isLoggedIn = true;
    });
    this.#sub(COMM.widget).onData((chunk) => {
      if (isRecord(chunk) && typeof chunk.data === 'boolean') this.#layout(chunk.data);
    });
    // The wallet closes a window we pre-opened that it does not use (or no longer needs).
    this.#sub(COMM.window).onData((chunk) => {
      if (!isRecord(chunk) || chunk.close !== true) return;
      const id = chunk.preopenInstanceId;
      if (typeof id !== 'string') return;
      this.#preopened.get(id)?.close();
      this.#preopened.delete(id);
    });

    const complete = this.#next(COMM.init);
    this.#sub(COMM.init).send({
      name: 'init_stream',
      data: {
        loginConfig: params.loginConfig ?? {},
        whiteLabel: params.whiteLabel ?? {},
        buttonPosition: this.buttonPosition,
        buttonSize: this.buttonSize,
        torusWidgetVisibility: this.#showButton,
        apiKey: this.apiKey,
        network: params.network ?? { host: 'mainnet', chainId: 1 },
        mfaLevel: params.mfaLevel ?? 'default',
      },
    });
    // The provider's first state is asked beside init, not after it (as torus-embed 5.0.2 holds
    // both writes until the handshake): init_complete and the state each wait for the engine, and
    // one round trip after the other cost a second trip through the iframe. A chain the init
    // switches to arrives as wallet_chainChanged after that state, on the same connection.
    const started = provider.start({ name: document.title || location.hostname, icon: null });
    started.catch(() => undefined); // awaited below; init's own error comes first
    const answer = await complete;
    if (isRecord(answer) && answer.error) throw new Error(String(answer.error));
    await started;
    this.isInitialized = true;
    this.#layout(false);
    if (params.announce !== false) {
      this.#stopAnnouncing = announceProvider(
        window,
        { uuid: crypto.randomUUID(), name: 'Orrery', icon: ORRERY_ICON, rdns: ORRERY_RDNS },
        provider,
      );
    }
  }

  async login(params: { verifier?: string; login_hint?: string } = {}): Promise<string[]> {
    if (!this.isInitialized || !this.ethereum) throw new Error('Call init() first');
    void params; // social verifiers arrive with social login; the wallet asks the user to connect
    const accounts = (await this.ethereum.request({
      method: 'eth_requestAccounts',
      params: [],
    })) as string[];
    if (accounts.length > 0) {
      this.isLoggedIn = true;
      return accounts;
    }
    // A wallet that answers [] (no session and no login modal of its own): ask for its login
    // modal, as torus-embed's login() does; the first chunk on oauth settles it.
    const answer = this.#next(COMM.oauth);
    this.#layout(true);
    this.#sub(COMM.oauth).send({ name: 'oauth_modal', data: { calledFromEmbed: true } });
    const settled = await answer;
    this.#layout(false);
    const { err, selectedAddress } = isRecord(settled) ? settled : {};
    if (err !== undefined) {
      throw new Error(
        isRecord(err) && typeof err.message === 'string' ? err.message : 'Login failed',
      );
    }
    if (typeof selectedAddress !== 'string') throw new Error('Login failed');
    this.isLoggedIn = true;
    return [selectedAddress];
  }

  async logout(): Promise<void> {
    if (!this.isLoggedIn) throw new Error('User has not logged in yet');
    const status = this.#next(COMM.status);
    this.#sub(COMM.logout).send({ name: 'logOut' });
    const answer = await status;
    if (isRecord(answer) && answer.loggedIn === false) this.isLoggedIn = false;
    else throw new Error('Some Error Occured');
  }

  async cleanUp(): Promise<void> {
    if (this.isLoggedIn) await this.logout();
    this.#stopAnnouncing?.();
    this.ethereum?.close();
    this.#mux?.close();
    for (const stream of this.#streams) stream.close();
    this.#iframe?.remove();
    this.#stylesheet?.remove();
    this.#streams = [];
    this.isInitialized = false;
  }

  hideTorusButton(): void {
    this.#showButton = false;
    this.#sub(COMM.widgetVisibility).send({ data: false });
    this.#layout(false);
  }

  showTorusButton(): void {
    this.#showButton = true;
    this.#sub(COMM.widgetVisibility).send({ data: true });
    this.#layout(false);
  }

  async setProvider(network: NetworkParams): Promise<void> {
    const { host, chainId = null, networkName = '', ...rest } = network;
    const answer = this.#next(COMM.providerChange);
    // Opened now, inside the dapp's call; the wallet points it at the switch it asks for.
    const preopenInstanceId = this.#preopen(PROVIDER_CHANGE_WINDOW);
    if (preopenInstanceId) {
      this.#sub(COMM.window).send({ name: 'opened_window', data: { preopenInstanceId } });
    }
    this.#sub(COMM.providerChange).send({
      name: 'show_provider_change',
      data: {
        network: { host, chainId, networkName, ...rest },
        override: false,
        ...(preopenInstanceId ? { preopenInstanceId } : {}),
      },
    });
    const data = (await answer) as { err?: unknown; success?: unknown } | undefined;
    if (data?.err) throw new Error(String(data.err));
    if (!data?.success) throw new Error('Provider change failed');
  }

  showWallet(path: string, params: Record<string, string> = {}): void {
    const route = SHOW_WALLET_PATHS.includes(path) ? `/${path}` : '';
    const opened = this.#next(COMM.showWallet);
    // Opened now, inside the dapp's call (after the wallet's answer a popup blocker would refuse
    // it), and sent to the wallet page once the wallet names the instance.
    const preopenInstanceId = this.#preopen(WALLET_WINDOW);
    const popup = preopenInstanceId ? this.#preopened.get(preopenInstanceId) : undefined;
    if (preopenInstanceId) this.#preopened.delete(preopenInstanceId);
    this.#sub(COMM.showWallet).send({ name: 'show_wallet', data: { path: route } });
    void opened.then((data) => {
      const instanceId = isRecord(data) ? data.instanceId : undefined;
      if (typeof instanceId !== 'string') {
        popup?.close();
        return;
      }
      const query = new URLSearchParams({ integrity: 'true', instanceId, ...params });
      const url = `${this.#walletUrl}/wallet${route}?${query}`;
      if (popup && !popup.closed) popup.location.href = url;
      else window.open(url, '_blank', WALLET_WINDOW);
    });
  }

  async getUserInfo(message?: string): Promise<Record<string, unknown>> {
    void message;
    if (!this.isLoggedIn) throw new Error('User has not logged in yet');
    const answer = this.#next(COMM.userInfoAccess);
    this.#sub(COMM.userInfoAccess).send({ name: 'user_info_access_request' });
    const data = (await answer) as { approved?: unknown; payload?: unknown; rejected?: unknown };
    if (data?.approved && isRecord(data.payload)) return data.payload;
    throw new Error('User rejected the request');
  }

  async initiateTopup(provider: string, params: Record<string, unknown>): Promise<boolean> {
    if (!this.isInitialized) throw new Error('Call init() first');
    if (!TOPUP_PROVIDERS.includes(provider)) throw new Error('Unsupported top-up provider');
    const answer = this.#next(COMM.topup);
    this.#sub(COMM.topup).send({ name: 'topup_request', data: { provider, params } });
    const data = (await answer) as { success?: unknown; error?: unknown };
    if (data?.success) return true;
    throw new Error(String(data?.error ?? 'Top-up failed'));
  }

  async loginWithPrivateKey(params: { privateKey: string; userInfo?: unknown }): Promise<void> {
    if (!this.isInitialized) throw new Error('Call init() first');
    if (typeof params?.privateKey !== 'string' || !PRIVATE_KEY.test(params.privateKey)) {
      throw new Error('Invalid private key, Please provide a 32 byte valid secp25k1 private key');
    }
    const answer = this.#next(COMM.loginWithPrivateKey);
    this.#sub(COMM.loginWithPrivateKey).send({
      name: 'login_with_private_key_request',
      data: { privateKey: params.privateKey, userInfo: params.userInfo },
    });
    const data = (await answer) as { success?: unknown; error?: unknown };
    if (!data?.success) throw new Error(String(data?.error ?? 'Login with private key failed'));
  }

  async showWalletConnectScanner(): Promise<void> {
    if (!this.isLoggedIn) throw new Error('User has not logged in yet');
    const answer = this.#next(COMM.walletConnect);
    this.#sub(COMM.walletConnect).send({ name: 'wallet_connect_stream_req' });
    const data = (await answer) as { success?: unknown; error?: unknown };
    if (!data?.success) throw new Error(String(data?.error ?? 'WalletConnect failed'));
  }

  /** Opens the wallet's waiting page (`/redirect`) now; its id, or null if the browser refused. */
  #preopen(features: string): string | null {
    const preopenInstanceId = crypto.randomUUID();
    const url = `${this.#walletUrl}/redirect?preopenInstanceId=${preopenInstanceId}`;
    const opened = window.open(url, '_blank', features);
    if (!opened) return null;
    this.#preopened.set(preopenInstanceId, opened);
    return preopenInstanceId;
  }

  #sub(name: string): Substream {
    if (!this.#mux) throw new Error('Call init() first');
    return this.#mux.substream(name);
  }

  /** The next chunk on `name`, unwrapped from `{name, data}` where it has that shape. */
  #next(name: string): Promise<unknown> {
    return new Promise((resolve) => {
      const off = this.#sub(name).onData((chunk) => {
        off();
        resolve(isRecord(chunk) && 'name' in chunk && 'data' in chunk ? chunk.data : chunk);
      });
    });
  }

  /** Full screen for the wallet's modals, else the widget button in its corner (or hidden). */
  #layout(fullscreen: boolean): void {
    const iframe = this.#iframe;
    if (!iframe || !this.isInitialized) return;
    const [vertical, horizontal] = this.buttonPosition.split('-') as [
      'top' | 'bottom',
      'left' | 'right',
    ];
    if (fullscreen) {
      Object.assign(iframe.style, { display: 'block', inset: '0', width: '100%', height: '100%' });
      return;
    }
    Object.assign(iframe.style, {
      display: this.#showButton ? 'block' : 'none',
      inset: 'auto',
      [vertical]: '0',
      [horizontal]: '0',
      width: `${WIDGET_PX}px`,
      height: `${WIDGET_PX}px`,
    });
  }
}
