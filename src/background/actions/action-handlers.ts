import type { Controllers } from '../engine/build-controllers';
import { parseTransactionOverrides } from '../engine/transaction-approvals';
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

export type ActionControllers = Controllers & { userIdle: { markActive(): void } };

/** Binds every action of the API to the controller that carries it out. */
export function createActionHandlers({
  preferences,
  keyring,
  network,
  approvals,
  permissions,
  userIdle,
}: ActionControllers): ActionApi {
  return {
    setTheme: (theme) => preferences.setTheme(theme),
    setLocale: (locale) => preferences.setLocale(locale),
    reportUserActivity: () => userIdle.markActive(),

    createNewVault: (password) => keyring.createNewVault(password),
    submitPassword: (password) => keyring.submitPassword(password),
    setLocked: () => keyring.setLocked(),
    importAccountWithPrivateKey: (privateKey) => keyring.importAccountWithPrivateKey(privateKey),
    importAccountWithSeedPhrase: (seedPhrase, index) =>
      keyring.importAccountWithSeedPhrase(seedPhrase, index ?? 0),
    importAccountWithKeystore: (keystoreJson, password) =>
      keyring.importAccountWithKeystore(keystoreJson, password),
    setSelectedAddress: (address) => {
      const known = keyring.getAccounts().map((account) => account.toLowerCase());
      if (typeof address !== 'string' || !known.includes(address.toLowerCase())) {
        throw new Error(`Unknown account: ${String(address)}`);
      }
      preferences.setSelectedAddress(address);
    },

    setProviderType: (type) => network.setProviderType(type),
    addCustomNetwork: (input) => network.addCustomNetwork(input),
    editCustomNetwork: (id, input) => network.editCustomNetwork(id, input),
    deleteCustomNetwork: (id) => network.deleteCustomNetwork(id),
    setCustomNetwork: (id) => network.setCustomNetwork(id),

    approveRequest: (id, value) => {
      // Bad overrides are the approver's mistake: refuse them here, with the request still pending.
      if (approvals.get(id)?.type === 'transaction') parseTransactionOverrides(value);
      approvals.approve(id, value);
    },
    rejectRequest: (id) => approvals.reject(id),
    revokePermissions: (origin) => permissions.revokePermissions(origin),
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
