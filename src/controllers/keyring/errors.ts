// Why a keyring action failed: stable codes next to the messages (the spec's text where it has
// one, e.g. 'Incorrect Password Entered.'). Views and tests match on the code.
import { CodedError } from '../errors/coded-error';

export const KeyringErrorCode = {
  /** Wrong password for the vault; nothing changed. */
  incorrectPassword: 'keyring.incorrectPassword',
  /** A password is needed to create or re-encrypt the vault. */
  passwordRequired: 'keyring.passwordRequired',
  vaultExists: 'keyring.vaultExists',
  noVault: 'keyring.noVault',
  /** The stored vault cannot be read (not the password's fault). */
  corruptVault: 'keyring.corruptVault',
  locked: 'keyring.locked',
  /** No account of the keyring has this address. */
  unknownAddress: 'keyring.unknownAddress',
  alreadyAdded: 'keyring.alreadyAdded',
  emptyKey: 'keyring.emptyKey',
  invalidKey: 'keyring.invalidKey',
  invalidSeedPhrase: 'keyring.invalidSeedPhrase',
  invalidAccountIndex: 'keyring.invalidAccountIndex',
  keystoreInvalid: 'keyring.keystoreInvalid',
  keystorePasswordRequired: 'keyring.keystorePasswordRequired',
  keystoreWrongPassword: 'keyring.keystoreWrongPassword',
  /** An export password that does not meet the rules for passwords protecting keys. */
  weakPassword: 'keyring.weakPassword',
} as const;
export type KeyringErrorCode = (typeof KeyringErrorCode)[keyof typeof KeyringErrorCode];

/** Spec part 2 §8, interface texts. */
export const INCORRECT_PASSWORD_ERROR = 'Incorrect Password Entered.';
export const PASSWORD_REQUIRED_ERROR = 'A password is required to encrypt the vault.';
export const VAULT_EXISTS_ERROR = 'A vault already exists.';
export const NO_VAULT_ERROR = 'There is no vault to unlock.';
export const LOCKED_ERROR = 'The wallet is locked.';
export const UNKNOWN_ADDRESS_ERROR = 'Orrery Keyring - Unable to find matching address.';
export const ALREADY_ADDED_ERROR = 'Already added';
export const EMPTY_KEY_ERROR = 'Cannot import an empty key.';
export const INVALID_KEY_ERROR = 'Cannot import invalid private key.';
export const INVALID_SEED_PHRASE_ERROR =
  'Invalid seed phrase: expected 12, 15, 18, 21 or 24 words of one BIP-39 wordlist with a valid checksum.';
export const INVALID_ACCOUNT_INDEX_ERROR =
  'The account index must be an integer from 0 to 2^31 - 1.';
export const KEYSTORE_PASSWORD_REQUIRED_ERROR =
  'A password is required to import this keystore file.';
export const KEYSTORE_WRONG_PASSWORD_ERROR = 'Incorrect password for this keystore file.';
export const WEAK_PASSWORD_ERROR =
  'The password needs at least 10 characters with one uppercase letter, one lowercase letter and one number.';
export const KEYSTORE_INVALID_ERROR = 'This is not a valid keystore file (JSON, version 3).';

export class KeyringError extends CodedError<{ code: KeyringErrorCode }> {
  constructor(code: KeyringErrorCode, message: string, options?: { cause?: unknown }) {
    super({ code }, message, options);
    this.name = 'KeyringError';
  }
}

export class IncorrectPasswordError extends KeyringError {
  constructor() {
    super(KeyringErrorCode.incorrectPassword, INCORRECT_PASSWORD_ERROR);
    this.name = 'IncorrectPasswordError';
  }
}

export class CorruptVaultError extends KeyringError {
  constructor(detail: string) {
    super(KeyringErrorCode.corruptVault, `The vault is corrupted: ${detail}`);
    this.name = 'CorruptVaultError';
  }
}
