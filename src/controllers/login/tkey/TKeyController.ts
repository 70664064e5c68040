import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { LoginReply } from '../../../shared/api/login';
import type { KeyringControllerLockEvent } from '../../keyring/KeyringController';
import type { Hex } from '../../../shared/primitives';
import type { RebuiltKey } from '../key-shares';
import type { ScryptParams } from './crypto';
import { TKeyError, TKeyErrorCode } from './errors';
import {
  addDevice,
  createThresholdKey,
  describeFactors,
  exportBackupPhrase,
  openThresholdKey,
  removeFactor,
  setPassword,
  type DeviceFactor,
  type FactorType,
  type SecondFactor,
  type ThresholdKey,
  type TKeyMetadata,
} from './factors';
import { MetadataStore } from './metadata-store';

export const tKeyControllerName = 'TKeyController';

/** A factor as settings show it: no secret. */
export type TKeyFactorSummary = {
  id: string;
  type: FactorType;
  createdAt: number;
  label?: string;
  /** True for this device's own factor. */
  thisDevice: boolean;
};

export type TKeyState = {
  /**
   * This device's factor per threshold account (by the account's address): kept in the
   * profile's storage by the engine's persistence, never sent to a view.
   */
  devices: Record<string, DeviceFactor>;
  /** The signed-in threshold account's factors (settings); [] otherwise. */
  factors: TKeyFactorSummary[];
  /** True while a signed-in user's threshold account waits for a second factor (new device). */
  secondFactorNeeded: boolean;
};

