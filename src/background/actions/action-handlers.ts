import type { CustomNetworkInput as ServerNetworkInput } from '../../controllers/backend/api-client';
import { KeyringError, KeyringErrorCode } from '../../controllers/keyring/errors';
import { type CustomNetwork, toCustomNetwork } from '../../controllers/network/custom-networks';
import {
  NO_LOGIN_ACCOUNT_ERROR,
  UserRecordError,
  UserRecordErrorCode,
} from '../../controllers/user-record/errors';
import { invalidCurrency, unsupportedCurrency } from '../../controllers/currency/errors';
import { probeRpc } from '../../controllers/network/probe-rpc';
import type { PermissionPeriod } from '../../controllers/permissions/permission-periods';
import { isSupportedCurrency } from '../../shared/currencies';
import { isLocale } from '../../shared/preferences';
import type { Controllers } from '../engine/build-controllers';
import { requestNotFound } from '../../controllers/approvals/errors';
import { ActionErrorCode } from '../contract/protocol';
import type { ActionApi, LoginResult } from '../contract/action-api';
import type { LoggedIn } from '../../controllers/login/LoginController';
import { checkSessionNamespace } from '../../controllers/login/login-session';
import { LoginError, LoginErrorCode, NO_ACCOUNTS_ERROR } from '../../controllers/login/errors';
import { SOCIAL_VERIFIERS } from '../../shared/api/login';
import type { Hex } from '../../shared/primitives';
import { createSendActions } from './send-actions';
import { createTransferEmailAction } from './transfer-email';
import { siteActivity } from './site-activity';
import { confirmationOf, secondFactorOf } from './tkey-input';
import { allTransactions } from '../../controllers/transactions/selectors';

/** An action failure that carries its own code across the view boundary. */
export class ActionFailure extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'ActionFailure';
    this.code = code;
  }
}

export type ActionControllers = Controllers & {
  userIdle: { markActive(): void };
  gasDemand: { showFees(): void };
};

