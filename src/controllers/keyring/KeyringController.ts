import { BaseController, type ControllerGetStateAction, type ControllerStateChangeEvent, type StateMetadata } from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import { decryptVault, encryptVault, vaultNeedsUpgrade } from './vault-encryptor';

export const keyringControllerName = 'KeyringController';

export type KeyringState = {
  /** The encrypted vault. Persisted, never sent to a view. */
  vault: string | null;
  isUnlocked: boolean;
};

const metadata: StateMetadata<KeyringState> = {
  vault: { persist: true, usedInUi: false, includeInDebugSnapshot: false, includeInStateLogs: false },
  isUnlocked: { persist: false, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
};

/** What the vault holds once decrypted. Keys and seed phrases arrive with the keyring types. */
export interface VaultContents {
  keyrings: { type: string; data: unknown }[];
}

export type KeyringControllerActions = ControllerGetStateAction<typeof keyringControllerName, KeyringState>;
export type KeyringControllerEvents = ControllerStateChangeEvent<typeof keyringControllerName, KeyringState>;
export type KeyringControllerMessenger = Messenger<
  typeof keyringControllerName,
  KeyringControllerActions,
  KeyringControllerEvents
>;

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
  #password: string | null = null;
  /** Serialises vault mutations so two unlocks or writes never interleave. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor({ messenger, state }: { messenger: KeyringControllerMessenger; state?: Partial<KeyringState> }) {
    super({
      messenger,
      metadata,
      name: keyringControllerName,
      state: { vault: state?.vault ?? null, isUnlocked: false },
    });
  }

  /** Creates an empty vault protected by the password. Refuses to overwrite an existing one. */
  createNewVault(password: string): Promise<void> {
    return this.#exclusive(async () => {
      if (this.state.vault) throw new Error('A vault already exists.');
      const contents: VaultContents = { keyrings: [] };
      const vault = await encryptVault(password, contents);
      this.#contents = contents;
      this.#password = password;
      this.update((state) => {
        state.vault = vault;
        state.isUnlocked = true;
      });
    });
  }

  /** Decrypts the vault. A wrong password or an altered vault throws and changes nothing. */
  submitPassword(password: string): Promise<void> {
    return this.#exclusive(async () => {
      const vault = this.state.vault;
      if (!vault) throw new Error('There is no vault to unlock.');
      const contents = await decryptVault<VaultContents>(password, vault);
      const upgraded = vaultNeedsUpgrade(vault) ? await encryptVault(password, contents) : vault;
      this.#contents = contents;
      this.#password = password;
      this.update((state) => {
        state.vault = upgraded;
        state.isUnlocked = true;
      });
    });
  }

  setLocked(): void {
    this.#contents = null;
    this.#password = null;
    if (this.state.isUnlocked) {
      this.update((state) => {
        state.isUnlocked = false;
      });
    }
  }

  /** The decrypted contents, for the keyring code that signs. Throws while locked. */
  getUnlockedContents(): VaultContents {
    if (!this.#contents) throw new Error('The wallet is locked.');
    return this.#contents;
  }

  /** Replaces the contents and re-encrypts: the new vault is written only once encryption succeeded. */
  updateContents(mutate: (contents: VaultContents) => VaultContents): Promise<void> {
    return this.#exclusive(async () => {
      if (!this.#contents || this.#password === null) throw new Error('The wallet is locked.');
      const next = mutate(structuredClone(this.#contents));
      const vault = await encryptVault(this.#password, next);
      this.#contents = next;
      this.update((state) => {
        state.vault = vault;
      });
    });
  }

  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
