/**
 * The narrow, typed API a view (or a headless caller) uses to act on the background.
 * Each method is one action; views call them as `request` messages and get a `response` or
 * an `error` back. Add an action here and in `action-handlers.ts`, nowhere else.
 * No action returns a secret. A refused action rejects with a stable `data.code` next to its
 * message (`errors.ts`: FailureCode, failureCode); views match on the code.
 */
import type { Hex } from '../../shared/primitives';
import type { SiteActivityItem } from '../actions/site-activity';
import type { ApprovalValue } from '../../controllers/approvals/approval-types';
import type { CustomNetwork, CustomNetworkInput } from '../../controllers/network/custom-networks';
import type {
  CollectiblePreview,
  NewCustomNft,
} from '../../controllers/assets/CollectiblesController';
import type { NewCustomToken, TokenPreview } from '../../controllers/assets/TokensController';
import type { ContactInput } from '../../controllers/backend/api-client';
import type { BillboardItem } from '../../shared/billboard';
import type { Locale, Theme } from '../../shared/preferences';
import type { GasOverrides } from '../../controllers/transactions/overrides';
import type { SocialVerifier } from '../../shared/api/login';

/** A finished login: the account its key is (now in the keyring and selected). */
export interface LoginResult {
  address: Hex;
  /** True on the identity's first login anywhere: its key was made now. */
  created: boolean;
}

/** The second factor a new device offers: the threshold account's password or backup phrase. */
export type TKeySecondFactor = { password: string } | { phrase: string };

/** A transaction the wallet's own screens send; `from` is always the selected account. */
export interface SendTransactionParams {
  to: string;
  /** Wei, 0x-hex. */
  value?: string;
  data?: string;
  from?: string;
  gas?: string;
}

/** One asset transfer; amounts and token ids in base units (decimal or 0x-hex text). */
export type SendAssetRequest =
  | { kind: 'native'; to: string; amount: string }
  | { kind: 'erc20'; contract: string; to: string; amount: string }
  | { kind: 'erc721'; contract: string; to: string; tokenId: string }
  | { kind: 'erc1155'; contract: string; to: string; tokenId: string; amount: string };

/**
 * A queued send: its transaction, and the approval the screen confirms inline (null when the
 * transaction was settled before it reached the queue, e.g. rejected while loading defaults).
 */
export interface SendResult {
  txId: string;
  approvalId: string | null;
}

/** What the view adds to the transfer e-mail: the recipient's e-mail and the amount it showed. */
export interface TransferEmailRequest {
  email: string;
  /** Display text, e.g. '1.5' (at most 80 characters). */
  amount: string;
  /** Display text, e.g. 'ETH' or a collectible's name (at most 80 characters). */
  symbol: string;
}

export interface ActionApi {
  /**
   * Applies at once; also stored on the backend when signed in. The backend-kept changes below
   * resolve once stored and reject with a coded failure (`data: { code, operation }`, codes
   * 'backend.*'); the view chooses the message it shows.
   */
  setTheme(theme: Theme): Promise<void>;
  setLocale(locale: Locale): Promise<void>;
  /**
   * The currency rates are shown in: one of `SUPPORTED_CURRENCIES` (src/shared/currencies.ts)
   * or the network's ticker, else 'currency.unsupportedCurrency'; stored on the backend when
   * signed in.
   */
  setCurrency(currency: string): Promise<void>;
  setCrashReport(enabled: boolean): Promise<void>;
  /** Tells the background the user is active, so idle-skipped polling resumes. */
  reportUserActivity(): void;
  /** A screen shows fee estimates (the transfer form): keeps them polled for 45 s; renew while shown. */
  showGasFees(): void;

