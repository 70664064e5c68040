// The tKey actions' arguments come from a view: allow the known shapes, refuse the rest.
import type { SecondFactor } from '../../controllers/login/tkey/factors';
import type { TKeySecondFactor } from '../contract/action-api';
import { ActionErrorCode } from '../contract/protocol';
import { ActionFailure } from './action-handlers';

const MAX_TEXT = 1024;

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT;
}

function invalid(message: string): ActionFailure {
  return new ActionFailure(ActionErrorCode.invalidParams, message);
}

/** `{ password }` or `{ phrase }`, nothing else (a device factor never comes from a view). */
export function secondFactorOf(input: TKeySecondFactor): SecondFactor {
  const value = input as unknown as Record<string, unknown> | null;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 1 && isText(value.password))
      return { type: 'password', password: value.password };
    if (keys.length === 1 && isText(value.phrase)) return { type: 'phrase', phrase: value.phrase };
  }
  throw invalid('finishWithSecondFactor takes { password } or { phrase }.');
}

/** `{ password }` or `{ confirmed: true }`. */
export function confirmationOf(input: unknown): { password?: string; confirmed?: boolean } {
  const value = input as Record<string, unknown> | null;
  if (value && typeof value === 'object') {
    if (isText(value.password)) return { password: value.password };
    if (value.confirmed === true) return { confirmed: true };
  }
  throw invalid('exportBackupPhrase takes { password } or { confirmed: true }.');
}
