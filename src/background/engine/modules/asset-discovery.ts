import {
  ASSET_DISCOVERY_CONTROLLER_DELEGATED_ACTIONS,
  AssetDiscoveryController,
  assetDiscoveryControllerMetadata,
  assetDiscoveryControllerName,
} from '../../../controllers/assets/AssetDiscoveryController';
import { defineController } from '../controller-module';

export const assetDiscoveryModule = defineController(AssetDiscoveryController, {
  name: assetDiscoveryControllerName,
  metadata: assetDiscoveryControllerMetadata,
  actions: ASSET_DISCOVERY_CONTROLLER_DELEGATED_ACTIONS,
  options: ({ options }) => ({ logSpan: options.assets?.logSpan }),
});
