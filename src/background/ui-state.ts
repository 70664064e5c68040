/**
 * The state a view sees: per controller, only the keys whose metadata says `usedInUi`.
 * `engine/ui-state-source.ts` derives it at run time from the same metadata; a test keeps the
 * two in step.
 */
import type { KeyringState } from '../controllers/keyring/KeyringController';
import type { NetworkState } from '../controllers/network/NetworkController';
import type { PreferencesState } from '../controllers/preferences/PreferencesController';

export interface UiState {
  NetworkController: NetworkState;
  PreferencesController: PreferencesState;
  KeyringController: Omit<KeyringState, 'vault'>;
}

export type UiControllerName = keyof UiState;
