import type { KeyringController } from '../../controllers/keyring/KeyringController';
import type { PreferencesController } from '../../controllers/preferences/PreferencesController';
import { ActionErrorCode } from '../sync/protocol';
import type { ActionApi } from './action-api';

/** An action failure that carries its own code across the view boundary. */
export class ActionFailure extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'ActionFailure';
    this.code = code;
  }
}

export interface ActionControllers {
  preferences: PreferencesController;
  keyring: KeyringController;
}

/** Binds every action of the API to the controller that carries it out. */
export function createActionHandlers({ preferences, keyring }: ActionControllers): ActionApi {
  return {
    setTheme: (theme) => preferences.setTheme(theme),
    setLocale: (locale) => preferences.setLocale(locale),
    createNewVault: (password) => keyring.createNewVault(password),
    submitPassword: (password) => keyring.submitPassword(password),
    setLocked: () => keyring.setLocked(),
  };
}

/** Runs an action named by a message. Unknown names are refused with their own code. */
export async function dispatchAction(
  api: ActionApi,
  action: string,
  params: readonly unknown[],
): Promise<unknown> {
  if (!Object.hasOwn(api, action)) {
    throw new ActionFailure(ActionErrorCode.unknownAction, `Unknown action: ${action}`);
  }
  const handler = api[action as keyof ActionApi] as (...args: readonly unknown[]) => unknown;
  if (params.length > handler.length) {
    throw new ActionFailure(
      ActionErrorCode.invalidParams,
      `Action ${action} takes ${handler.length} parameter(s), got ${params.length}.`,
    );
  }
  return handler(...params);
}
