// Why a threshold (tKey) account could not be opened or changed: stable codes views match on to
// show their own translated text (the 'tkey.' prefix is not a locale namespace).
import { CodedError } from '../../errors/coded-error';

export const TKeyErrorCode = {
  /** The login's user has a threshold account this device is not a factor of: give a second. */
  secondFactorNeeded: 'tkey.secondFactorNeeded',
  /** The password does not open the password factor. */
  wrongPassword: 'tkey.wrongPassword',
  /** The words are not a backup phrase, or not this account's. */
  wrongPhrase: 'tkey.wrongPhrase',
  /** Only one factor was given (or the account has no factor of that kind): two are needed. */
  oneFactor: 'tkey.oneFactor',
  /** This device's share is not (or no longer) one of the account's factors. */
  unknownDevice: 'tkey.unknownDevice',
  /** The password breaks the spec's rules (10 characters, upper, lower, digit). */
  weakPassword: 'tkey.weakPassword',
  /** The metadata is missing, unreadable, or the shares rebuild another key. */
  badMetadata: 'tkey.badMetadata',
  /** The key nodes did not store the metadata (fewer than all answered). */
  metadataUnavailable: 'tkey.metadataUnavailable',
  /** A change that would leave fewer than two factors, or remove the social factor. */
  lastFactor: 'tkey.lastFactor',
} as const;
export type TKeyErrorCode = (typeof TKeyErrorCode)[keyof typeof TKeyErrorCode];

export const TKEY_ERROR_MESSAGES: Record<TKeyErrorCode, string> = {
  'tkey.secondFactorNeeded': 'This is a new device: enter your password or backup phrase',
  'tkey.wrongPassword': 'Incorrect password',
  'tkey.wrongPhrase': 'This backup phrase does not open this account',
  'tkey.oneFactor': 'Two factors are needed to open this account',
  'tkey.unknownDevice': 'This device is not a factor of this account',
  'tkey.weakPassword':
    'The password needs at least 10 characters with one uppercase letter, one lowercase letter and one number.',
  'tkey.badMetadata': "The account's key metadata cannot be read",
  'tkey.metadataUnavailable': "Cannot store the account's key metadata on the key nodes",
  'tkey.lastFactor': 'An account keeps its social login and at least one more factor',
};

export class TKeyError extends CodedError<{ code: TKeyErrorCode }> {
  constructor(code: TKeyErrorCode, options?: { cause?: unknown }) {
    super({ code }, TKEY_ERROR_MESSAGES[code], options);
    this.name = 'TKeyError';
  }
}
