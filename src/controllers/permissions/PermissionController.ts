import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { MethodActions } from '../messenger/method-actions';
import { rpcErrors } from '@metamask/rpc-errors';

import type { ApprovalControllerAddRequestAction } from '../approvals/ApprovalController';
import {
  isPermissionPeriod,
  PERMISSION_PERIOD_IDS,
  PERMISSION_PERIODS,
  type PermissionPeriod,
} from './permission-periods';

export const permissionControllerName = 'PermissionController';

/** The one permission a dapp can hold: seeing (and asking to act for) accounts. */
export const ETH_ACCOUNTS_PERMISSION = 'eth_accounts';

/** Spec part 1 §5, permitted accounts. */
export const EMPTY_ACCOUNTS_ERROR = 'Must provide non-empty array of account(s).';
export const unknownAccountError = (account: string): string => `Unknown account: ${account}`;

/** One origin's grant. Accounts are lowercase 0x addresses, in the order the user chose them. */
export type PermissionGrant = {
  id: string;
  origin: string;
  accounts: string[];
  period: PermissionPeriod;
  /** Epoch ms. */
  grantedAt: number;
  /** Epoch ms; the grant answers as none from this moment. */
  expiresAt: number;
};

export type PermissionControllerState = {
  /** Grants by origin. */
  grants: Record<string, PermissionGrant>;
};

