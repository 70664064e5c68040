/** Messengers for the dapp-layer controllers: a root, the approval controller, and children that may call it. */
import { Messenger } from '@metamask/messenger';

import {
  ApprovalController,
  approvalControllerName,
  type ApprovalControllerActions,
  type ApprovalControllerEvents,
  type ApprovalControllerOptions,
} from '../../../src/controllers/approvals/ApprovalController';

// The root carries every test controller's actions and events; types are checked per controller.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test root spanning several controllers
export type AnyMessenger = Messenger<string, any, any>;

export function createRoot(): AnyMessenger {
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
  const messenger: AnyMessenger = new Messenger({ namespace, parent: root });
  if (actions.length > 0 || events.length > 0) root.delegate({ actions, events, messenger });
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
