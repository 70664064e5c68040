/**
 * The embed protocol of torus-embed <= 5.0.2 (shared/reference/embed-protocol.md, embed-wire.md):
 * the names of the host's and the iframe's two window streams and of stream B's substreams.
 * Names and payload types only, shared by the wallet's /popup page and the dapp-side SDK.
 */

/** Stream A (JSON-RPC, one substream `provider`): the host's and the iframe's names. */
export const HOST_PROVIDER_STREAM = 'embed_metamask';
export const IFRAME_PROVIDER_STREAM = 'iframe_metamask';
/** Stream B (named substreams below). */
export const HOST_COMM_STREAM = 'embed_comm';
export const IFRAME_COMM_STREAM = 'iframe_comm';

/** Stream A's one substream. */
export const PROVIDER_SUBSTREAM = 'provider';

/** Stream B's substreams. */
export const COMM = {
  init: 'init_stream',
  oauth: 'oauth',
  status: 'status',
  widget: 'widget',
  window: 'window',
  providerChange: 'provider_change',
  showWallet: 'show_wallet',
  topup: 'topup',
  loginWithPrivateKey: 'login_with_private_key',
  walletConnect: 'wallet_connect_stream',
  userInfoAccess: 'user_info_access',
  userInfo: 'user_info',
  logout: 'logout',
  widgetVisibility: 'torus-widget-visibility',
} as const;

/** `{name, data}`: the shape most substream messages take inside their substream. */
export interface NamedMessage<D = unknown> {
  name: string;
  data?: D;
}

/** What the host sends on `init_stream` (all optional on the wire; checked by the iframe). */
export interface InitStreamData {
  loginConfig?: unknown;
  whiteLabel?: unknown;
  buttonPosition?: unknown;
  buttonSize?: unknown;
  torusWidgetVisibility?: unknown;
  apiKey?: unknown;
  network?: unknown;
  mfaLevel?: unknown;
}

/** `status` from the wallet: the host sets `isLoggedIn` only from this. */
export interface StatusMessage {
  loggedIn: boolean;
  rehydrate?: boolean;
  verifier?: string;
}

/** The paths `showWallet(path)` accepts. */
export const SHOW_WALLET_PATHS = ['transfer', 'topup', 'home', 'settings', 'history', 'discover'];