/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const permissionControllerMetadata = {
  grants: {
    persist: true,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
} satisfies StateMetadata<PermissionControllerState>;

/** EIP-2255 shape, as wallet_getPermissions and wallet_requestPermissions answer. */
export type WalletPermission = {
  id: string;
  invoker: string;
  parentCapability: typeof ETH_ACCOUNTS_PERMISSION;
  date: number;
  caveats: (
    { type: 'restrictReturnedAccounts'; value: string[] } | { type: 'expiresAt'; value: number }
  )[];
};

export type PermissionControllerGetStateAction = ControllerGetStateAction<
  typeof permissionControllerName,
  PermissionControllerState
>;
/** The methods others may call as `PermissionController:<method>`. */
const MESSENGER_EXPOSED_METHODS = [
  'requestAccounts',
  'requestPermissions',
  'grantPermissions',
  'getPermissions',
  'getPermittedAccounts',
  'revokePermissions',
] as const;

export type PermissionControllerActions =
  | PermissionControllerGetStateAction
  | MethodActions<
      typeof permissionControllerName,
      PermissionController,
      (typeof MESSENGER_EXPOSED_METHODS)[number]
    >;

export type PermissionControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof permissionControllerName,
  PermissionControllerState
>;
/** On grant, revoke and expiry: what the origin may now see (empty when nothing). */
export type PermissionControllerAccountsChangedEvent = {
  type: `${typeof permissionControllerName}:accountsChanged`;
  payload: [change: { origin: string; accounts: string[] }];
};
/** A new grant, from a dapp's connect approval or from settings (the backend keeps a record). */
export type PermissionControllerGrantedEvent = {
  type: `${typeof permissionControllerName}:granted`;
  payload: [grant: PermissionGrant];
};
export type PermissionControllerEvents =
  | PermissionControllerStateChangeEvent
  | PermissionControllerAccountsChangedEvent
  | PermissionControllerGrantedEvent;

export type PermissionControllerAllowedActions = ApprovalControllerAddRequestAction;

export type PermissionControllerMessenger = Messenger<
  typeof permissionControllerName,
  PermissionControllerActions | PermissionControllerAllowedActions,
  PermissionControllerEvents
>;

export interface PermissionControllerOptions {
  messenger: PermissionControllerMessenger;
  state?: Partial<PermissionControllerState>;
  /** The wallet's accounts (e.g. KeyringController:getAccounts); empty while locked. */
  getKnownAccounts: () => string[];
  /** Clock in epoch ms; tests pass their own. */
  now?: () => number;
}

/** setTimeout fires at once beyond 2^31-1 ms (about 24.8 days); longer waits are chained. */
const MAX_TIMER_DELAY = 2 ** 31 - 1;

const lower = (address: string): string => address.toLowerCase();
/** Up to this many granted accounts are looked up by a scan, more through a set. */
const FEW_ACCOUNTS = 4;

function assertOrigin(origin: unknown): asserts origin is string {
  if (typeof origin !== 'string' || origin.trim() === '') {
    throw rpcErrors.invalidParams({ message: 'A permission needs an origin.' });
  }
}

/**
 * Per-origin grants of `eth_accounts` for a period the user picks. Expired grants answer as none
 * and are pruned, by a timer and on every read; each change publishes `accountsChanged`.
 */
export class PermissionController extends BaseController<
  typeof permissionControllerName,
  PermissionControllerState,
  PermissionControllerMessenger
> {
  readonly #getKnownAccounts: () => string[];
  readonly #now: () => number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #destroyed = false;

  constructor({ messenger, state, getKnownAccounts, now }: PermissionControllerOptions) {
    const clock = now ?? (() => Date.now());
    // Grants that ran out while the wallet was closed are dropped quietly: nobody is connected yet.
    const grants = Object.fromEntries(
      Object.entries(state?.grants ?? {}).filter(([, grant]) => grant.expiresAt > clock()),
    );
    super({
      messenger,
      metadata: permissionControllerMetadata,
      name: permissionControllerName,
      state: { grants },
    });
    this.#getKnownAccounts = getKnownAccounts;
    this.#now = clock;

    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
    this.#scheduleExpiryCheck();
  }

  /** The permitted accounts; without any, asks the user to connect first. */
  async requestAccounts(origin: string): Promise<string[]> {
    assertOrigin(origin);
    const permitted = this.getPermittedAccounts(origin);
    if (permitted.length > 0) return permitted;
    await this.requestPermissions(origin);
    return this.getPermittedAccounts(origin);
  }

  /**
   * Asks the user (a `connect` approval) which accounts to expose and for how long; the approved
   * value is `{accounts, period}`. Rejection gives 4001 'User rejected permissions request'.
   */
  async requestPermissions(origin: string): Promise<WalletPermission[]> {
    assertOrigin(origin);
    const { result } = this.messenger.call('ApprovalController:addRequest', {
      origin,
      type: 'connect',
      requestData: { permissions: [ETH_ACCOUNTS_PERMISSION], periods: PERMISSION_PERIOD_IDS },
    });
    const value = await result;
    const { accounts, period } = (typeof value === 'object' && value !== null ? value : {}) as {
      accounts?: unknown;
      period?: unknown;
    };
    this.grantPermissions(origin, accounts as string[], period as PermissionPeriod);
    return this.getPermissions(origin);
  }

  /**
   * Grants `accounts` to `origin` for `period`, replacing an earlier grant. Accounts must be a
   * non-empty array of known accounts. Returns what the origin may now see.
   */
  grantPermissions(origin: string, accounts: string[], period: PermissionPeriod): string[] {
    assertOrigin(origin);
    const chosen = this.#validateAccounts(accounts);
    if (!isPermissionPeriod(period)) {
      throw rpcErrors.invalidParams({
        message: `Invalid permission period "${String(period)}": expected one of ${PERMISSION_PERIOD_IDS.join(', ')}.`,
      });
    }
    const grantedAt = this.#now();
    const grant: PermissionGrant = {
      id: globalThis.crypto.randomUUID(),
      origin,
      accounts: chosen,
      period,
      grantedAt,
      expiresAt: grantedAt + PERMISSION_PERIODS[period],
    };
    this.update((state) => {
      state.grants[origin] = grant;
    });
    this.#scheduleExpiryCheck();
    const permitted = this.getPermittedAccounts(origin);
    this.#publishAccounts(origin, permitted);
    this.messenger.publish(`${permissionControllerName}:granted`, {
      ...grant,
      accounts: [...chosen],
    });
    return permitted;
  }

  /** The origin's unexpired grant, if any. */
  getGrant(origin: string): PermissionGrant | undefined {
    this.checkExpiry();
    return typeof origin === 'string' ? this.state.grants[origin] : undefined;
  }

  /** wallet_getPermissions: the origin's `eth_accounts` permission (EIP-2255), or none. */
  getPermissions(origin: string): WalletPermission[] {
    const grant = this.getGrant(origin);
    if (!grant) return [];
    return [
      {
        id: grant.id,
        invoker: grant.origin,
        parentCapability: ETH_ACCOUNTS_PERMISSION,
        date: grant.grantedAt,
        caveats: [
          { type: 'restrictReturnedAccounts', value: this.getPermittedAccounts(origin) },
          { type: 'expiresAt', value: grant.expiresAt },
        ],
      },
    ];
  }

  /** The accounts the origin may see: its grant, filtered to accounts the wallet still has. */
  getPermittedAccounts(origin: string): string[] {
    const grant = this.getGrant(origin);
    if (!grant) return [];
    // Asked on every dapp request that acts for an account. A grant holds one account or a
    // few: a pass over the keyring's accounts per granted one beats building a set of them all.
    const known = this.#getKnownAccounts();
    if (grant.accounts.length > FEW_ACCOUNTS) {
      const knownSet = new Set(known.map(lower));
      return grant.accounts.filter((account) => knownSet.has(account));
    }
    return grant.accounts.filter((account) => known.some((k) => lower(k) === account));
  }

  /** Forgets the origin's grant; it sees no accounts from now on. */
  revokePermissions(origin: string): void {
    assertOrigin(origin);
    if (!this.state.grants[origin]) return;
    this.update((state) => {
      delete state.grants[origin];
    });
    this.#scheduleExpiryCheck();
    this.#publishAccounts(origin, []);
  }

  /** Prunes expired grants and tells each origin it lost its accounts. Runs on reads and on a timer. */
  checkExpiry(): void {
    const now = this.#now();
    const expired = Object.values(this.state.grants)
      .filter((grant) => grant.expiresAt <= now)
      .map((grant) => grant.origin);
    if (expired.length === 0) return;
    this.update((state) => {
      for (const origin of expired) delete state.grants[origin];
    });
    this.#scheduleExpiryCheck();
    for (const origin of expired) this.#publishAccounts(origin, []);
  }

  override destroy(): void {
    this.#destroyed = true;
    this.#clearTimer();
    super.destroy();
  }

  #validateAccounts(accounts: unknown): string[] {
    if (!Array.isArray(accounts) || accounts.length === 0) {
      throw rpcErrors.invalidParams({ message: EMPTY_ACCOUNTS_ERROR });
    }
    const known = new Set(this.#knownAccounts());
    const chosen: string[] = [];
    for (const account of accounts as unknown[]) {
      if (typeof account !== 'string' || !known.has(lower(account))) {
        throw rpcErrors.invalidParams({ message: unknownAccountError(String(account)) });
      }
      if (!chosen.includes(lower(account))) chosen.push(lower(account));
    }
    return chosen;
  }

  #knownAccounts(): string[] {
    return this.#getKnownAccounts().map(lower);
  }

  #publishAccounts(origin: string, accounts: string[]): void {
    this.messenger.publish(`${permissionControllerName}:accountsChanged`, { origin, accounts });
  }

  /** One timer, for the earliest expiry; rescheduled whenever grants change. */
  #scheduleExpiryCheck(): void {
    this.#clearTimer();
    if (this.#destroyed) return;
    const expiries = Object.values(this.state.grants).map((grant) => grant.expiresAt);
    if (expiries.length === 0) return;
    const delay = Math.min(Math.max(Math.min(...expiries) - this.#now(), 0), MAX_TIMER_DELAY);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.checkExpiry();
      this.#scheduleExpiryCheck();
    }, delay);
    // Expiry is also checked on every read, so the timer need not keep a process alive.
    this.#timer.unref?.();
  }

  #clearTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
