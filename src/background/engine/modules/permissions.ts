import {
  PermissionController,
  permissionControllerMetadata,
  permissionControllerName,
} from '../../../controllers/permissions/PermissionController';
import { defineController } from '../controller-module';
import { keyringModule } from './keyring';

export const permissionModule = defineController(PermissionController, {
  name: permissionControllerName,
  metadata: permissionControllerMetadata,
  actions: ['ApprovalController:addRequest'],
  uses: { keyring: keyringModule },
  options: ({ options, uses }) => ({
    getKnownAccounts: () => uses.keyring.getAccounts(),
    now: options.now,
  }),
  destroy: (permissions) => permissions.destroy(),
});
