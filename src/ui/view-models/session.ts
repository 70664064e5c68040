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

export const hasSession = (state: Pick<UiState, 'KeyringController' | 'PreferencesController'>) =>
  sessionStatus(state) === 'ready';
