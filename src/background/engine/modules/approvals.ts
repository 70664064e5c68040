import {
  ApprovalController,
  approvalControllerMetadata,
  approvalControllerName,
  DEFAULT_WALLET_ORIGIN,
} from '../../../controllers/approvals/ApprovalController';
import { defineController } from '../controller-module';

export const approvalModule = defineController(ApprovalController, {
  name: approvalControllerName,
  metadata: approvalControllerMetadata,
  options: () => ({ walletOrigin: DEFAULT_WALLET_ORIGIN }),
  // Pending requests are rejected, so no dapp waits on a stopped engine.
  destroy: (approvals) => approvals.destroy(),
});
