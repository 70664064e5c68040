import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { MethodActions } from '../messenger/method-actions';
import {
  ConflictError,
  type BackendClient,
  type ContactInput,
  type CustomNetworkInput,
  type CustomNftInput,
  type CustomTokenInput,
  type PermissionInput,
  type ServerContact,
  type ServerCustomNetwork,
  type ServerCustomNft,
  type ServerCustomToken,
  type ServerPermission,
  type ServerUserRecord,
} from '../backend/api-client';
import {
  BackendChangeError,
  BackendErrorCode,
  notSignedIn,
  runBackendChange,
  type BackendOperation,
} from '../backend/errors';
import { billboardForLocale, type BillboardItem } from '../../shared/billboard';
import type {
  BackendSessionControllerGetTokenAction,
  BackendSessionControllerHandleUnauthorizedAction,
} from '../backend-session/BackendSessionController';
import type { NetworkControllerGetStateAction } from '../network/NetworkController';
import { validateContact } from '../preferences/contact-validation';
import type { PreferencesControllerGetStateAction } from '../preferences/PreferencesController';
import type { UserRecordControllerRecordLoadedEvent } from '../user-record/UserRecordController';

export const backendRecordsControllerName = 'BackendRecordsController';

/** Spec part 1 §3: the records a user keeps on the backend, with the server's ids. */
export type UserRecords = {
  contacts: ServerContact[];
  permissions: ServerPermission[];
  customTokens: ServerCustomToken[];
  customNfts: ServerCustomNft[];
  customNetworks: ServerCustomNetwork[];
};

/** The transfer e-mail's fields (the server's template reads them; `to` is the recipient). */
export type TransferEmail = {
  to: string;
  subject: string;
  from: string;
  transactionHash: string;
  etherscanLink: string;
  network: string;
  amount: string;
  symbol: string;
};

export type BackendRecordsState = {
  /** Per-address records, keyed by lowercase address. */
  records: Record<string, UserRecords>;
};

