/**
 * The narrow, typed API a view (or a headless caller) uses to act on the background.
 * Each method is one action; views call them as `request` messages and get a `response` or
 * an `error` back. Add an action here and in `action-handlers.ts`, nowhere else.
 * No action returns a secret. A refused action rejects with a stable `data.code` next to its
 * message (`errors.ts`: FailureCode, failureCode); views match on the code.
 */
import type { Hex } from '../../shared/primitives';
import type { ApprovalValue } from '../../controllers/approvals/approval-types';
import type { CustomNetwork, CustomNetworkInput } from '../../controllers/network/custom-networks';
import type {
  CollectiblePreview,
  NewCustomNft,
} from '../../controllers/assets/CollectiblesController';
import type { NewCustomToken, TokenPreview } from '../../controllers/assets/TokensController';
import type { ContactInput } from '../../controllers/backend/api-client';
import type { Locale, Theme } from '../../shared/preferences';

export interface ActionApi {
  /**
   * Applies at once; also stored on the backend when signed in. The backend-kept changes below
   * resolve once stored and reject with a coded failure (`data: { code, operation }`, codes
   * 'backend.*'); the view chooses the message it shows.
   */
  setTheme(theme: Theme): Promise<void>;
  setLocale(locale: Locale): Promise<void>;
  /** The fiat currency rates are shown in; stored on the backend when signed in. */
  setCurrency(currency: string): Promise<void>;
  setCrashReport(enabled: boolean): Promise<void>;
  /** Tells the background the user is active, so idle-skipped polling resumes. */
  reportUserActivity(): void;

  /** Creates the encrypted vault and unlocks it. */
  createNewVault(password: string): Promise<void>;
  /**
   * Unlocks the vault; on a wrong password fails with 'Incorrect Password Entered.'
   * ('keyring.incorrectPassword') and changes nothing.
   */
  submitPassword(password: string): Promise<void>;
  setLocked(): void;
  /**
   * Logs out: locks the wallet, forgets the backend session and the selected account (network,
   * custom networks and theme stay). Connected dapps see their accounts emptied.
   */
  logout(): void;
  /** Adds an account with a new random key made inside the keyring; it becomes selected if none is. */
  createNewAccount(): Promise<Hex>;
  importAccountWithPrivateKey(privateKey: string): Promise<Hex>;
  /** `passphrase` is the optional BIP-39 passphrase (the "25th word"). */
  importAccountWithSeedPhrase(seedPhrase: string, index: number, passphrase?: string): Promise<Hex>;
  importAccountWithKeystore(keystoreJson: string, password: string): Promise<Hex>;
  /** Selects one of the keyring's accounts. */
  setSelectedAddress(address: string): void;

  setProviderType(type: string): Promise<void>;
  addCustomNetwork(network: CustomNetworkInput): Promise<CustomNetwork>;
  editCustomNetwork(id: string, network: CustomNetworkInput): Promise<CustomNetwork>;
  deleteCustomNetwork(id: string): Promise<void>;
  setCustomNetwork(id: string): Promise<void>;

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
}

export type ActionName = keyof ActionApi;

/** Every action's name, for code that builds the API generically (the view's remote proxy). */
export const ACTION_NAMES = [
  'setTheme',
  'setLocale',
  'setCurrency',
  'setCrashReport',
  'reportUserActivity',
  'createNewVault',
  'submitPassword',
  'setLocked',
  'logout',
  'createNewAccount',
  'importAccountWithPrivateKey',
  'importAccountWithSeedPhrase',
  'importAccountWithKeystore',
  'setSelectedAddress',
  'setProviderType',
  'addCustomNetwork',
  'editCustomNetwork',
  'deleteCustomNetwork',
  'setCustomNetwork',
  'approveRequest',
  'rejectRequest',
  'decryptMessageInline',
  'revokePermissions',
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
