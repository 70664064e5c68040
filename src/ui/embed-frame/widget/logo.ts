import type { Theme } from '../../../shared/preferences';
import type { WhiteLabel } from '../../../shared/white-label';

/**
 * The widget button's logo: the host's white-label logo for the theme's surface (logoDark is
 * drawn for light backgrounds, logoLight for dark), else the wallet's mark.
 */
export function widgetLogo(
  whiteLabel: Pick<WhiteLabel, 'logoLight' | 'logoDark'> | null,
  theme: Theme,
  walletUrl: string,
): string {
  const own =
    theme === 'dark'
      ? (whiteLabel?.logoLight ?? whiteLabel?.logoDark)
      : (whiteLabel?.logoDark ?? whiteLabel?.logoLight);
  // A host's path is on the wallet origin (isSafeAssetUrl): resolved there, never elsewhere.
  return own ? new URL(own, walletUrl).href : `${walletUrl}/images/torus_icon-blue.svg`;
}
