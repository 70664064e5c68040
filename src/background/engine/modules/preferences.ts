import {
  PreferencesController,
  preferencesControllerMetadata,
  preferencesControllerName,
  type PreferencesState,
} from '../../../controllers/preferences/PreferencesController';
import type { WhiteLabel } from '../../../shared/white-label';
import { defineController } from '../controller-module';
import { whiteLabelModule } from './white-label';

/**
 * A white-label configuration chooses the first theme (`theme.isDark`) and language
 * (`defaultLanguage`); a stored choice always wins.
 */
function whiteLabelDefaults(whiteLabel: WhiteLabel): Partial<PreferencesState> {
  if (!whiteLabel.isActive) return {};
  return {
    theme: whiteLabel.theme.isDark ? 'dark' : 'light',
    ...(whiteLabel.defaultLanguage ? { locale: whiteLabel.defaultLanguage } : {}),
  };
}

export const preferencesModule = defineController(PreferencesController, {
  name: preferencesControllerName,
  metadata: preferencesControllerMetadata,
  uses: { whiteLabel: whiteLabelModule },
  options: ({ uses: { whiteLabel } }) => ({
    defaults: whiteLabelDefaults(whiteLabel.state.whiteLabel),
  }),
});
