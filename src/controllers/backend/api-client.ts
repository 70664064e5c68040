// Typed client for the wallet's backend (spec part 2 §7, routes as served by src/server): one
// small function per call the controllers make. Every call has a timeout; failures are typed
// so callers can treat an expired token (logout) and a conflict (409) on their own. Request
// and answer types come from the API contract (src/shared/api), the same schemas the server
// validates with; this file imports only their types, so no schema code reaches the wallet.
import type {
  AccountType,
  AuthMessageReply,
  AuthVerifyReply,
  Contact,
  ContactInput,
  CreateUserBody,
  CustomNetwork,
  CustomNetworkInput,
  CustomNft,
  CustomNftInput,
  CustomToken,
  CustomTokenInput,
  Deleted,
  EtherscanReply,
  LookupReply,
  NameType,
  PatchUserBody,
  Permission,
  PermissionInput,
  PermissionPeriod,
  RecordLoginBody,
  RecordLoginReply,
  SendEmailBody,
  SendEmailReply,
  ServerTransaction,
  TransactionInput,
  TransactionList,
  TokenBalancesReply,
  TokenPricesReply,
  TransactionQuery,
  UserRecord,
} from '../../shared/api';
import type {
  EmailLinkBody,
  EmailLinkReply,
  EmailLoginFinishBody,
  EmailLoginStartBody,
  EmailLoginStartReply,
  LoginConfigReply,
  LoginFinishBody,
  LoginReply,
  LoginStartBody,
  LoginStartReply,
} from '../../shared/api/login';

// The records under the names the controllers use; their one definition is the API contract.
export type {
  AccountType,
  ContactInput,
  CustomNetworkInput,
  CustomNftInput,
  CustomTokenInput,
  PermissionInput,
  PermissionPeriod,
  ServerTransaction,
  TransactionInput,
};
export type ServerContact = Contact;
export type ServerCustomToken = CustomToken;
export type ServerCustomNft = CustomNft;
export type ServerCustomNetwork = CustomNetwork;
export type ServerPermission = Permission;
/** The server user record without the transactions (the client reads it with fetchTx=false). */
export type ServerUserRecord = Omit<UserRecord, 'transactions'>;
export type CreateUserInput = CreateUserBody;

/** The server's answer to a call that failed; `status` 0 means no answer (network, timeout). */
export class BackendError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'BackendError';
    this.status = status;
  }
}

/** True when `err` is the server's answer with this HTTP status (e.g. 401 logs out, 404 none). */
export function isBackendStatus(err: unknown, status: number): err is BackendError {
  return err instanceof BackendError && err.status === status;
}

/** 401 'Token expired' (spec part 2 §7: triggers logout). */
export class TokenExpiredError extends BackendError {
  constructor(message = 'Token expired') {
    super(401, message);
    this.name = 'TokenExpiredError';
  }
}

/** 409: the record already exists. */
export class ConflictError extends BackendError {
  constructor(message: string) {
    super(409, message);
    this.name = 'ConflictError';
  }
}

export const TOKEN_EXPIRED_MESSAGE = 'Token expired';
export const DEFAULT_BACKEND_TIMEOUT_MS = 10_000;

