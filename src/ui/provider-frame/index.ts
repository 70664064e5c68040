/** Entry of provider-frame.html: no React, no views; one provider stream on the shared engine. */
import { connectToEngine } from '../bridge/connect-engine';
import { PROVIDER_DISCONNECTED, ProviderRpcError } from '../bridge/provider-stream';
import { startProviderFrame } from './provider-frame';

if (window.parent === window) {
  document.body.textContent = 'This page is the Orrery provider for dapps that embed it.';
} else {
  // Listening starts now; the engine connection follows (its first messages wait for it).
  const connection = connectToEngine();
  startProviderFrame({
    parent: window.parent,
    selfWindow: window,
    async openProvider(origin) {
      try {
        return (await connection).wire.openProvider({ kind: 'dapp', origin });
      } catch (error) {
        // The dapp learns why on every request: the provider is disconnected (EIP-1193 4900).
        throw new ProviderRpcError({
          code: PROVIDER_DISCONNECTED,
          message: error instanceof Error ? error.message : 'The wallet failed to start.',
        });
      }
    },
  });
  connection.catch((error: unknown) => console.warn('Orrery provider cannot start:', error));
}
