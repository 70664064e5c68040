import { DEFAULT_WALLET_ORIGIN } from '../../../controllers/approvals/ApprovalController';
import {
  SignatureController,
  signatureControllerMetadata,
  signatureControllerName,
} from '../../../controllers/messages/SignatureController';
import { defineController } from '../controller-module';
import { keyringModule } from './keyring';
import { networkModule } from './network';

export const signatureModule = defineController(SignatureController, {
  name: signatureControllerName,
  metadata: signatureControllerMetadata,
  actions: ['ApprovalController:addRequest'],
  uses: { keyring: keyringModule, network: networkModule },
  options: ({ uses: { keyring, network } }) => ({
    getPrivateKey: (address) => keyring.getPrivateKeyForSigning(address),
    getActiveChainId: () =>
      network.state.networkStatus === 'available'
        ? network.state.providerConfig.chainId
        : undefined,
    walletOrigin: DEFAULT_WALLET_ORIGIN,
  }),
  destroy: (signatures) => signatures.destroy(),
});
