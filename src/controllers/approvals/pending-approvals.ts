/**
 * The ApprovalController's next state as a new frozen object, for BaseController.update to take
 * whole. Mutating an immer draft instead costs a property-descriptor copy of the state and of the
 * pending map, proxy traps and a finalising walk of the request data, twice per request: a
 * large part of the wallet's own work per signature. Immer skips an already frozen result; the
 * request put in must be frozen throughout by the caller.
 */
import type { ApprovalRequest } from './approval-types';
import type { ApprovalControllerState } from './ApprovalController';

/** `state` with `request` pending. */
export function withPending(
  state: ApprovalControllerState,
  request: ApprovalRequest,
): ApprovalControllerState {
  const pendingApprovals = Object.freeze({ ...state.pendingApprovals, [request.id]: request });
  return Object.freeze({
    ...state,
    pendingApprovals,
    pendingApprovalCount: Object.keys(pendingApprovals).length,
  });
}

/** `state` without the pending request `id`. */
export function withoutPending(
  state: ApprovalControllerState,
  id: string,
): ApprovalControllerState {
  const pendingApprovals = { ...state.pendingApprovals };
  delete pendingApprovals[id];
  return Object.freeze({
    ...state,
    pendingApprovals: Object.freeze(pendingApprovals),
    pendingApprovalCount: Object.keys(pendingApprovals).length,
  });
}
