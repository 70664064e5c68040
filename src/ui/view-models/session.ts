import type { UiState } from '../../background/contract/ui-state';

/**
 * Where the user stands with the local vault, from the engine's state:
 * - noVault: nothing created yet (offer "create");
 * - locked: a vault exists, keys not in memory (offer "unlock": a locked wallet never shows home);
 * - noAccount: unlocked, no account yet (offer create/import of a first account);
 * - selecting: unlocked with accounts, the engine is choosing the selected one (a moment);
 * - ready: unlocked with a selected account: a session (spec part 1 §6 'A signed-in user needs
 *   a selected address to be unlocked').
 */
export type SessionStatus = 'noVault' | 'locked' | 'noAccount' | 'selecting' | 'ready';

export function sessionStatus(
  state: Pick<UiState, 'KeyringController' | 'PreferencesController'>,
): SessionStatus {
  const { hasVault, isUnlocked, accounts } = state.KeyringController;
  if (!isUnlocked) return hasVault ? 'locked' : 'noVault';
  if (accounts.length === 0) return 'noAccount';
  const selected = state.PreferencesController.selectedAddress;
  const known = selected && accounts.some((account) => account.address === selected);
  return known ? 'ready' : 'selecting';
}

/**
 * A session for a page of `namespace`: ready, and not a login session of another namespace (a
 * white-label host's page does not count another host's login as its own, spec part 1 §2).
 */
export function hasSession(
  state: Pick<UiState, 'KeyringController' | 'PreferencesController'> &
    Partial<Pick<UiState, 'LoginController'>>,
  namespace = '',
): boolean {
  if (sessionStatus(state) !== 'ready') return false;
  const sessionNamespace = state.LoginController?.sessionNamespace ?? null;
  return sessionNamespace === null || sessionNamespace === namespace;
}