/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const backendRecordsControllerMetadata = {
  records: {
    persist: true,
    usedInUi: true,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
} satisfies StateMetadata<BackendRecordsState>;

export function getDefaultBackendRecordsState(): BackendRecordsState {
  return { records: {} };
}

export function emptyUserRecords(): UserRecords {
  return { contacts: [], permissions: [], customTokens: [], customNfts: [], customNetworks: [] };
}

function recordsOf(record: ServerUserRecord): UserRecords {
  return {
    contacts: record.contacts,
    permissions: record.permissions,
    customTokens: record.customTokens,
    customNfts: record.customNfts,
    customNetworks: record.customNetworks,
  };
}

export type BackendRecordsControllerGetStateAction = ControllerGetStateAction<
  typeof backendRecordsControllerName,
  BackendRecordsState
>;
/**
 * The methods others may call as `BackendRecordsController:<method>`: custom tokens and NFTs
 * are added through the assets controllers, which check them first.
 */
const MESSENGER_EXPOSED_METHODS = ['addCustomToken', 'deleteCustomToken', 'addCustomNft'] as const;

type BackendRecordsMethodAction<Method extends (typeof MESSENGER_EXPOSED_METHODS)[number]> =
  MethodActions<typeof backendRecordsControllerName, BackendRecordsController, Method>;
export type BackendRecordsControllerAddCustomTokenAction =
  BackendRecordsMethodAction<'addCustomToken'>;
export type BackendRecordsControllerDeleteCustomTokenAction =
  BackendRecordsMethodAction<'deleteCustomToken'>;
export type BackendRecordsControllerAddCustomNftAction = BackendRecordsMethodAction<'addCustomNft'>;
export type BackendRecordsControllerActions =
  | BackendRecordsControllerGetStateAction
  | BackendRecordsMethodAction<(typeof MESSENGER_EXPOSED_METHODS)[number]>;
export type BackendRecordsControllerEvents = ControllerStateChangeEvent<
  typeof backendRecordsControllerName,
  BackendRecordsState
>;

export type BackendRecordsControllerAllowedActions =
  | PreferencesControllerGetStateAction
  | NetworkControllerGetStateAction
  | BackendSessionControllerGetTokenAction
  | BackendSessionControllerHandleUnauthorizedAction;
export const BACKEND_RECORDS_CONTROLLER_DELEGATED_ACTIONS: BackendRecordsControllerAllowedActions['type'][] =
  [
    'PreferencesController:getState',
    'NetworkController:getState',
    'BackendSessionController:getToken',
    'BackendSessionController:handleUnauthorized',
  ];
export type BackendRecordsControllerAllowedEvents = UserRecordControllerRecordLoadedEvent;
export const BACKEND_RECORDS_CONTROLLER_DELEGATED_EVENTS: BackendRecordsControllerAllowedEvents['type'][] =
  ['UserRecordController:recordLoaded'];

export type BackendRecordsControllerMessenger = Messenger<
  typeof backendRecordsControllerName,
  BackendRecordsControllerActions | BackendRecordsControllerAllowedActions,
  BackendRecordsControllerEvents | BackendRecordsControllerAllowedEvents
>;

export interface BackendRecordsControllerOptions {
  messenger: BackendRecordsControllerMessenger;
  state?: Partial<BackendRecordsState>;
  backend: BackendClient;
}

/**
 * The records each user keeps on the backend (spec part 1 §3): contacts, custom tokens, custom
 * NFTs, custom networks and dapp permissions. Every change goes to the server first (records
 * get their ids there), so it needs a session; it resolves once stored and rejects with a
 * BackendChangeError. The lists are replaced whenever the user record is read.
 */
export class BackendRecordsController extends BaseController<
  typeof backendRecordsControllerName,
  BackendRecordsState,
  BackendRecordsControllerMessenger
> {
  readonly #backend: BackendClient;

  constructor({ messenger, state, backend }: BackendRecordsControllerOptions) {
    super({
      messenger,
      metadata: backendRecordsControllerMetadata,
      name: backendRecordsControllerName,
      state: { ...getDefaultBackendRecordsState(), ...state },
    });
    this.#backend = backend;
    this.messenger.subscribe('UserRecordController:recordLoaded', (address, record) => {
      this.update((draft) => {
        draft.records[address] = recordsOf(record);
      });
    });
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /** The selected address's records (empty lists when none are stored yet). */
  getRecords(address = this.#selectedAddress()): UserRecords {
    return (address && this.state.records[address]) || emptyUserRecords();
  }

  /** Validates by login type (spec part 1 §5) against the selected network, then stores. */
  async addContact(contact: ContactInput): Promise<void> {
    const { providerConfig } = this.messenger.call('NetworkController:getState');
    const error = validateContact(
      contact,
      this.getRecords().contacts,
      Number.parseInt(providerConfig.chainId, 16),
    );
    if (error) {
      throw new BackendChangeError(
        { code: BackendErrorCode.invalidInput, operation: 'contactAdd', detail: error },
        `Contact refused: ${error}`,
      );
    }
    await this.#change(
      'contactAdd',
      (token) => this.#backend.addContact(token, contact),
      (records, added) => {
        records.contacts.push(added);
      },
    );
  }

  /**
   * The address(es) a name or social identity resolves to for the send form (spec part 2 §7:
   * GET /lookup for ENS, Unstoppable and .bit, GET /lookup/orrery for a login). The identifier is
   * checked by the contact rules first (invalidInput, `detail` the message key); a name without
   * an address fails as requestFailed with status 404. Plain addresses need no lookup.
   */
  async lookupRecipient(kind: string, id: string): Promise<{ addresses: string[] }> {
    const operation = 'recipientLookup';
    const { providerConfig } = this.messenger.call('NetworkController:getState');
    const identifier = typeof id === 'string' ? id.trim() : '';
    const error =
      kind === 'eth' || kind === 'bitcoin'
        ? 'walletSettings.invalidContactType'
        : validateContact(
            { contact_verifier: kind, contact_verifier_id: identifier },
            [],
            Number.parseInt(providerConfig.chainId, 16),
          );
    if (error) {
      throw new BackendChangeError(
        { code: BackendErrorCode.invalidInput, operation, detail: error },
        `Recipient refused: ${error}`,
      );
    }
    const address = this.messenger.call('PreferencesController:getState').selectedAddress;
    const token = address && this.messenger.call('BackendSessionController:getToken', address);
    if (!address || !token) throw notSignedIn(operation);
    return runBackendChange(
      operation,
      async () => {
        if (kind === 'ens' || kind === 'unstoppable' || kind === 'bit') {
          const reply = await this.#backend.lookupName(token, identifier, kind);
          return { addresses: reply.addresses ?? [reply.address] };
        }
        const reply = await this.#backend.lookupIdentity(token, kind, identifier);
        return { addresses: [reply.address] };
      },
      () => this.messenger.call('BackendSessionController:handleUnauthorized', address),
    );
  }

  /**
   * Queues the e-mail that tells a recipient who was sent to by their e-mail login that a
   * transfer is on its way (spec part 2 §7 POST /transaction/sendemail). The caller builds the
   * message from the engine's own transaction record; only the address is checked here.
   */
  async sendTransferEmail(emailObject: TransferEmail): Promise<void> {
    const operation = 'transferEmail';
    const error = validateContact(
      { contact_verifier: 'google', contact_verifier_id: emailObject.to },
      [],
      1,
    );
    if (error) {
      throw new BackendChangeError(
        { code: BackendErrorCode.invalidInput, operation, detail: error },
        `E-mail refused: ${error}`,
      );
    }
    const address = this.messenger.call('PreferencesController:getState').selectedAddress;
    const token = address && this.messenger.call('BackendSessionController:getToken', address);
    if (!address || !token) throw notSignedIn(operation);
    await runBackendChange(
      operation,
      () => this.#backend.sendTransferEmail(token, emailObject),
      () => this.messenger.call('BackendSessionController:handleUnauthorized', address),
    );
  }

  async deleteContact(contactId: number): Promise<void> {
    await this.#change(
      'contactDelete',
      (token) => this.#backend.deleteContact(token, contactId),
      (records) => {
        records.contacts = records.contacts.filter((c) => c.id !== contactId);
      },
    );
  }

  /** A token already stored (409) counts as stored: it resolves and changes nothing. */
  async addCustomToken(input: CustomTokenInput): Promise<void> {
    await this.#change(
      'customTokenAdd',
      (token) => this.#backend.addCustomToken(token, input).catch(ignoreConflict),
      (records, added) => {
        if (added) records.customTokens.push(added);
      },
    );
  }

  async deleteCustomToken(tokenId: number): Promise<void> {
    await this.#change(
      'customTokenDelete',
      (token) => this.#backend.deleteCustomToken(token, tokenId),
      (records) => {
        records.customTokens = records.customTokens.filter((t) => t.id !== tokenId);
      },
    );
  }

  /** An NFT already stored (409) counts as stored: it resolves and changes nothing. */
  async addCustomNft(input: CustomNftInput): Promise<void> {
    await this.#change(
      'customNftAdd',
      (token) => this.#backend.addCustomNft(token, input).catch(ignoreConflict),
      (records, added) => {
        if (added) records.customNfts.push(added);
      },
    );
  }

  /** Resolves with the stored network (its server id is the wallet's id for it). */
  async addCustomNetwork(type: string, input: CustomNetworkInput): Promise<ServerCustomNetwork> {
    return this.#change(
      'customNetworkAdd',
      (token) => this.#backend.addCustomNetwork(token, type, input),
      (records, added) => {
        records.customNetworks.push(added);
      },
    );
  }

  async editCustomNetwork(
    networkId: number,
    input: CustomNetworkInput,
  ): Promise<ServerCustomNetwork> {
    return this.#change(
      'customNetworkUpdate',
      (token) => this.#backend.editCustomNetwork(token, networkId, input),
      (records, edited) => {
        records.customNetworks = records.customNetworks.map((n) =>
          n.id === networkId ? edited : n,
        );
      },
    );
  }

  async deleteCustomNetwork(networkId: number): Promise<void> {
    await this.#change(
      'customNetworkDelete',
      (token) => this.#backend.deleteCustomNetwork(token, networkId),
      (records) => {
        records.customNetworks = records.customNetworks.filter((n) => n.id !== networkId);
      },
    );
  }

  /** Records a dapp permission the user granted (POST /permissions). */
  async addPermission(input: PermissionInput): Promise<void> {
    await this.#change(
      'permissionAdd',
      (token) => this.#backend.addPermission(token, input),
      (records, added) => {
        records.permissions.push(added);
      },
    );
  }

  /** The featured billboard in `locale` (else English); public, no session needed (views.md G12). */
  async readBillboard(locale: string): Promise<BillboardItem[]> {
    return billboardForLocale(await this.#backend.getBillboard(), locale);
  }

  /** One record change for the selected address: the server call, then the local update. */
  async #change<T>(
    operation: BackendOperation,
    call: (token: string) => Promise<T>,
    apply: (records: UserRecords, result: T) => void,
  ): Promise<T> {
    const address = this.#selectedAddress();
    const token = address && this.messenger.call('BackendSessionController:getToken', address);
    if (!address || !token) throw notSignedIn(operation);
    const result = await runBackendChange(
      operation,
      () => call(token),
      () => this.messenger.call('BackendSessionController:handleUnauthorized', address),
    );
    this.update((state) => {
      apply((state.records[address] ??= emptyUserRecords()), result);
    });
    return result;
  }

  #selectedAddress(): string | null {
    return this.messenger.call('PreferencesController:getState').selectedAddress;
  }
}

/** A 409 (already stored) is no failure for an add that may repeat. */
function ignoreConflict(err: unknown): undefined {
  if (err instanceof ConflictError) return undefined;
  throw err;
}
