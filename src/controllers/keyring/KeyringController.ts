import type { Hex } from '../../shared/primitives';
import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { MethodActions } from '../messenger/method-actions';
import {
  keyEntryFromImportedKey,
  keyEntryFromLoginKey,
  newRandomKeyEntry,
  parseKeyEntries,
  type AccountType,
  type KeyEntry,
} from './account-keys';
import { decryptKeystore, encryptKeystore } from './keystore';
import { isStrongPassword } from '../../shared/password-rules';
import { privateKeyFromSeedPhrase } from './seed-phrase';
import {
  signHash,
  signPersonalMessage,
  signTransaction,
  type Quantity,
  type SignableTxParams,
  type SignedTransaction,
  type SignOptions,
} from './sign-transaction';
import { createVaultKey, encryptVault, openVault, type VaultKey } from './vault-encryptor';
import {
  ALREADY_ADDED_ERROR,
  CorruptVaultError,
  KeyringError,
  KeyringErrorCode,
  LOCKED_ERROR,
  NO_VAULT_ERROR,
  UNKNOWN_ADDRESS_ERROR,
  VAULT_EXISTS_ERROR,
  WEAK_PASSWORD_ERROR,
} from './errors';

export const keyringControllerName = 'KeyringController';

/** The vault's keyring that holds the key list. */
export const ORRERY_KEYRING_TYPE = 'Orrery Keyring';

/** What a view may know about an account: never its key. */
export type KeyringAccount = {
  /** Lowercase 0x address. */
  address: Hex;
  accountType: AccountType;
};

export type KeyringState = {
  /** The encrypted vault. Persisted, never sent to a view. */
  vault: string | null;
  /** Whether a vault exists, so a view can offer "unlock" rather than "create" (derived from vault). */
  hasVault: boolean;
  isUnlocked: boolean;
  /**
   * The vault's accounts in the order they were added, while unlocked; empty while locked.
   * Derived from the vault on unlock, so not persisted: the vault stays the one source.
   */
  accounts: KeyringAccount[];
};

