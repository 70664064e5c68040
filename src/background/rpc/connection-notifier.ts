import type { RootMessenger } from '../engine/root-messenger';
import { providerState, type ProviderState, type RpcContext } from './rpc-context';

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/** The events after which what a connection is shown may differ. */
const TRIGGERS = [
  'NetworkController:stateChange',
  'KeyringController:stateChange',
  'PreferencesController:stateChange',
  'PermissionController:stateChange',
  'PermissionController:accountsChanged',
] as const;

/**
 * Sends one connection `wallet_chainChanged`, `wallet_unlockStateChanged` and
 * `wallet_accountsChanged`, each only when what it reports changed for this connection: another
 * origin's grant, or a state change that leaves this origin's view alone, sends nothing.
 */
export class ConnectionNotifier {
  readonly #ctx: RpcContext;
  readonly #messenger: RootMessenger;
  /** What the connection was last told. */
  #seen: ProviderState;
  #refreshing = false;
  #again = false;
  readonly #refresh = () => this.refresh();

  constructor(ctx: RpcContext) {
    this.#ctx = ctx;
    this.#messenger = ctx.messenger;
    this.#seen = providerState(ctx);
    const subscribe = this.#messenger.subscribe.bind(this.#messenger) as (
      event: string,
      handler: () => void,
    ) => void;
    for (const event of TRIGGERS) subscribe(event, this.#refresh);
  }

  /** Compares with what was last sent and sends what differs. Re-entrant calls fold into one more pass. */
  refresh(): void {
    if (this.#refreshing) {
      this.#again = true;
      return;
    }
    this.#refreshing = true;
    try {
      do {
        this.#again = false;
        this.#compareAndSend();
      } while (this.#again);
    } finally {
      this.#refreshing = false;
    }
  }

  close(): void {
    const unsubscribe = this.#messenger.unsubscribe.bind(this.#messenger) as (
      event: string,
      handler: () => void,
    ) => void;
    for (const event of TRIGGERS) {
      try {
        unsubscribe(event, this.#refresh);
      } catch {
        // Already gone (the messenger was torn down first).
      }
    }
  }

  #compareAndSend(): void {
    const previous = this.#seen;
    const next = providerState(this.#ctx);
    this.#seen = next;
    const { notify } = this.#ctx;
    if (next.chainId !== previous.chainId || next.networkVersion !== previous.networkVersion) {
      notify('wallet_chainChanged', { chainId: next.chainId, networkVersion: next.networkVersion });
    }
    if (next.isUnlocked !== previous.isUnlocked) {
      notify('wallet_unlockStateChanged', { isUnlocked: next.isUnlocked, accounts: next.accounts });
    }
    if (!sameList(next.accounts, previous.accounts)) {
      notify('wallet_accountsChanged', next.accounts);
    }
  }
}
