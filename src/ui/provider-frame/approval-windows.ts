/**
 * The provider frame's approval windows (views.md G20): while its dapp has a request in flight
 * that may need the user, the frame mirrors the approval queue and lets an
 * ApprovalWindowManager open `/confirm` for each of its origin's requests. The mirror is kept
 * only then, so an idle dapp page makes the engine poll nothing.
 *
 * It opens the unlock window only for a request that waits for the unlock: one made while the
 * wallet was locked (the engine holds a connect until the user unlocks). A request made while
 * unlocked already has its approval window, which asks for the password itself after a lock;
 * and at a logout the engine refuses it (4001) a moment after the lock. Asking to unlock for
 * it then was wrong, and harmful too: while the frame was opening that window Chromium dropped
 * the broadcast-channel frames arriving for it (seen in login.e2e: the view's patches jumped
 * from seq 34 to 43), among them the 4001 and `accountsChanged []`, so the dapp never learnt.
 */
import type { StatePatch } from '../../background/contract/protocol';
import type { UiState } from '../../background/contract/ui-state';
import type { RemoteActionApi } from '../../background/contract/action-api';
import { BackgroundClient, type BackgroundPort, type StateSink } from '../bridge/background-client';
import { carryEngineMode } from '../bridge/connect-engine';
import { applyStatePatches } from '../stores/apply-state-patches';
import { ApprovalWindowManager, type ApprovalWindow } from '../approvals/window-manager';
import {
  APPROVAL_WINDOW_CHANNEL,
  APPROVAL_WINDOW_FEATURES,
  confirmWindowPath,
  isApprovalWindowMessage,
  unlockWindowPath,
} from '../approvals/window-protocol';

/** Methods that may put a request in the approval queue; every other one never asks the user. */
export const METHODS_THAT_ASK = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'eth_sendTransaction',
  'eth_sign',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_getEncryptionPublicKey',
  'eth_decrypt',
  'wallet_watchAsset',
  'wallet_addEthereumChain',
  'wallet_switchEthereumChain',
]);

/** Held by the profile's one open approval window, so windows come one at a time. */
const WINDOW_LOCK = 'orrery-approval-window';

/** Mirrors only the approval queue and hands it to the manager. */
class QueueSink implements StateSink {
  #state: UiState | null = null;
  constructor(private readonly onQueue: (state: UiState) => void) {}
  applySnapshot(state: UiState): void {
    this.#state = structuredClone(state);
    this.onQueue(this.#state);
  }
  applyPatches(patches: StatePatch[]): void {
    if (!this.#state) return;
    applyStatePatches(this.#state, patches);
    this.onQueue(this.#state);
  }
}

export interface ApprovalWindowsOptions {
  origin: string;
  viewPort: BackgroundPort;
  /** The wallet's base URL (the frame's document base), where `confirm` resolves. */
  baseUrl: string;
}

export interface ApprovalWindows {
  /** Wraps one dapp request: the queue is mirrored while any request that may ask is in flight. */
  track<T>(method: string, request: Promise<T>): Promise<T>;
  /** After a handover to a new engine: mirror that engine's queue. */
  reconnect(): void;
  close(): void;
}

export function startApprovalWindows({
  origin,
  viewPort,
  baseUrl,
}: ApprovalWindowsOptions): ApprovalWindows {
  let client: BackgroundClient | null = null;
  let actions: RemoteActionApi | null = null;
  /**
   * The requests in flight that may ask, each with whether it waits for the unlock: made while
   * locked. Null until the mirror's first state tells (it is not kept while nothing is in flight).
   */
  const inFlight = new Set<{ waitsForUnlock: boolean | null }>();
  /** The lock state the mirror last showed; null while there is no mirror. */
  let lastLocked: boolean | null = null;
  /** The window asking to unlock, while a request waits on a locked wallet. */
  let unlockWindow: Window | null = null;
  const onState = (state: UiState) => {
    manager.update(Object.values(state.ApprovalController.pendingApprovals));
    const locked = state.KeyringController.hasVault && !state.KeyringController.isUnlocked;
    lastLocked = locked;
    for (const request of inFlight) {
      // Once unlocked, a request no longer waits for it (a later lock or logout is not its cue).
      if (request.waitsForUnlock === null || !locked) request.waitsForUnlock = locked;
    }
    const waiting = [...inFlight].some((request) => request.waitsForUnlock);
    if (locked && waiting && (!unlockWindow || unlockWindow.closed)) {
      const url = carryEngineMode(new URL(unlockWindowPath(origin), baseUrl).href);
      unlockWindow = window.open(url, 'orrery-unlock', APPROVAL_WINDOW_FEATURES);
    } else if (!locked && unlockWindow) {
      if (!unlockWindow.closed) unlockWindow.close();
      unlockWindow = null;
    }
  };
  const manager = new ApprovalWindowManager({
    origin,
    openWindow(request) {
      const url = carryEngineMode(
        new URL(confirmWindowPath(request.id, request.origin), baseUrl).href,
      );
      const opened = window.open(url, `orrery-confirm-${request.id}`, APPROVAL_WINDOW_FEATURES);
      if (!opened) return null;
      return {
        get closed() {
          return opened.closed;
        },
        close: () => opened.close(),
      } satisfies ApprovalWindow;
    },
    reject: async (id) => {
      await actions?.rejectRequest(id);
    },
    takeTurn: async (turn) => {
      await navigator.locks.request(WINDOW_LOCK, turn);
    },
  });
  const channel = new BroadcastChannel(APPROVAL_WINDOW_CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (!isApprovalWindowMessage(event.data)) return;
    if (event.data.type === 'shown') manager.markShown(event.data.id);
    else manager.markFailed(event.data.id);
  };

  const connect = () => {
    if (client) return;
    client = new BackgroundClient(new QueueSink(onState));
    actions = client.actions;
    client.connect(viewPort);
  };
  // The mirror goes once no request waits (a window's request is in flight until it settles).
  const release = () => {
    // A request that settled without the unlock (refused, or its page gave up) asks no more.
    if (unlockWindow && ![...inFlight].some((request) => request.waitsForUnlock)) {
      if (!unlockWindow.closed) unlockWindow.close();
      unlockWindow = null;
    }
    if (inFlight.size > 0 || !client) return;
    client.close();
    client = null;
    lastLocked = null;
  };

  return {
    track(method, request) {
      if (!METHODS_THAT_ASK.has(method)) return request;
      const entry = { waitsForUnlock: lastLocked };
      inFlight.add(entry);
      connect();
      const done = () => {
        inFlight.delete(entry);
        release();
      };
      request.then(done, done);
      return request;
    },
    reconnect() {
      if (!client) return;
      client.close();
      client = null;
      // The stream re-sends its pending requests to the new engine: made there now, they wait
      // for the unlock if that engine is locked, as its first state will tell.
      lastLocked = null;
      for (const request of inFlight) request.waitsForUnlock = null;
      connect();
    },
    close() {
      manager.stop();
      channel.close();
      client?.close();
      client = null;
      lastLocked = null;
    },
  };
}
