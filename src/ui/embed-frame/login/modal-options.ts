/**
 * The sign-in buttons of the embed's login modal: every way in this deployment's identity service
 * offers (LoginController state, the login page's buttons), each with the host's loginConfig
 * entry for its verifier laid over a fresh copy of the wallet's defaults, so neither the defaults
 * nor the host's parsed config is changed. A host may rename, describe, reorder, promote or hide
 * (showOnModal: false) a way in; it cannot add one the deployment does not offer, nor change what
 * a verifier is (its typeOfLogin stays the deployment's).
 */
import type { UiState } from '../../../background/contract/ui-state';
import { loginItemOf } from '../../pages/login/LoginOptions';
import type { LoginConfigItem } from '../../view-models/login-options';

type OfferedVerifier = UiState['LoginController']['verifiers'][number];

export function modalLoginItems(
  offered: readonly OfferedVerifier[],
  hostConfig: Readonly<Record<string, LoginConfigItem>>,
): LoginConfigItem[] {
  return offered
    .map((option) => {
      const own = Object.hasOwn(hostConfig, option.verifier) ? hostConfig[option.verifier] : null;
      return own
        ? {
            ...loginItemOf(option),
            ...own,
            verifier: option.verifier,
            typeOfLogin: option.typeOfLogin,
          }
        : loginItemOf(option);
    })
    .filter((item) => item.showOnModal !== false);
}