/** Binds every action of the API to the controller that carries it out. */
export function createActionHandlers({
  PreferencesController: preferences,
  KeyringController: keyring,
  LoginController: login,
  TKeyController: tkey,
  NetworkController: network,
  ApprovalController: approvals,
  SignatureController: signatures,
  PermissionController: permissions,
  BackendSessionController: backendSession,
  UserRecordController: userRecord,
  BackendRecordsController: backendRecords,
  PastTransactionsController: pastTransactions,
  CurrencyController: currency,
  TokensController: tokens,
  TokenRatesController: tokenRates,
  CollectiblesController: collectibles,
  TransactionController: transactions,
  userIdle,
  gasDemand,
}: ActionControllers): ActionApi {
  const signedIn = () => {
    const address = preferences.state.selectedAddress;
    return address !== null && backendSession.getToken(address) !== undefined;
  };
  const assertKnownAccount = (address: unknown) => {
    const known = keyring.getAccounts().map((account) => account.toLowerCase());
    if (typeof address !== 'string' || !known.includes(address.toLowerCase())) {
      throw new KeyringError(
        KeyringErrorCode.unknownAddress,
        `Unknown account: ${String(address)}`,
      );
    }
  };
  const selectImported = async (imported: Promise<Hex>): Promise<Hex> => {
    const address = await imported;
    preferences.setSelectedAddress(address);
    return address;
  };
  // A login's account becomes the selected one, and its user is signed in to the backend
  // (user record, past transactions) as the local way in does with loginToBackend.
  const afterLogin = async ({ address, created, userInfo }: LoggedIn): Promise<LoginResult> => {
    preferences.setSelectedAddress(address);
    await userRecord.init({
      address,
      verifier: userInfo.verifier,
      verifierId: userInfo.verifierId,
      hostname: 'orrery',
    });
    await pastTransactions.fetchPastTransactions(address);
    return { address, created };
  };
  // Spec part 1 §4 logout: the wallet locks first (the keys leave memory, every connected dapp
  // is told at once: accountsChanged [] on its provider stream), pending requests are refused
  // (their approval windows close), then the backend token is forgotten and the login session
  // invalidated. Network, custom networks, white-label and theme stay.
  let loggingOut: Promise<void> | null = null;
  const logout = (): Promise<void> => {
    // Forgetting the backend token below announces a logout, which asks for this one again.
    loggingOut ??= logoutOnce().finally(() => {
      loggingOut = null;
    });
    return loggingOut;
  };
  const logoutOnce = async (): Promise<void> => {
    keyring.setLocked();
    approvals.rejectAll();
    const address = preferences.state.selectedAddress;
    if (address && backendSession.getToken(address)) backendSession.handleUnauthorized(address);
    preferences.setSelectedAddress(null);
    await login.logout();
  };
  return {
    startSocialLogin: async (verifier, redirectUri, namespace) => {
      // Allow the known social verifiers; email has its own start, anything else is refused.
      if (!(SOCIAL_VERIFIERS as readonly string[]).includes(verifier)) {
        throw new LoginError(LoginErrorCode.invalidVerifierConfig, 'Invalid verifier config');
      }
      const { authorizationUrl, state } = await login.startSocialLogin(verifier, redirectUri, {
        namespace: checkSessionNamespace(namespace),
      });
      return { authorizationUrl, state };
    },
    finishSocialLogin: async (state, code) =>
      afterLogin(await login.finishSocialLogin(state, code)),
    cancelSocialLogin: (state) => login.cancelSocialLogin(state),
    startEmailLogin: (email, redirectUri, namespace) =>
      login.startEmailLogin(email, redirectUri, checkSessionNamespace(namespace)),
    // After a reload: the namespace's session opens the vault again, no popup (spec part 1 §2).
    // The account is selected and the backend signed in again; a backend failure is only logged
    // (rehydration completes in all cases). A session whose account is gone logs out.
    restoreSession: async (namespace) => {
      const restored = await login.restoreSession(checkSessionNamespace(namespace));
      if (!restored.restored) {
        if (restored.noAccounts) {
          await logout();
          throw new LoginError(LoginErrorCode.noAccounts, NO_ACCOUNTS_ERROR);
        }
        return null;
      }
      preferences.setSelectedAddress(restored.address);
      const { userInfo } = restored;
      if (!backendSession.getToken(restored.address)) {
        try {
          await afterLogin({ address: restored.address, created: false, userInfo });
        } catch (error) {
          console.warn('Restored the session, but the backend sign-in failed:', error);
        }
      }
      return { address: restored.address, created: false };
    },
    verifyMagicLink: (token) => login.verifyMagicLink(token),
    finishEmailLogin: async (loginId, code) =>
      afterLogin(await login.finishEmailLogin(loginId, code)),
    finishWithSecondFactor: async (second) =>
      afterLogin(await login.finishWithSecondFactor(secondFactorOf(second))),
    createThresholdAccount: async (password) =>
      afterLogin(await login.createThresholdAccount(password)),
    setTKeyPassword: (password) => tkey.setPassword(String(password)),
    exportBackupPhrase: (confirm) => tkey.exportBackupPhrase(confirmationOf(confirm)),
    removeTKeyFactor: (factorId) => tkey.removeFactor(String(factorId)),
    loginWithPrivateKey: (privateKey, userInfo) =>
      selectImported(login.loginWithPrivateKey(privateKey, userInfo)),
    addAppScopedAccount: (projectId) => login.addAppScopedAccount(projectId),

    // Signed in to the backend, a change is stored there too; otherwise (login screen, no
    // backend) it is local only. Each resolves once applied or rejects with a coded failure
    // (BackendChangeError: data.code, data.operation); the view picks the message to show.
    setTheme: async (theme) => {
      if (signedIn()) await userRecord.setTheme(theme);
      else preferences.setTheme(theme);
    },
    setLocale: async (locale) => {
      if (signedIn()) await userRecord.setLocale(locale);
      else preferences.setLocale(locale);
    },
    setCurrency: async (code) => {
      const { ticker } = network.state.providerConfig;
      if (typeof code !== 'string' || !/^[A-Za-z0-9]{2,10}$/u.test(code))
        throw invalidCurrency(code);
      if (!isSupportedCurrency(code, ticker)) throw unsupportedCurrency(code);
      if (signedIn()) await userRecord.setSelectedCurrency(code);
      else await currency.setCurrentCurrency(code);
    },
    setCrashReport: async (enabled) => {
      if (typeof enabled !== 'boolean') {
        throw new ActionFailure(
          ActionErrorCode.invalidParams,
          'setCrashReport takes true or false.',
        );
      }
      await userRecord.setCrashReport(enabled);
    },
    reportUserActivity: () => userIdle.markActive(),
    showGasFees: () => gasDemand.showFees(),

    createNewVault: (password) => keyring.createNewVault(password),
    submitPassword: (password) => keyring.submitPassword(password),
    setLocked: () => keyring.setLocked(),
    logout,
    createNewAccount: () => keyring.createNewAccount(),
    // The user expects to act with the account they have just imported.
    importAccountWithPrivateKey: (privateKey) =>
      selectImported(keyring.importAccountWithPrivateKey(privateKey)),
    importAccountWithSeedPhrase: (seedPhrase, index, passphrase) =>
      selectImported(keyring.importAccountWithSeedPhrase(seedPhrase, index ?? 0, passphrase ?? '')),
    importAccountWithKeystore: (keystoreJson, password) =>
      selectImported(keyring.importAccountWithKeystore(keystoreJson, password)),
    setSelectedAddress: (address) => {
      assertKnownAccount(address);
      preferences.setSelectedAddress(address);
    },
    setDefaultPublicAddress: async (address) => {
      assertKnownAccount(address);
      await userRecord.setDefaultPublicAddress(address);
    },
    exportKeystore: (address, password) => keyring.exportKeystore(address, password),

    setProviderType: (type) => network.setProviderType(type),
    // Signed in, custom networks live on the server too and keep the server's id locally.
    addCustomNetwork: async (input) => {
      if (!signedIn()) return network.addCustomNetwork(input);
      const checked = toCustomNetwork(input, 'new'); // bad input fails before any request
      const saved = await backendRecords.addCustomNetwork('rpc', toServerNetworkInput(checked));
      return network.addCustomNetwork({ ...input, id: saved.id });
    },
    editCustomNetwork: async (id, input) => {
      const checked = toCustomNetwork(input, id);
      if (signedIn() && isServerId(id))
        await backendRecords.editCustomNetwork(Number(id), toServerNetworkInput(checked));
      return network.editCustomNetwork(id, input);
    },
    deleteCustomNetwork: async (id) => {
      if (signedIn() && isServerId(id)) await backendRecords.deleteCustomNetwork(Number(id));
      await network.deleteCustomNetwork(id);
    },
    setCustomNetwork: (id) => network.setCustomNetwork(id),
    probeRpc: (url) => probeRpc(url),

    // A value the requester refuses (e.g. bad transaction overrides) throws
    // 'approvals.invalidValue', the request still pending.
    approveRequest: (id, value) => approvals.approve(id, value),
    rejectRequest: (id) => approvals.reject(id),
    decryptMessageInline: async (id) => {
      const request = approvals.getRequest(id);
      if (request?.type !== 'decrypt') throw requestNotFound(id);
      return signatures.decryptPreview(request.requestData.messageId);
    },
    revokePermissions: (origin) => permissions.revokePermissions(origin),
    grantPermissions: (origin, accounts, period) => {
      // Typed by a person in settings: only a web site's own origin (scheme, host, port).
      if (!isSiteOrigin(origin)) {
        throw new ActionFailure(
          ActionErrorCode.invalidParams,
          `Invalid site "${String(origin)}": expected an origin such as https://app.example.`,
        );
      }
      permissions.grantPermissions(origin, accounts, period as PermissionPeriod);
    },
    siteActivity: (origin) => {
      // The account the site is shown (rpc-context's exposedAccounts): selected and permitted.
      const selected = preferences.state.selectedAddress;
      const shown =
        keyring.state.isUnlocked &&
        selected !== null &&
        permissions.getPermittedAccounts(origin).includes(selected)
          ? selected
          : null;
      return siteActivity(allTransactions(transactions.state.transactions), {
        origin,
        account: shown,
        chainId: network.state.providerConfig.chainId,
      });
    },

    loginToBackend: async (verifier, verifierId) => {
      const address = preferences.state.selectedAddress;
      if (!address)
        throw new UserRecordError(UserRecordErrorCode.noAccount, NO_LOGIN_ACCOUNT_ERROR);
      await userRecord.init({ address, verifier, verifierId, hostname: 'orrery' });
      // The explorer's history (G14) arrives on its own: a slow explorer must not hold up login.
      void pastTransactions.fetchExplorerHistory(address).catch(() => undefined);
      // One read of the server's list fills both past transactions and payment orders.
      await pastTransactions.fetchPastTransactions(address);
    },
    addContact: (contact) => backendRecords.addContact(contact),
    deleteContact: (contactId) => backendRecords.deleteContact(contactId),

    readTokenMetadata: (address) => tokens.readTokenMetadata(address),
    addCustomToken: (token) => tokens.addCustomToken(token),
    deleteCustomToken: (tokenId) => tokens.deleteCustomToken(tokenId),
    readCollectible: (address, tokenId) => collectibles.readCollectible(address, tokenId),
    addCustomNft: (nft) => collectibles.addCustomNft(nft),
    refreshAssets: async () => {
      // The user asks for the chain as it is now: read the head first, or 'latest' reads come
      // from the per-block cache of the last head seen (up to a block poll interval old).
      await network.readHeadNow();
      await Promise.all([tokens.refreshNow(), collectibles.refreshNow()]);
      // Prices are asked for the tokens just read.
      await tokenRates.refreshNow();
    },
    setTokenSpam: (tokenAddress, isSpam) => tokens.setTokenSpam(tokenAddress, isSpam),

    ...createSendActions({
      transactions,
      approvals,
      selectedAddress: () => preferences.state.selectedAddress,
      networkLoading: () => network.state.networkStatus === 'loading',
    }),
    lookupRecipient: (kind, id) => backendRecords.lookupRecipient(kind, id),
    sendTransferEmail: createTransferEmailAction({ transactions, network, backendRecords }),
    readBillboard: (locale) => {
      if (!isLocale(locale)) throw new Error(`Unknown locale: ${String(locale)}`);
      return backendRecords.readBillboard(locale);
    },
    refreshPastTransactions: async () => {
      const address = preferences.state.selectedAddress;
      await pastTransactions.refreshPastTransactions();
      // Signed in, the server's list (sent, received, top-up orders) and the block explorer's
      // history (G14) are read again too.
      if (address && backendSession.getToken(address))
        await Promise.all([
          pastTransactions.fetchPastTransactions(address),
          pastTransactions.fetchExplorerHistory(address),
        ]);
    },
  };
}

function isSiteOrigin(origin: unknown): origin is string {
  if (typeof origin !== 'string') return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin;
  } catch {
    return false;
  }
}

/** Ids the server gave (positive integers); networks added while signed out have UUIDs. */
const isServerId = (id: string) => /^[1-9][0-9]*$/u.test(id);

function toServerNetworkInput(network: CustomNetwork): ServerNetworkInput {
  return {
    network_name: network.networkName,
    rpc_url: network.host,
    chain_id: network.chainId,
    symbol: network.symbol,
    block_explorer_url: network.blockExplorer || null,
  };
}

/** Runs an action named by a message. Unknown names are refused with their own code. */
export async function dispatchAction(
  api: ActionApi,
  action: string,
  params: readonly unknown[],
): Promise<unknown> {
  if (!Object.hasOwn(api, action)) {
    throw new ActionFailure(ActionErrorCode.unknownAction, `Unknown action: ${action}`);
  }
  const handler = api[action as keyof ActionApi] as (...args: readonly unknown[]) => unknown;
  if (params.length > handler.length) {
    throw new ActionFailure(
      ActionErrorCode.invalidParams,
      `Action ${action} takes ${handler.length} parameter(s), got ${params.length}.`,
    );
  }
  return handler(...params);
}
