/** Entry of provider-frame.html: no React, no views; one provider stream on the shared engine. */
import { connectToEngine } from '../bridge/connect-engine';
import { PROVIDER_DISCONNECTED, ProviderRpcError } from '../bridge/provider-stream';
import { startApprovalWindows } from './approval-windows';
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
        const { wire } = await connection;
        const provider = wire.openProvider({ kind: 'dapp', origin });
        // This frame opens the approval windows for its dapp's requests.
        const windows = startApprovalWindows({
          origin,
          viewPort: wire.viewPort,
          baseUrl: document.baseURI,
        });
        wire.onEngineChange(() => windows.reconnect());
        return {
          request: (args) => windows.track(args.method, provider.request(args)),
          onNotification: (listener) => provider.onNotification(listener),
        };
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