/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const keyringControllerMetadata = {
  vault: {
    persist: true,
    usedInUi: false,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
  hasVault: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  isUnlocked: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  accounts: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
} satisfies StateMetadata<KeyringState>;

export function getDefaultKeyringState(): KeyringState {
  return { vault: null, hasVault: false, isUnlocked: false, accounts: [] };
}

/** What the vault holds once decrypted. The key list is the data of the ORRERY_KEYRING_TYPE keyring. */
export interface VaultContents {
  keyrings: { type: string; data: unknown }[];
}

export type KeyringControllerGetStateAction = ControllerGetStateAction<
  typeof keyringControllerName,
  KeyringState
>;
/**
 * The methods other controllers may call as `KeyringController:<method>`. signHash signs a
 * 32-byte hash as is: for typed data and eth_sign, whose approval is the caller's job.
 */
const MESSENGER_EXPOSED_METHODS = [
  'getAccounts',
  'signTransaction',
  'signPersonalMessage',
  'signHash',
] as const;

type KeyringMethodAction<Method extends (typeof MESSENGER_EXPOSED_METHODS)[number]> = MethodActions<
  typeof keyringControllerName,
  KeyringController,
  Method
>;
export type KeyringControllerGetAccountsAction = KeyringMethodAction<'getAccounts'>;
export type KeyringControllerSignTransactionAction = KeyringMethodAction<'signTransaction'>;
export type KeyringControllerSignPersonalMessageAction = KeyringMethodAction<'signPersonalMessage'>;
export type KeyringControllerActions =
  KeyringControllerGetStateAction | KeyringMethodAction<(typeof MESSENGER_EXPOSED_METHODS)[number]>;

export type KeyringControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof keyringControllerName,
  KeyringState
>;
export type KeyringControllerUnlockEvent = {
  type: `${typeof keyringControllerName}:unlock`;
  payload: [];
};
export type KeyringControllerLockEvent = {
  type: `${typeof keyringControllerName}:lock`;
  payload: [];
};
export type KeyringControllerEvents =
  KeyringControllerStateChangeEvent | KeyringControllerUnlockEvent | KeyringControllerLockEvent;

export type KeyringControllerMessenger = Messenger<
  typeof keyringControllerName,
  KeyringControllerActions,
  KeyringControllerEvents
>;

/** The key list inside vault contents; a vault without the keyring has no keys yet. */
function keyEntriesOf(contents: VaultContents): KeyEntry[] {
  const keyring = contents.keyrings.find((k) => k.type === ORRERY_KEYRING_TYPE);
  return keyring ? parseKeyEntries(keyring.data) : [];
}

function withKeyEntries(contents: VaultContents, entries: KeyEntry[]): VaultContents {
  const others = contents.keyrings.filter((k) => k.type !== ORRERY_KEYRING_TYPE);
  return { ...contents, keyrings: [...others, { type: ORRERY_KEYRING_TYPE, data: entries }] };
}

const publicView = (entries: KeyEntry[]): KeyringAccount[] =>
  entries.map(({ ethAddress, accountType }) => ({ address: ethAddress, accountType }));

const normalizeAddress = (address: string): string =>
  typeof address === 'string' ? address.trim().toLowerCase() : '';

/**
 * Holds the vault: the only place secrets are stored, and only encrypted. Decrypted contents
 * live in this object's memory while unlocked and are never part of controller state.
 */
export class KeyringController extends BaseController<
  typeof keyringControllerName,
  KeyringState,
  KeyringControllerMessenger
> {
  #contents: VaultContents | null = null;
  /**
   * The keys of `#contents` by address, built once per contents: every signing looks its key up,
   * and the contents are only ever replaced whole (never changed in place).
   */
  #keyIndex: { contents: VaultContents; byAddress: Map<string, KeyEntry> } | null = null;
  /** The key derived at unlock: writes reuse it, so only unlock pays for the KDF. */
  #key: VaultKey | null = null;
  /** Serialises vault mutations so two unlocks or writes never interleave. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor({
    messenger,
    state,
  }: {
    messenger: KeyringControllerMessenger;
    state?: Partial<KeyringState>;
  }) {
    super({
      messenger,
      metadata: keyringControllerMetadata,
      name: keyringControllerName,
      // Only the vault is restored: unlock state and accounts are facts about this session.
      state: {
        ...getDefaultKeyringState(),
        vault: state?.vault ?? null,
        hasVault: Boolean(state?.vault),
      },
    });
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /** Creates an empty vault protected by the password. Refuses to overwrite an existing one. */
  createNewVault(password: string): Promise<void> {
    return this.#exclusive(async () => {
      if (this.state.vault)
        throw new KeyringError(KeyringErrorCode.vaultExists, VAULT_EXISTS_ERROR);
      const contents: VaultContents = { keyrings: [] };
      const key = await createVaultKey(password);
      const vault = await encryptVault(key, contents);
      this.#unlockWith(contents, key, vault);
    });
  }

  /** Decrypts the vault. A wrong password or an altered vault throws and changes nothing. */
  submitPassword(password: string): Promise<void> {
    return this.#exclusive(async () => {
      const vault = this.state.vault;
      if (!vault) throw new KeyringError(KeyringErrorCode.noVault, NO_VAULT_ERROR);
      const opened = await openVault<VaultContents>(password, vault);
      const { contents } = opened;
      if (!contents || !Array.isArray(contents.keyrings)) {
        throw new CorruptVaultError('no keyring list');
      }
      try {
        keyEntriesOf(contents);
      } catch (error) {
        throw new CorruptVaultError((error as Error).message);
      }
      // An older envelope is written again under today's format and parameters.
      const key = opened.key ?? (await createVaultKey(password));
      const current = opened.key ? vault : await encryptVault(key, contents);
      this.#unlockWith(contents, key, current);
    });
  }

  /** Resolves if the password opens the vault, else throws 'Incorrect Password Entered.'; changes nothing. */
  async verifyPassword(password: string): Promise<void> {
    const vault = this.state.vault;
    if (!vault) throw new KeyringError(KeyringErrorCode.noVault, NO_VAULT_ERROR);
    await openVault<VaultContents>(password, vault);
  }

  setLocked(): void {
    this.#contents = null;
    // The index holds the keys too: locked means no key stays in memory.
    this.#keyIndex = null;
    this.#key = null;
    if (this.state.isUnlocked || this.state.accounts.length > 0) {
      this.update((state) => {
        state.isUnlocked = false;
        state.accounts = [];
      });
      this.messenger.publish(`${keyringControllerName}:lock`);
    }
  }

  /** The decrypted contents, for the keyring code that signs. Throws while locked. */
  getUnlockedContents(): VaultContents {
    if (!this.#contents) throw new KeyringError(KeyringErrorCode.locked, LOCKED_ERROR);
    return this.#contents;
  }

  /** Replaces the contents and re-encrypts: the new vault is written only once encryption succeeded. */
  updateContents(mutate: (contents: VaultContents) => VaultContents): Promise<void> {
    return this.#exclusive(async () => {
      const key = this.#key;
      if (!this.#contents || !key) throw new KeyringError(KeyringErrorCode.locked, LOCKED_ERROR);
      const next = mutate(structuredClone(this.#contents));
      const accounts = publicView(keyEntriesOf(next));
      const vault = await encryptVault(key, next);
      if (!this.#contents) {
        // Locked while encrypting: keep the accepted change, but do not bring keys back into memory.
        this.update((state) => {
          state.vault = vault;
          state.hasVault = true;
        });
        return;
      }
      this.#contents = next;
      this.update((state) => {
        state.vault = vault;
        state.hasVault = true;
        state.accounts = accounts;
      });
    });
  }

  /** Lowercase addresses of the vault's accounts; empty while locked. */
  getAccounts(): Hex[] {
    return this.state.accounts.map((account) => account.address);
  }

  getAccountType(address: string): AccountType {
    return this.#entryFor(address).accountType;
  }

  /**
   * Adds keys from the login flow (normal, threshold, app_scoped), padding them to 64 hex
   * characters. All or nothing: a duplicate ('Already added') adds none of them.
   */
  async addAccounts(keys: { privKey: string; accountType: AccountType }[]): Promise<Hex[]> {
    const entries = keys.map(({ privKey, accountType }) =>
      keyEntryFromLoginKey(privKey, accountType),
    );
    await this.#addEntries(entries);
    return entries.map((entry) => entry.ethAddress);
  }

  /** Creates an account from a new random key, generated here so it never exists outside the keyring. */
  async createNewAccount(): Promise<Hex> {
    const entry = newRandomKeyEntry();
    await this.#addEntries([entry]);
    return entry.ethAddress;
  }

  /** Imports a pasted private key (0x optional) as an imported account. */
  async importAccountWithPrivateKey(privateKey: string): Promise<Hex> {
    const entry = keyEntryFromImportedKey(privateKey);
    await this.#addEntries([entry]);
    return entry.ethAddress;
  }

  /**
   * Imports account `index` (m/44'/60'/0'/0/index) of a BIP-39 seed phrase in any BIP-39
   * wordlist, with its optional passphrase. Neither the phrase nor the passphrase is kept.
   */
  async importAccountWithSeedPhrase(seedPhrase: string, index = 0, passphrase = ''): Promise<Hex> {
    const entry = keyEntryFromImportedKey(
      await privateKeyFromSeedPhrase(seedPhrase, index, passphrase),
    );
    await this.#addEntries([entry]);
    return entry.ethAddress;
  }

  /** Imports the key of a keystore JSON v3 file (scrypt or pbkdf2); the password is required. */
  async importAccountWithKeystore(keystore: string | object, password: string): Promise<Hex> {
    const entry = keyEntryFromImportedKey(await decryptKeystore(keystore, password));
    await this.#addEntries([entry]);
    return entry.ethAddress;
  }

  async removeAccount(address: string): Promise<void> {
    const target = this.#entryFor(address).ethAddress;
    await this.updateContents((contents) =>
      withKeyEntries(
        contents,
        keyEntriesOf(contents).filter((entry) => entry.ethAddress !== target),
      ),
    );
  }

  /** The key of an account, for the "export private key" screen: the password is asked again. */
  async exportAccount(address: string, password: string): Promise<string> {
    await this.verifyPassword(password);
    return this.#entryFor(address).privKey;
  }

  /**
   * The account as an encrypted keystore file (JSON v3), for "download wallet": the key leaves
   * only encrypted with `password`, which must meet the rules for passwords protecting keys.
   */
  async exportKeystore(address: string, password: string): Promise<string> {
    if (!isStrongPassword(password))
      throw new KeyringError(KeyringErrorCode.weakPassword, WEAK_PASSWORD_ERROR);
    return encryptKeystore(this.#entryFor(address).privKey, password);
  }

  /** Signs a transaction with the key of `from` for the chain (legacy EIP-155, 2930 or 1559). */
  async signTransaction(
    from: string,
    txParams: SignableTxParams,
    chainId: Quantity,
    options?: SignOptions,
  ): Promise<SignedTransaction> {
    const entry = this.#entryFor(from);
    return signTransaction(
      { ...txParams, from: entry.ethAddress },
      entry.privKey,
      chainId,
      options,
    );
  }

  async signPersonalMessage(from: string, message: string | Uint8Array): Promise<Hex> {
    return signPersonalMessage(message, this.#entryFor(from).privKey);
  }

  async signHash(from: string, hash: string | Uint8Array): Promise<Hex> {
    return signHash(hash, this.#entryFor(from).privKey);
  }

  /**
   * The key of an account for one signing inside the background (typed data, decryption).
   * Never exposed as an action: no view or dapp can ask for it.
   */
  getPrivateKeyForSigning(address: string): Hex {
    return `0x${this.#entryFor(address).privKey}`;
  }

  #entryFor(address: string): KeyEntry {
    if (!this.#contents) throw new KeyringError(KeyringErrorCode.locked, LOCKED_ERROR);
    const wanted = normalizeAddress(address);
    if (this.#keyIndex?.contents !== this.#contents) {
      const byAddress = new Map<string, KeyEntry>();
      // The first entry of an address wins, as a search from the start would find it.
      for (const entry of keyEntriesOf(this.#contents)) {
        if (!byAddress.has(entry.ethAddress)) byAddress.set(entry.ethAddress, entry);
      }
      this.#keyIndex = { contents: this.#contents, byAddress };
    }
    const entry = this.#keyIndex.byAddress.get(wanted);
    if (!entry) throw new KeyringError(KeyringErrorCode.unknownAddress, UNKNOWN_ADDRESS_ERROR);
    return entry;
  }

  #addEntries(entries: KeyEntry[]): Promise<void> {
    return this.updateContents((contents) => {
      const existing = keyEntriesOf(contents);
      const seen = new Set(existing.map((entry) => entry.ethAddress));
      for (const entry of entries) {
        if (seen.has(entry.ethAddress))
          throw new KeyringError(KeyringErrorCode.alreadyAdded, ALREADY_ADDED_ERROR);
        seen.add(entry.ethAddress);
      }
      return withKeyEntries(contents, [...existing, ...entries]);
    });
  }

  #unlockWith(contents: VaultContents, key: VaultKey, vault: string): void {
    this.#contents = contents;
    this.#key = key;
    const accounts = publicView(keyEntriesOf(contents));
    this.update((state) => {
      state.vault = vault;
      state.hasVault = true;
      state.isUnlocked = true;
      state.accounts = accounts;
    });
    this.messenger.publish(`${keyringControllerName}:unlock`);
  }

  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