  /**
   * Social and email login (docs/login.md; the LoginController; the offered ways are in its
   * state). Starts a social login: the view opens `authorizationUrl` in the login popup, which comes
   * back to `redirectUri` (the wallet's /end, one the server allows). The PKCE verifier stays in
   * the background. Failures: 'identity.refused' ('Invalid verifier config: …').
   */
  startSocialLogin(
    verifier: SocialVerifier,
    redirectUri: string,
    /** The page's `sessionNamespace` ('' or absent: the wallet's own); the session is kept there. */
    namespace?: string,
  ): Promise<{ authorizationUrl: string; state: string }>;
  /**
   * Finishes it with the provider's answer: rebuilds the key from the key nodes in the
   * background, adds it to the keyring, selects it and signs in to the backend. Failures:
   * 'identity.unknownLogin', 'identity.refused', 'identity.keyUnavailable', 'identity.keyMismatch',
   * 'identity.vaultLocked'.
   */
  finishSocialLogin(state: string, code: string): Promise<LoginResult>;
  /** The popup closed or failed before an answer ('user closed popup'): the login ends. */
  cancelSocialLogin(state: string): void;
  /** Sends the login mail (6-digit code and magic link). */
  startEmailLogin(
    email: string,
    redirectUri: string,
    namespace?: string,
  ): Promise<{ loginId: string; codeExpiresAt: string; linkExpiresAt: string }>;
  /** The magic link's page (/end?magic_link=…): marks the email verified, in any browser. */
  verifyMagicLink(token: string): Promise<{ email: string }>;
  /** Finishes an email login with the code, or without one once the magic link was opened. */
  finishEmailLogin(loginId: string, code?: string): Promise<LoginResult>;
  /**
   * Plugin mode (embed loginWithPrivateKey): signs in with a dapp's private key (an `imported`
   * account, selected) and keeps the dapp's userInfo (name, email, profileImage, verifier,
   * verifierId, typeOfLogin only). Failures: 'keyring.emptyKey' ('Cannot import an empty key.'),
   * 'keyring.invalidKey' ('Cannot import invalid private key.'), 'identity.refused'
   * ('Invalid userInfo: …'), 'identity.vaultLocked'.
   */
  loginWithPrivateKey(privateKey: string, userInfo?: unknown): Promise<Hex>;
  /**
   * Derives the app-scoped account of a dapp project (spec part 1 §3) and adds it to the keyring
   * (`app_scoped`). Failures: 'identity.appScopedUnavailable' (no threshold or postbox key),
   * 'identity.invalidProjectId'.
   */
  addAppScopedAccount(projectId: string): Promise<Hex>;

  /**
   * After a reload: restores the login session of `namespace` (the page's `sessionNamespace`,
   * '' for the wallet's own pages) without a popup: the wallet unlocks, the account is selected
   * and the backend signed in. Null when there is none (expired, logged out, another
   * namespace's). A session whose account is gone logs out and fails with 'No Accounts
   * available' ('identity.noAccounts'). `LoginController.loginInProgress` is true meanwhile.
   */
  restoreSession(namespace?: string): Promise<LoginResult | null>;
  /**
   * Threshold (tKey) accounts (the TKeyController; docs/login.md). A login whose user has a
   * threshold account this device is not a factor of fails with 'tkey.secondFactorNeeded'; this
   * finishes it with the password or the backup phrase, and this device becomes a factor.
   * Failures: 'tkey.wrongPassword', 'tkey.wrongPhrase', 'tkey.oneFactor'.
   */
  finishWithSecondFactor(second: TKeySecondFactor): Promise<LoginResult>;
  /** Makes the signed-in user's threshold account: this device and, if given, a password. */
  createThresholdAccount(password?: string): Promise<LoginResult>;
  /** Adds the password factor or changes its password ('tkey.weakPassword'). */
  setTKeyPassword(password: string): Promise<void>;
  /**
   * The backup phrase (24 words), behind the account's password (or an explicit confirmation
   * when it has none); the first export adds the backup factor.
   */
  exportBackupPhrase(confirm: { password?: string; confirmed?: boolean }): Promise<string>;
  /** Removes a device (or the password or backup factor): its share stops working. */
  removeTKeyFactor(factorId: string): Promise<void>;

  /** Creates the encrypted vault and unlocks it. */
  createNewVault(password: string): Promise<void>;
  /**
   * Unlocks the vault; on a wrong password fails with 'Incorrect Password Entered.'
   * ('keyring.incorrectPassword') and changes nothing.
   */
  submitPassword(password: string): Promise<void>;
  setLocked(): void;
  /**
   * Logs out (spec part 1 §4): locks the wallet (keys leave the engine's memory), refuses pending
   * dapp requests (their windows close), forgets the backend session and the selected account,
   * and invalidates the login session (a reload shows the login screen). Network, custom
   * networks, white-label and theme stay. Connected dapps are sent accountsChanged [].
   */
  logout(): Promise<void>;
  /** Adds an account with a new random key made inside the keyring; it becomes selected if none is. */
  createNewAccount(): Promise<Hex>;
  importAccountWithPrivateKey(privateKey: string): Promise<Hex>;
  /** `passphrase` is the optional BIP-39 passphrase (the "25th word"). */
  importAccountWithSeedPhrase(seedPhrase: string, index: number, passphrase?: string): Promise<Hex>;
  importAccountWithKeystore(keystoreJson: string, password: string): Promise<Hex>;
  /** Selects one of the keyring's accounts. */
  setSelectedAddress(address: string): void;
  /**
   * Makes one of the keyring's accounts the user's default account (kept with the user's
   * settings of the selected address; on the backend when signed in).
   */
  setDefaultPublicAddress(address: string): Promise<void>;
  /**
   * One account as a keystore JSON v3 file encrypted with `password` (which must meet the key
   * password rules, else 'keyring.weakPassword'). The only way a key leaves the wallet, and
   * only encrypted.
   */
  exportKeystore(address: string, password: string): Promise<string>;

