/**
 * The narrow, typed API a view (or a headless caller) uses to act on the background.
 * Each method is one action; views call them as `request` messages and get a `response` or
 * an `error` back. Add an action here and in `create-action-handlers.ts`, nowhere else.
 */
import type { Locale, Theme } from '../../controllers/preferences/PreferencesController';

export interface ActionApi {
  setTheme(theme: Theme): void;
  setLocale(locale: Locale): void;
  /** Creates the encrypted vault and unlocks it. */
  createNewVault(password: string): Promise<void>;
  /** Unlocks the vault; fails with 'Incorrect Password Entered.' and changes nothing on a wrong password. */
  submitPassword(password: string): Promise<void>;
  setLocked(): void;
}

export type ActionName = keyof ActionApi;

/** The same API as seen from across a message channel: every call is asynchronous. */
export type RemoteActionApi = {
  [Name in ActionName]: (
    ...params: Parameters<ActionApi[Name]>
  ) => Promise<Awaited<ReturnType<ActionApi[Name]>>>;
};