export const tKeyControllerMetadata = {
  devices: {
    persist: true,
    usedInUi: false,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
  factors: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
  secondFactorNeeded: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
} satisfies StateMetadata<TKeyState>;

export function getDefaultTKeyState(): TKeyState {
  return { devices: {}, factors: [], secondFactorNeeded: false };
}

export type TKeyControllerGetStateAction = ControllerGetStateAction<
  typeof tKeyControllerName,
  TKeyState
>;
export type TKeyControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof tKeyControllerName,
  TKeyState
>;
/** Locking the keyring drops the keys this controller holds, as logout does. */
export const TKEY_CONTROLLER_DELEGATED_EVENTS: KeyringControllerLockEvent['type'][] = [
  'KeyringController:lock',
];

export type TKeyControllerMessenger = Messenger<
  typeof tKeyControllerName,
  TKeyControllerGetStateAction,
  TKeyControllerStateChangeEvent | KeyringControllerLockEvent
>;

/** A threshold key with the postbox key whose login opened it (the vault's password comes from it). */
export interface OpenedThresholdKey {
  key: ThresholdKey;
  postbox: RebuiltKey;
}

/** What a social login leads to for its user's account. */
export type ThresholdOutcome =
  { type: 'normal' } | { type: 'threshold'; key: ThresholdKey } | { type: 'secondFactorNeeded' };

export interface TKeyControllerOptions {
  messenger: TKeyControllerMessenger;
  state?: Partial<TKeyState>;
  fetchFn?: typeof fetch;
  now?: () => number;
  /** The device's description in the factor list (the browser's user agent by default). */
  deviceLabel?: () => string;
  /** scrypt cost of password factors (tests lower it; the default is the spec-grade 2^17). */
  scrypt?: ScryptParams;
}

/** The signed-in user's keys, in memory only (dropped at logout). */
interface Session {
  postbox: RebuiltKey;
  store: MetadataStore;
  metadata: TKeyMetadata | null;
  version: number;
  key: ThresholdKey | null;
}

function defaultDeviceLabel(): string {
  return typeof navigator === 'undefined' ? 'This device' : navigator.userAgent.slice(0, 120);
}

/**
 * Threshold (tKey) accounts (spec part 1 §3, §6; docs/login.md): 2 of {social login, device,
 * password, backup phrase}. The LoginController hands it each login's postbox key; this decides
 * whether the user has a threshold account, opens it with this device's factor or waits for a
 * second one, and keeps the factors (metadata on the key nodes, device factor in persisted
 * state). Keys and shares stay in this background; views see factor kinds and labels only.
 */
export class TKeyController extends BaseController<
  typeof tKeyControllerName,
  TKeyState,
  TKeyControllerMessenger
> {
  readonly #fetch: typeof fetch | undefined;
  readonly #now: () => number;
  readonly #deviceLabel: () => string;
  readonly #scrypt: ScryptParams | undefined;
  #session: Session | null = null;

  constructor({ messenger, state, fetchFn, now, deviceLabel, scrypt }: TKeyControllerOptions) {
    super({
      messenger,
      metadata: tKeyControllerMetadata,
      name: tKeyControllerName,
      state: { ...getDefaultTKeyState(), devices: state?.devices ?? {} },
    });
    this.#fetch = fetchFn;
    this.#now = now ?? Date.now;
    this.#deviceLabel = deviceLabel ?? defaultDeviceLabel;
    this.#scrypt = scrypt;
    this.messenger.subscribe('KeyringController:lock', () => this.forget());
  }

  /**
   * After a social login rebuilt the postbox key: reads the user's tKey metadata. No metadata:
   * a normal account. Metadata and this device's factor: the threshold key. Metadata without
   * it: a second factor is needed (finishWithSecondFactor).
   */
  async resolveLogin(postbox: RebuiltKey, reply: LoginReply): Promise<ThresholdOutcome> {
    const store = new MetadataStore(
      reply.identityTokens.map((t) => t.url),
      reply.keyThreshold,
      this.#fetch,
    );
    const { metadata, version } = await store.read(postbox.privateKey);
    this.#session = { postbox, store, metadata, version, key: null };
    if (!metadata) {
      this.#publish();
      return { type: 'normal' };
    }
    const device = this.state.devices[metadata.address];
    if (device && metadata.factors.some((f) => f.id === device.factorId)) {
      const key = await openThresholdKey(postbox.privateKey, metadata, { type: 'device', device });
      this.#session.key = key;
      this.#publish();
      return { type: 'threshold', key };
    }
    this.#publish(true);
    return { type: 'secondFactorNeeded' };
  }

  /** The new-device flow: the second factor opens the key, then this device becomes a factor. */
  async finishWithSecondFactor(second: SecondFactor): Promise<OpenedThresholdKey> {
    const session = this.#requireSession();
    if (!session.metadata) throw new TKeyError(TKeyErrorCode.oneFactor);
    const key = await openThresholdKey(session.postbox.privateKey, session.metadata, second);
    const joined = await addDevice(key, session.metadata, this.#deviceLabel(), this.#now());
    await this.#save(session, joined.metadata);
    session.key = key;
    this.update((s) => {
      s.devices[key.address] = joined.device;
    });
    this.#publish();
    return { key, postbox: session.postbox };
  }

  /** Makes the signed-in user's threshold account: this device, and a password if given. */
  async createAccount(password?: string): Promise<OpenedThresholdKey> {
    const session = this.#requireSession();
    if (session.metadata) throw new TKeyError(TKeyErrorCode.badMetadata);
    const created = await createThresholdKey(session.postbox.privateKey, {
      deviceLabel: this.#deviceLabel(),
      now: this.#now(),
      ...(password !== undefined ? { password } : {}),
      ...(this.#scrypt ? { scrypt: this.#scrypt } : {}),
    });
    await this.#save(session, created.metadata);
    session.key = created.key;
    this.update((s) => {
      s.devices[created.key.address] = created.device;
    });
    this.#publish();
    return { key: created.key, postbox: session.postbox };
  }

  /** Adds the password factor or changes its password. */
  async setPassword(password: string): Promise<void> {
    const { session, key, metadata } = this.#open();
    await this.#save(
      session,
      await setPassword(key, metadata, password, {
        now: this.#now(),
        ...(this.#scrypt ? { scrypt: this.#scrypt } : {}),
      }),
    );
    this.#publish();
  }

  /**
   * The backup phrase, behind the password when the account has one (else the caller's explicit
   * confirmation). The first export adds the backup factor.
   */
  async exportBackupPhrase(confirm: { password?: string; confirmed?: boolean }): Promise<string> {
    const { session, key, metadata } = this.#open();
    if (metadata.factors.some((f) => f.type === 'password')) {
      if (confirm.password === undefined) throw new TKeyError(TKeyErrorCode.wrongPassword);
      await openThresholdKey(session.postbox.privateKey, metadata, {
        type: 'password',
        password: confirm.password,
      });
    } else if (confirm.confirmed !== true) throw new TKeyError(TKeyErrorCode.oneFactor);
    const exported = await exportBackupPhrase(key, metadata, this.#now());
    if (exported.metadata) await this.#save(session, exported.metadata);
    this.#publish();
    return exported.phrase;
  }

  /** Removes a device (or the password or backup factor): its share stops working. */
  async removeFactor(factorId: string): Promise<void> {
    const { session, key, metadata } = this.#open();
    await this.#save(session, await removeFactor(key, metadata, factorId));
    if (this.state.devices[key.address]?.factorId === factorId)
      this.update((s) => {
        delete s.devices[key.address];
      });
    this.#publish();
  }

  /** The threshold account's address when one is open in this session. */
  get openAccount(): Hex | null {
    return this.#session?.key?.address ?? null;
  }

  /**
   * Logout or lock: keys and the pending second factor leave memory; the device factor stays
   * stored (it opens nothing without the social login).
   */
  forget(): void {
    if (!this.#session && !this.state.factors.length && !this.state.secondFactorNeeded) return;
    this.#session = null;
    this.#publish(false, true);
  }

  async #save(session: Session, metadata: TKeyMetadata): Promise<void> {
    session.version = await session.store.write(
      session.postbox.privateKey,
      metadata,
      session.version,
    );
    session.metadata = metadata;
  }

  #requireSession(): Session {
    if (!this.#session) throw new TKeyError(TKeyErrorCode.oneFactor);
    return this.#session;
  }

  #open(): { session: Session; key: ThresholdKey; metadata: TKeyMetadata } {
    const session = this.#requireSession();
    if (!session.key || !session.metadata) throw new TKeyError(TKeyErrorCode.oneFactor);
    return { session, key: session.key, metadata: session.metadata };
  }

  #publish(secondFactorNeeded = false, cleared = false): void {
    const metadata = cleared ? null : (this.#session?.metadata ?? null);
    const own = metadata ? this.state.devices[metadata.address]?.factorId : undefined;
    const factors = metadata
      ? describeFactors(metadata).map((f) => ({ ...f, thisDevice: f.id === own }))
      : [];
    this.update((s) => {
      s.factors = factors;
      s.secondFactorNeeded = secondFactorNeeded;
    });
  }
}