  setProviderType(type: string): Promise<void>;
  addCustomNetwork(network: CustomNetworkInput): Promise<CustomNetwork>;
  editCustomNetwork(id: string, network: CustomNetworkInput): Promise<CustomNetwork>;
  deleteCustomNetwork(id: string): Promise<void>;
  setCustomNetwork(id: string): Promise<void>;
  /**
   * Asks an RPC URL for its chain id (hex), before a custom network is saved; rejects with
   * 'network.rpcUnreachable', 'network.rpcBadAnswer' or 'network.invalidCustomNetwork'.
   */
  probeRpc(url: string): Promise<string>;

  /** Approves a pending request (a dapp's connect, signature, chain or asset request). */
  approveRequest(id: string, value: ApprovalValue): void;
  /** Rejects a pending request; the dapp gets the spec's 4001 error for its type. */
  rejectRequest(id: string): void;
  /**
   * The plaintext of a pending decrypt request, for the screen to show before the user allows
   * (the dapp gets it only on approveRequest). Any other id fails with 'approvals.requestNotFound'.
   */
  decryptMessageInline(id: string): Promise<string>;
  /** Withdraws a dapp's access to the accounts. */
  revokePermissions(origin: string): void;
  /**
   * Grants a site (an http(s) origin) the accounts for a period ('hour' | 'week' | 'month' |
   * 'year'), from settings, as a dapp's approved connect would; replaces an earlier grant.
   */
  grantPermissions(origin: string, accounts: string[], period: string): void;
  /**
   * A site's latest transactions (at most three), only those it may see: its own, from the
   * account it is shown now, on the current network; none while locked or not connected. For
   * the embed widget's panel, with the origin the iframe pinned.
   */
  siteActivity(origin: string): SiteActivityItem[];

  /**
   * Signs in to the backend with the selected account (message → sign → verify, unless a valid
   * token is stored), creates or syncs the user record, records the login, then loads the past
   * transactions and payment orders.
   */
  loginToBackend(verifier: string, verifierId: string): Promise<void>;
  addContact(contact: ContactInput): Promise<void>;
  deleteContact(contactId: number): Promise<void>;

  /**
   * Assets of the selected account on the selected network (TokensController,
   * CollectiblesController, TokenRatesController). The checks below reject with an error whose
   * `data.code` is an asset failure code (controllers/assets/errors.ts), e.g.
   * 'asset.invalidContractAddress', 'asset.duplicateToken', 'asset.notOwned', and the spec's
   * message; views pick their wording by code.
   */
  /** The add-token dialog's preview: contract checks, then symbol, name, decimals and balance. */
  readTokenMetadata(address: string): Promise<TokenPreview>;
  /**
   * Adds a custom token on the selected network (the contract fills what is left out): on the
   * backend when signed in (a backend failure rejects with the coded BackendChangeError), else
   * kept in the wallet. Resolves once stored and the token list is read again.
   */
  addCustomToken(token: NewCustomToken): Promise<void>;
  /** A server id (number) is deleted on the backend, a local id (`local-…`) in the wallet. */
  deleteCustomToken(tokenId: number | string): Promise<void>;
  /** The add-collectible dialog's preview: standard, existence, ownership, then metadata. */
  readCollectible(address: string, tokenId: string): Promise<CollectiblePreview>;
  /** Adds a custom NFT after the same checks; stored like custom tokens. */
  addCustomNft(nft: NewCustomNft): Promise<void>;
  /** Reads tokens, collectibles and then prices now; resolves when done. */
  refreshAssets(): Promise<void>;
  /** The user's verdict on a token: true folds it away as spam, false brings it back. */
  setTokenSpam(tokenAddress: string, isSpam: boolean): void;

