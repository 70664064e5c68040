// Why a settings change failed: stable codes next to the messages. Views and tests match on the
// code. (The same checks guard the settings kept on the backend, see user-record.)
import { CodedError } from '../errors/coded-error';

export const PreferencesErrorCode = {
  unknownTheme: 'preferences.unknownTheme',
  unsupportedLocale: 'preferences.unsupportedLocale',
  /** Not a 0x address of 40 hex digits. */
  invalidAddress: 'preferences.invalidAddress',
} as const;
export type PreferencesErrorCode = (typeof PreferencesErrorCode)[keyof typeof PreferencesErrorCode];

export class PreferencesError extends CodedError<{ code: PreferencesErrorCode }> {
  constructor(code: PreferencesErrorCode, message: string) {
    super({ code }, message);
    this.name = 'PreferencesError';
  }
}

export const unknownTheme = (theme: unknown) =>
  new PreferencesError(PreferencesErrorCode.unknownTheme, `Unknown theme: ${String(theme)}`);
export const unsupportedLocale = (locale: unknown) =>
  new PreferencesError(
    PreferencesErrorCode.unsupportedLocale,
    `Unsupported locale: ${String(locale)}`,
  );
export const invalidAddress = (address: unknown) =>
  new PreferencesError(PreferencesErrorCode.invalidAddress, `Invalid address: ${String(address)}`);
