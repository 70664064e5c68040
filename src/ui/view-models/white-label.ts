import type { UiState } from '../../background/contract/ui-state';
import type { Theme } from '../../shared/preferences';
import type { WhiteLabel } from '../../shared/white-label';

/** The product's name where no white-label gives another (views.md §0: '{product}' is Orrery). */
export const PRODUCT_NAME = 'Orrery';

export function productName(whiteLabel: WhiteLabel | undefined): string {
  return whiteLabel?.name ?? PRODUCT_NAME;
}

/** The white-label logo for the theme shown: the light logo on dark backgrounds and vice versa. */
export function logoFor(whiteLabel: WhiteLabel, theme: Theme): string | null {
  return theme === 'dark'
    ? (whiteLabel.logoLight ?? whiteLabel.logoDark)
    : (whiteLabel.logoDark ?? whiteLabel.logoLight);
}

/** Which wallet features the white-label hides. */
export function walletFeatures(state: Pick<UiState, 'WhiteLabelController'>) {
  const { whiteLabel } = state.WhiteLabelController;
  return {
    topup: !whiteLabel.topupHide,
    featuredBillboard: !whiteLabel.featuredBillboardHide,
    ethTransferOnly: whiteLabel.ethTransferOnly,
  };
}
