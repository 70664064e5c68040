// Why a change to what the backend keeps failed, as a stable code the views and tests match on
// (the view layer turns the operation and the outcome into the spec's message keys). The same
// scheme as every concern's errors.ts (errors/coded-error.ts), with the operation as context.
import { CodedError } from '../errors/coded-error';

/** The failure codes of a backend-kept change. */
export const BackendErrorCode = {
  /** The selected address has no backend session: records get their ids from the server. */
  notSignedIn: 'backend.notSignedIn',
  /** The server refused the session (401): the address was logged out. */
  loggedOut: 'backend.loggedOut',
  /** Refused before any request; `detail` is the validation's message key. */
  invalidInput: 'backend.invalidInput',
  /** The server or the network failed; `detail` is the server's message, `status` its HTTP status. */
  requestFailed: 'backend.requestFailed',
} as const;
export type BackendErrorCode = (typeof BackendErrorCode)[keyof typeof BackendErrorCode];

/** The change that failed (one per spec message pair, spec part 2 §8, and a few more). */
export type BackendOperation =
  | 'theme'
  | 'locale'
  | 'currency'
  | 'crashReport'
  | 'defaultAddress'
  | 'contactAdd'
  | 'contactDelete'
  | 'customTokenAdd'
  | 'customTokenDelete'
  | 'customNftAdd'
  | 'customNetworkAdd'
  | 'customNetworkUpdate'
  | 'customNetworkDelete'
  | 'permissionAdd'
  | 'recipientLookup'
  | 'transferEmail';

export interface BackendChangeErrorData {
  code: BackendErrorCode;
  operation: BackendOperation;
  detail?: string;
  status?: number;
}

/**
 * A failed change. `data` crosses the view boundary with the action's error, so a view reads
 * `data.code` and `data.operation` (never the message text).
 */
export class BackendChangeError extends CodedError<BackendChangeErrorData> {
  constructor(data: BackendChangeErrorData, message: string, options?: { cause?: unknown }) {
    super(data, message, options);
    this.name = 'BackendChangeError';
  }
}

export const NOT_SIGNED_IN = 'Not signed in to the Orrery backend';

/** The failure of a change tried without a backend session. */
export function notSignedIn(operation: BackendOperation): BackendChangeError {
  return new BackendChangeError({ code: BackendErrorCode.notSignedIn, operation }, NOT_SIGNED_IN);
}

/**
 * Runs one backend call of a change: a 401 ends the session (`onUnauthorized`) and fails as
 * loggedOut; any other failure fails as requestFailed with the server's message and status.
 */
export async function runBackendChange<T>(
  operation: BackendOperation,
  call: () => Promise<T>,
  onUnauthorized: () => void,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const status = (err as { status?: unknown }).status;
    const message = err instanceof Error ? err.message : String(err);
    if (status === 401) {
      onUnauthorized();
      throw new BackendChangeError(
        { code: BackendErrorCode.loggedOut, operation, status },
        `The backend session ended: ${message}`,
        { cause: err },
      );
    }
    throw new BackendChangeError(
      {
        code: BackendErrorCode.requestFailed,
        operation,
        detail: message,
        ...(typeof status === 'number' ? { status } : {}),
      },
      message,
      { cause: err },
    );
  }
}
