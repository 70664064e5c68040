import {
  WatchedAssetsController,
  watchedAssetsControllerMetadata,
  watchedAssetsControllerName,
} from '../../../controllers/assets/WatchedAssetsController';
import { defineController } from '../controller-module';

export const watchedAssetsModule = defineController(WatchedAssetsController, {
  name: watchedAssetsControllerName,
  metadata: watchedAssetsControllerMetadata,
});
