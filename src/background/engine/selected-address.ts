import type { KeyringState } from '../../controllers/keyring/KeyringController';
import type { PreferencesController } from '../../controllers/preferences/PreferencesController';
import type { RootMessenger } from './root-messenger';

/**
 * Keeps the selected address among the keyring's accounts while it is unlocked: the first
 * account is selected when there is none or the selected one was removed. A lock leaves the
 * selection alone (the account list is empty only because the keys are not in memory).
 */
export function keepSelectedAddressValid(
  messenger: RootMessenger,
  preferences: PreferencesController,
): () => void {
  const handler = (state: KeyringState) => {
    if (!state.isUnlocked) return;
    const addresses = state.accounts.map((account) => account.address.toLowerCase());
    const selected = preferences.state.selectedAddress;
    if (selected && addresses.includes(selected)) return;
    preferences.setSelectedAddress(addresses[0] ?? null);
  };
  messenger.subscribe('KeyringController:stateChange', handler);
  return () => messenger.unsubscribe('KeyringController:stateChange', handler);
}
