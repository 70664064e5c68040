/**
 * Entry of /popup, the iframe a host page embeds (torus-embed 5.0.2 or our SDK). No React and
 * no view at start: it speaks the embed protocol (./embed-frame.ts), relays the host's provider
 * to the one engine of the wallet origin and calls actions without subscribing to state, so a
 * dapp page view starts no polling. It never navigates or reloads itself: the SDK rebuilds its
 * streams and provider on every load of the iframe.
 */
import { StorageDeniedError, connectToEngine } from '../bridge/connect-engine';
import { PROVIDER_DISCONNECTED, ProviderRpcError } from '../bridge/provider-stream';
import { createActionCaller, type ActionCaller } from './action-caller';
import type { MountedModal } from './approvals/mount';
import type { MountedWidget } from './widget/mount-widget';
import { startEmbedFrame } from './embed-frame';
import { createPreopenedWindows } from './preopened-windows';
import { DEFAULT_BUTTON_POSITION, DEFAULT_BUTTON_SIZE, type EmbedConfig } from './init-config';
import type { panelModel as PanelModelFn } from './widget/panel-model';

type StorageDeniedFn = (walletOrigin: string) => Error;

if (window.parent === window) {
  document.body.textContent = 'This page is the Orrery wallet for sites that embed it.';
} else {
  // Listening starts now; the engine connection follows (requests wait for it).
  const connection = connectToEngine();
  let caller: Promise<ActionCaller> | null = null;
  const actions = () =>
    (caller ??= connection.then(({ wire }) => createActionCaller(wire.viewPort)));
  let modal: Promise<MountedModal | null> | null = null;
  let widget: Promise<MountedWidget | null> | null = null;
  let login: Promise<boolean> | null = null;
  let widgetVisible = false;
  let config: EmbedConfig | null = null;
  const showWidget = () => {
    void widget?.then((mounted) =>
      mounted?.setVisible(widgetVisible && modal === null && login === null),
    );
    if (widget || !widgetVisible) return;
    widget = import(/* webpackChunkName: "embed-widget" */ './widget/mount-widget')
      .then(({ mountWidget, panelModel, StorageDeniedHere }) =>
        mountWidget({
          size: config?.buttonSize ?? DEFAULT_BUTTON_SIZE,
          position: config?.buttonPosition ?? DEFAULT_BUTTON_POSITION,
          walletUrl: location.origin,
          defaultLanguage: config?.whiteLabel.whiteLabel.defaultLanguage ?? null,
          logos: config?.whiteLabel.whiteLabel ?? null,
          readPanel: () =>
            readPanel(panelModel, (walletOrigin) => new StorageDeniedHere(walletOrigin)),
          onExpanded: (expanded) => frame.setFullscreen(expanded),
          signIn: async () => (await frame.hasSession()) || showLogin(),
        }),
      )
      .catch((error: unknown) => {
        console.warn('Orrery embed: the widget failed to load', error);
        return null;
      });
  };
  // The login modal, full screen; one at a time however many logins the host sends.
  const showLogin = (): Promise<boolean> => {
    if (login) return login;
    frame.setFullscreen(true);
    login = Promise.all([connection, import(/* webpackChunkName: "embed-login" */ './login/mount')])
      .then(([{ wire }, { showLoginModal }]) =>
        showLoginModal({
          viewPort: wire.viewPort,
          origin: frame.hostOrigin ?? '',
          // The host's ways in (init), else the deployment's own arrangement.
          loginConfig: config?.loginConfig ?? {},
        }),
      )
      .catch((error: unknown) => {
        console.warn('Orrery embed: the login modal failed to load', error);
        return false;
      })
      .then((entered) => {
        login = null;
        // In: the connect prompt or the panel follows at once and keeps the iframe full screen.
        if (!entered) frame.setFullscreen(false);
        showWidget();
        return entered;
      });
    showWidget();
    return login;
  };
  // The panel reads once per opening, through the host's connection (what the host may see).
  const readPanel = async (model: typeof PanelModelFn, storageDenied: StorageDeniedFn) => {
    // No engine to read from (the browser refuses this frame storage): say what to do instead.
    await connection.catch((error: unknown) => {
      throw error instanceof StorageDeniedError ? storageDenied(location.origin) : error;
    });
    const [accounts, chainId] = await Promise.all([
      frame.read('eth_accounts'),
      frame.read('eth_chainId'),
    ]);
    const address = Array.isArray(accounts) ? (accounts[0] as unknown) : undefined;
    const balance =
      typeof address === 'string'
        ? await frame.read('eth_getBalance', [address, 'latest']).catch(() => null)
        : null;
    // The site's own transactions only (the engine filters by the pinned origin).
    const origin = frame.hostOrigin;
    const activity =
      typeof address === 'string' && origin
        ? await actions()
            .then((call) => call('siteActivity', origin))
            .catch(() => null)
        : null;
    return model({ accounts, chainId, balance, activity });
  };
  const frame = startEmbedFrame({
    parent: window.parent,
    selfWindow: window,
    popups: createPreopenedWindows({
      reject: async (id) => (await actions())('rejectRequest', id),
    }),
    async openProvider(origin) {
      try {
        return (await connection).wire.openProvider({ kind: 'dapp', origin });
      } catch (error) {
        // The host learns why on every request: the provider is disconnected (EIP-1193 4900).
        throw new ProviderRpcError({
          code: PROVIDER_DISCONNECTED,
          message: error instanceof Error ? error.message : 'The wallet failed to start.',
        });
      }
    },
    wallet: {
      logout: async () => (await actions())('logout'),
      loginWithPrivateKey: async (key, userInfo) =>
        void (await (
          await actions()
        )('loginWithPrivateKey', key, userInfo)),
      setNetwork: async (type) => (await actions())('setProviderType', type),
    },
    ui: {
      onConfig(next) {
        config = next;
        const { whiteLabel } = next.whiteLabel;
        if (whiteLabel.isActive) {
          void import(/* webpackChunkName: "embed-white-label" */ './white-label')
            .then(({ applyEmbedWhiteLabel }) => applyEmbedWhiteLabel(whiteLabel))
            .catch((error: unknown) =>
              console.warn('Orrery embed: the white-label failed to load', error),
            );
        }
      },
      onWidgetVisibility(visible) {
        widgetVisible = visible;
        showWidget();
      },
      showLogin: () => showLogin(),
      // The in-page approval modal: full screen over the host while a request waits.
      onWaitingForUser(waiting) {
        if (waiting) {
          frame.setFullscreen(true);
          modal ??= Promise.all([
            connection,
            import(/* webpackChunkName: "embed-approval" */ './approvals/mount'),
          ])
            .then(([{ wire }, { mountApprovalModal }]) =>
              mountApprovalModal({
                viewPort: wire.viewPort,
                origin: frame.hostOrigin ?? '',
                walletUrl: location.origin,
              }),
            )
            .catch((error: unknown) => {
              console.warn('Orrery embed: the approval modal failed to load', error);
              return null;
            });
          showWidget();
          return;
        }
        const shown = modal;
        modal = null;
        void shown?.then((mounted) => mounted?.close());
        frame.setFullscreen(false);
        showWidget();
      },
    },
  });
  connection.catch((error: unknown) =>
    console.warn('Orrery embed cannot reach its engine:', error),
  );
}
