/** Messengers for the dapp-layer controllers: a root, the approval controller, and children that may call it. */
import { Messenger } from '@metamask/messenger';

import {
  ApprovalController,
  approvalControllerName,
  type ApprovalControllerActions,
  type ApprovalControllerEvents,
  type ApprovalControllerOptions,
} from '../../../src/controllers/approvals/ApprovalController';

import type {
  SignatureControllerActions,
  SignatureControllerEvents,
} from '../../../src/controllers/messages/SignatureController';
import type {
  PermissionControllerActions,
  PermissionControllerEvents,
} from '../../../src/controllers/permissions/PermissionController';

/** The root carries every dapp-layer controller's actions and events. */
export type TestRootMessenger = Messenger<
  'Root',
  ApprovalControllerActions | PermissionControllerActions | SignatureControllerActions,
  ApprovalControllerEvents | PermissionControllerEvents | SignatureControllerEvents
>;
export type AnyMessenger = TestRootMessenger;

export function createRoot(): TestRootMessenger {
  return new Messenger({ namespace: 'Root' });
}

export function createApprovalController(
  root: AnyMessenger,
  options: Omit<ApprovalControllerOptions, 'messenger'> = {},
): ApprovalController {
  const messenger = new Messenger<
    typeof approvalControllerName,
    ApprovalControllerActions,
    ApprovalControllerEvents,
    AnyMessenger
  >({ namespace: approvalControllerName, parent: root });
  return new ApprovalController({ messenger, ...options });
}

/** A child messenger for `namespace` that may call the listed actions of other controllers. */
export function createChildMessenger<M>(
  root: AnyMessenger,
  namespace: string,
  actions: string[] = [],
  events: string[] = [],
): M {
  // Typed by the caller as its controller's messenger; delegation is checked at run time here.
  const messenger = new Messenger({ namespace, parent: root as never });
  if (actions.length > 0 || events.length > 0) {
    root.delegate({ actions: actions as never, events: events as never, messenger });
  }
  return messenger as M;
}

/** The error a promise rejected with (fails the test if it resolved). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & { code?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: number };
  }
  throw new Error('Expected the promise to reject, but it resolved.');
}

/** The error a call threw (fails the test if it returned). */
export function thrownBy(call: () => unknown): Error & { code?: number } {
  try {
    call();
  } catch (error) {
    return error as Error & { code?: number };
  }
  throw new Error('Expected the call to throw, but it returned.');
}