export interface BackendClientOptions {
  /** e.g. http://127.0.0.1:4051 (no trailing slash needed). */
  baseUrl: string;
  timeoutMs?: number;
  /** For tests or other runtimes; the global fetch by default. */
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function createBackendClient({
  baseUrl,
  timeoutMs = DEFAULT_BACKEND_TIMEOUT_MS,
  fetch: fetchImpl = (...args) => fetch(...args),
}: BackendClientOptions) {
  const base = baseUrl.replace(/\/+$/u, '');

  async function call<T>(
    method: Method,
    path: string,
    { token, body }: { token?: string; body?: unknown } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      // Not instanceof: fetch's DOMException may come from another realm (workers, jest).
      const { name, message } = (err ?? {}) as { name?: unknown; message?: unknown };
      const reason =
        name === 'TimeoutError'
          ? `timed out after ${timeoutMs} ms`
          : typeof message === 'string'
            ? message
            : String(err);
      throw new BackendError(0, `${method} ${path}: ${reason}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (response.ok) return parsed as T;
    const serverMessage =
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as { error?: unknown }).error === 'string'
        ? (parsed as { error: string }).error
        : `${method} ${path} answered ${response.status}`;
    if (response.status === 401 && serverMessage === TOKEN_EXPIRED_MESSAGE)
      throw new TokenExpiredError();
    if (response.status === 409) throw new ConflictError(serverMessage);
    throw new BackendError(response.status, serverMessage);
  }

  const id = (value: number) => encodeURIComponent(String(value));

  return {
    // Login (docs/login.md): the identity service; the key nodes are called by login/key-shares.
    getLoginConfig: () => call<LoginConfigReply>('GET', '/identity/config'),
    startSocialLogin: (body: LoginStartBody) =>
      call<LoginStartReply>('POST', '/identity/login/start', { body }),
    finishSocialLogin: (body: LoginFinishBody) =>
      call<LoginReply>('POST', '/identity/login/finish', { body }),
    startEmailLogin: (body: EmailLoginStartBody) =>
      call<EmailLoginStartReply>('POST', '/identity/email/start', { body }),
    verifyEmailLink: (body: EmailLinkBody) =>
      call<EmailLinkReply>('POST', '/identity/email/link', { body }),
    finishEmailLogin: (body: EmailLoginFinishBody) =>
      call<LoginReply>('POST', '/identity/email/finish', { body }),

    getAuthMessage: (publicAddress: string) =>
      call<AuthMessageReply>('POST', '/auth/message', {
        body: { public_address: publicAddress },
      }),
    verifyAuth: (publicAddress: string, signedMessage: string) =>
      call<AuthVerifyReply>('POST', '/auth/verify', {
        body: { public_address: publicAddress, signed_message: signedMessage },
      }),

    getUser: (token: string) => call<ServerUserRecord>('GET', '/user?fetchTx=false', { token }),
    createUser: (token: string, body: CreateUserInput) =>
      call<ServerUserRecord>('POST', '/user', { token, body }),
    patchUser: (token: string, body: PatchUserBody) =>
      call<ServerUserRecord>('PATCH', '/user', { token, body }),
    setTheme: (token: string, theme: string) =>
      call<ServerUserRecord>('PATCH', '/user/theme', { token, body: { theme } }),
    setCrashReporter: (token: string, enable: boolean) =>
      call<ServerUserRecord>('PATCH', '/user/crashreporter', {
        token,
        body: { enable_crash_reporter: enable },
      }),
    setLocale: (token: string, locale: string) =>
      call<ServerUserRecord>('PATCH', '/user/locale', { token, body: { locale } }),
    setVerifier: (token: string, verifier: string, verifierId: string) =>
      call<ServerUserRecord>('PATCH', '/user/verifier', { token, body: { verifier, verifierId } }),
    recordLogin: (token: string, body: RecordLoginBody) =>
      call<RecordLoginReply>('POST', '/user/recordLogin', { token, body }),

    lookupName: (token: string, key: string, type: NameType) =>
      call<LookupReply>('GET', `/lookup?${new URLSearchParams({ key, type }).toString()}`, {
        token,
      }),
    lookupIdentity: (token: string, verifier: string, verifierId: string) =>
      call<{ address: string }>(
        'GET',
        `/lookup/orrery?${new URLSearchParams({ verifier, verifierId }).toString()}`,
        { token },
      ),

    /** GET /etherscan: the address's block-explorer history on a chain (hex or decimal id). */
    getExplorerHistory: (token: string, selectedAddress: string, selectedNetwork: string) =>
      call<EtherscanReply>(
        'GET',
        `/etherscan?${new URLSearchParams({ selectedAddress, selectedNetwork }).toString()}`,
        { token },
      ),
    /** POST /transaction/sendemail: queues the e-mail telling a social recipient of a transfer. */
    sendTransferEmail: (token: string, emailObject: SendEmailBody['emailObject']) =>
      call<SendEmailReply>('POST', '/transaction/sendemail', { token, body: { emailObject } }),
    /** Public content, no session: the featured billboard, checked by billboardForLocale. */
    getBillboard: () => call<unknown>('GET', '/billboard'),

    addPermission: (token: string, body: PermissionInput) =>
      call<ServerPermission>('POST', '/permissions', { token, body }),

    getTransactions: (token: string, query: Partial<TransactionQuery> = {}) => {
      const params = new URLSearchParams();
      if (query.network) params.set('network', query.network);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      const qs = params.toString();
      return call<TransactionList>('GET', `/transaction${qs ? `?${qs}` : ''}`, { token });
    },
    postTransaction: (token: string, body: TransactionInput) =>
      call<ServerTransaction>('POST', '/transaction', { token, body }),
    patchTransaction: (token: string, txId: number, status: string) =>
      call<ServerTransaction>('PATCH', '/transaction', { token, body: { id: txId, status } }),

    addContact: (token: string, body: ContactInput) =>
      call<ServerContact>('POST', '/contact', { token, body }),
    deleteContact: (token: string, contactId: number) =>
      call<Deleted>('DELETE', `/contact/${id(contactId)}`, { token }),

    addCustomToken: (token: string, body: CustomTokenInput) =>
      call<ServerCustomToken>('POST', '/customtoken', { token, body }),
    deleteCustomToken: (token: string, tokenId: number) =>
      call<Deleted>('DELETE', `/customtoken/${id(tokenId)}`, { token }),
    addCustomNft: (token: string, body: CustomNftInput) =>
      call<ServerCustomNft>('POST', '/customnft', { token, body }),

    addCustomNetwork: (token: string, type: string, body: CustomNetworkInput) =>
      call<ServerCustomNetwork>('POST', `/customnetwork/${encodeURIComponent(type)}`, {
        token,
        body,
      }),
    editCustomNetwork: (token: string, networkId: number, body: CustomNetworkInput) =>
      call<ServerCustomNetwork>('PATCH', `/customnetwork/${id(networkId)}`, { token, body }),
    deleteCustomNetwork: (token: string, networkId: number) =>
      call<Deleted>('DELETE', `/customnetwork/${id(networkId)}`, { token }),

    /** GET /tokenprices: prices by lowercase contract address, then lowercase currency. */
    getTokenPrices: async (
      chainId: string,
      addresses: readonly string[],
      currencies: readonly string[],
    ): Promise<TokenPricesReply> => {
      const params = new URLSearchParams({
        chainId,
        contract_addresses: addresses.join(','),
        vs_currencies: currencies.join(','),
      });
      return (await call<TokenPricesReply>('GET', `/tokenprices?${params.toString()}`)) ?? {};
    },
    /** GET /tokenbalances: the hosted aggregator's ERC-20 holdings of the signed-in address. */
    getTokenBalances: (token: string, network: string) =>
      call<TokenBalancesReply>(
        'GET',
        `/tokenbalances?${new URLSearchParams({ network }).toString()}`,
        { token },
      ),

    /** GET /currency?fsym=&tsyms= → `{ [TSYM]: rate }` (the server's `source` field dropped). */
    getCurrencyRates: async (fsym: string, tsyms: string[]): Promise<Record<string, number>> => {
      const params = new URLSearchParams({ fsym, tsyms: tsyms.join(',') });
      const answer = await call<Record<string, unknown>>('GET', `/currency?${params.toString()}`);
      const rates: Record<string, number> = {};
      for (const [key, value] of Object.entries(answer ?? {})) {
        if (typeof value === 'number') rates[key] = value;
      }
      return rates;
    },
  };
}

export type BackendClient = ReturnType<typeof createBackendClient>;
