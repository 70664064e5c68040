/**
 * The SignatureController's next state as a new frozen object, for BaseController.update to
 * take whole. Mutating an immer draft instead costs a property-descriptor copy of the state and
 * of the message map, proxy traps and a finalising walk: about a tenth of the wallet's own work
 * per signature, three times per request. Immer skips an already frozen result, and the views
 * receive it as one replace of the controller's (small) state.
 */
import type { MessageSummary, SignatureControllerState } from './SignatureController';

/** `state` with `summary` added or replaced. */
export function withMessage(
  state: SignatureControllerState,
  summary: MessageSummary,
): SignatureControllerState {
  const messages = { ...state.messages, [summary.id]: Object.freeze({ ...summary }) };
  return Object.freeze({ ...state, messages: Object.freeze(messages) });
}

/** `state` without the message `id` (the same state when it holds none: no update, no event). */
export function withoutMessage(
  state: SignatureControllerState,
  id: string,
): SignatureControllerState {
  if (!Object.hasOwn(state.messages, id)) return state;
  const messages = { ...state.messages };
  delete messages[id];
  return Object.freeze({ ...state, messages: Object.freeze(messages) });
}
