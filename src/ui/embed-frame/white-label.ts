/**
 * The host's white-label (init's `whiteLabel`, already checked by parseWhiteLabel) applied in
 * the iframe: its colours on the design tokens the widget, panel and in-page modal use (the
 * widget picks the host's logo itself: widget/logo.ts). Loaded only when a host sets one, so other hosts pay nothing for it.
 */
import type { WhiteLabel } from '../../shared/white-label';
import { applyWhiteLabelCss, whiteLabelCss } from '../theme/white-label-theme';

export function applyEmbedWhiteLabel(whiteLabel: WhiteLabel, doc: Document = document): void {
  applyWhiteLabelCss(whiteLabel.isActive ? whiteLabelCss(whiteLabel.theme) : '', doc);
}
