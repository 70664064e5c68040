import { failureCode, type FailureCode } from '../../background/contract/errors';

/**
 * What to tell the user when an action fails. A refusal carries a stable code (`data.code`,
 * src/background/contract/errors.ts); the ones a screen expects are shown as our translated
 * message keys. Anything else is shown as the engine said it: a clear reason beats a vague one.
 */
const KNOWN_FAILURES: Partial<Record<FailureCode, string>> = {
  'keyring.incorrectPassword': 'login.errors.incorrectPassword',
  'keyring.corruptVault': 'login.errors.corruptVault',
  'keyring.emptyKey': 'accountMenu.errors.emptyKey',
  'keyring.invalidKey': 'accountMenu.errors.invalidKey',
  'keyring.alreadyAdded': 'accountMenu.errors.alreadyAdded',
  'keyring.invalidSeedPhrase': 'accountMenu.errors.incorrectSeedPhrase',
  'keyring.keystoreWrongPassword': 'accountMenu.errors.keystorePassword',
  'keyring.keystoreInvalid': 'accountMenu.errors.keystoreInvalid',
  'keyring.keystorePasswordRequired': 'accountMenu.errors.keystorePasswordRequired',
  'keyring.weakPassword': 'login.errors.passwordWeak',
  'identity.userClosedPopup': 'socialLogin.errors.userClosedPopup',
  'identity.keyUnavailable': 'socialLogin.errors.keyUnavailable',
  'identity.keyMismatch': 'socialLogin.errors.keyMismatch',
  'identity.vaultLocked': 'socialLogin.errors.vaultLocked',
  'identity.unknownLogin': 'socialLogin.errors.unknownLogin',
  'identity.noAccounts': 'socialLogin.errors.noAccounts',
  'identity.popupBlocked': 'socialLogin.errors.popupBlocked',
  'identity.providerRefused': 'socialLogin.errors.providerRefused',
  // The identity service's refusals (src/controllers/login/refusals.ts), in the user's language.
  'identity.wrongCode': 'socialLogin.email.wrongCode',
  'identity.invalidEmail': 'socialLogin.email.invalid',
  'identity.verifyEmailFirst': 'socialLogin.email.verifyFirst',
  'identity.invalidParams': 'loginSession.errors.invalidParams',
  'identity.invalidVerifierConfig': 'loginSession.errors.invalidVerifierConfig',
  'identity.codeExpired': 'socialLogin.email.codeExpired',
  'identity.tooManyCodes': 'loginSession.errors.tooManyCodes',
  'identity.tooManyEmails': 'loginSession.errors.tooManyEmails',
  'identity.linkInvalid': 'loginSession.errors.linkInvalid',
  'identity.linkUsed': 'loginSession.errors.linkUsed',
  'identity.linkExpired': 'loginSession.errors.linkExpired',
  'identity.rateLimited': 'loginSession.errors.rateLimited',
  'identity.notVerified': 'loginSession.errors.notVerified',
  'identity.notConfigured': 'loginSession.errors.notConfigured',
  'identity.unavailable': 'loginSession.errors.unavailable',
  'identity.invalidNamespace': 'loginSession.errors.invalidNamespace',
  'tkey.secondFactorNeeded': 'thresholdKey.errors.secondFactorNeeded',
  'tkey.wrongPassword': 'thresholdKey.errors.wrongPassword',
  'tkey.wrongPhrase': 'thresholdKey.errors.wrongPhrase',
  'tkey.oneFactor': 'thresholdKey.errors.oneFactor',
  'tkey.unknownDevice': 'thresholdKey.errors.unknownDevice',
  'tkey.weakPassword': 'login.errors.passwordWeak',
  'tkey.badMetadata': 'thresholdKey.errors.badMetadata',
  'tkey.metadataUnavailable': 'thresholdKey.errors.metadataUnavailable',
  'tkey.lastFactor': 'thresholdKey.errors.lastFactor',
};

export interface FailureMessage {
  /** A message key to translate, or null to show `text` as is. */
  key: string | null;
  text: string;
}

export function failureMessage(error: unknown): FailureMessage {
  const text =
    error &&
    typeof error === 'object' &&
    typeof (error as { message?: unknown }).message === 'string'
      ? (error as { message: string }).message
      : String(error);
  const code = failureCode(error);
  return { key: (code && KNOWN_FAILURES[code]) ?? null, text };
}