  /**
   * Sends from the wallet's own screens (origin 'orrery', from the selected account): the
   * transaction is validated, its defaults loaded, and queued as a transaction approval that
   * the screen confirms with `approveRequest(approvalId, overrides)` or drops with
   * `rejectRequest`. Failures carry 'transfer.*' codes (controllers/transactions/errors.ts).
   */
  sendTransaction(params: SendTransactionParams): Promise<SendResult>;
  /** Like sendTransaction, with the calldata of a native, ERC-20, ERC-721 or ERC-1155 transfer built here. */
  sendAsset(request: SendAssetRequest): Promise<SendResult>;
  /** A replacement with the same nonce and 11/10 of the fees (or the overrides), sent at once. */
  speedUpTransaction(txId: string, overrides?: GasOverrides): Promise<{ txId: string }>;
  /** A zero-value self-transfer with the same nonce and 11/10 of the fees, sent at once. */
  cancelTransaction(txId: string, overrides?: GasOverrides): Promise<{ txId: string }>;
  /** A failed or dropped transaction again, queued for approval like a new one. */
  retryTransaction(txId: string, overrides?: GasOverrides): Promise<{ txId: string }>;
  /**
   * Resolves a recipient name or social identity ('ens', 'unstoppable', 'bit', 'google',
   * 'twitter', 'reddit', 'github', 'discord', 'facebook', 'twitch') through the backend; needs
   * the backend session. Coded failures: 'backend.invalidInput' (`data.detail` the identifier
   * rule's message key), 'backend.requestFailed' with `data.status` 404 when nothing resolves.
   */
  lookupRecipient(kind: string, id: string): Promise<{ addresses: string[] }>;
  /** Reads the receipts of unconfirmed past transactions and the server's list again. */
  refreshPastTransactions(): Promise<void>;
  /**
   * Queues the e-mail to a recipient sent to by e-mail login, for one of the wallet's own sends
   * already on the network (hash, sender, link from the engine's record); needs the backend
   * session. Refused: 'transfer.notReplaceable' (no such sent transfer), 'transfer.invalidAmount'
   * (fields), 'backend.invalidInput' (not an e-mail).
   */
  sendTransferEmail(txId: string, request: TransferEmailRequest): Promise<void>;
  /**
   * The featured billboard (GET /billboard) in `locale`, else English: https links and images
   * only, at most 10 items. Public content, no session needed; rejects when the backend fails.
   */
  readBillboard(locale: Locale): Promise<BillboardItem[]>;
}

export type ActionName = keyof ActionApi;

/** Every action's name, for code that builds the API generically (the view's remote proxy). */
export const ACTION_NAMES = [
  'setTheme',
  'setLocale',
  'setCurrency',
  'setCrashReport',
  'reportUserActivity',
  'showGasFees',
  'startSocialLogin',
  'finishSocialLogin',
  'cancelSocialLogin',
  'startEmailLogin',
  'verifyMagicLink',
  'finishEmailLogin',
  'restoreSession',
  'finishWithSecondFactor',
  'createThresholdAccount',
  'setTKeyPassword',
  'exportBackupPhrase',
  'removeTKeyFactor',
  'loginWithPrivateKey',
  'addAppScopedAccount',
  'createNewVault',
  'submitPassword',
  'setLocked',
  'logout',
  'createNewAccount',
  'importAccountWithPrivateKey',
  'importAccountWithSeedPhrase',
  'importAccountWithKeystore',
  'setSelectedAddress',
  'setDefaultPublicAddress',
  'exportKeystore',
  'setProviderType',
  'addCustomNetwork',
  'editCustomNetwork',
  'deleteCustomNetwork',
  'setCustomNetwork',
  'probeRpc',
  'approveRequest',
  'rejectRequest',
  'decryptMessageInline',
  'revokePermissions',
  'grantPermissions',
  'siteActivity',
  'loginToBackend',
  'addContact',
  'deleteContact',
  'readTokenMetadata',
  'addCustomToken',
  'deleteCustomToken',
  'readCollectible',
  'addCustomNft',
  'refreshAssets',
  'setTokenSpam',
  'sendTransaction',
  'sendAsset',
  'speedUpTransaction',
  'cancelTransaction',
  'retryTransaction',
  'refreshPastTransactions',
  'sendTransferEmail',
  'lookupRecipient',
  'readBillboard',
] as const satisfies readonly ActionName[];

// Fails to compile when an action is missing from ACTION_NAMES.
type UnlistedAction = Exclude<ActionName, (typeof ACTION_NAMES)[number]>;
export const allActionsListed: [UnlistedAction] extends [never] ? true : never = true;

/** The same API as seen from across a message channel: every call is asynchronous. */
export type RemoteActionApi = {
  [Name in ActionName]: (
    ...params: Parameters<ActionApi[Name]>
  ) => Promise<Awaited<ReturnType<ActionApi[Name]>>>;
};
