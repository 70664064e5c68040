/**
 * How a view tells why an action failed. A refused action rejects with `{ code, message, data }`:
 * `code` is the protocol's number (ActionErrorCode in protocol.ts: -32000 when a controller
 * refused), `message` the text to show (the spec's where it has one), and for every refusal with
 * a reason views may act on, `data.code` is one of the stable codes below. Views and tests match
 * on `data.code`, never on the message. Each concern defines its codes next to its messages in
 * its own errors.ts; this union names them for the views (types only: the codes are strings).
 */
import type { ApprovalErrorCode } from '../../controllers/approvals/errors';
import type { AssetErrorCode } from '../../controllers/assets/errors';
import type { BackendErrorCode, BackendOperation } from '../../controllers/backend/errors';
import type { CurrencyErrorCode } from '../../controllers/currency/errors';
import type { KeyringErrorCode } from '../../controllers/keyring/errors';
import type { LoginErrorCode } from '../../controllers/login/errors';
import type { TKeyErrorCode } from '../../controllers/login/tkey/errors';
import type { NetworkErrorCode } from '../../controllers/network/errors';
import type { PreferencesErrorCode } from '../../controllers/preferences/errors';
import type { TransferErrorCode } from '../../controllers/transactions/errors';
import type { UserRecordErrorCode } from '../../controllers/user-record/errors';

/** Every stable code an action's failure may carry as `data.code`, e.g. 'keyring.incorrectPassword'. */
export type FailureCode =
  | KeyringErrorCode
  | LoginErrorCode
  | TKeyErrorCode
  | NetworkErrorCode
  | PreferencesErrorCode
  | CurrencyErrorCode
  | UserRecordErrorCode
  | ApprovalErrorCode
  | AssetErrorCode
  | BackendErrorCode
  | TransferErrorCode;

/** A coded failure's `data`; a backend-kept change adds which change failed and the server's word. */
export interface FailureData {
  code: FailureCode;
  operation?: BackendOperation;
  detail?: string;
  status?: number;
}

/** The stable code of an action's failure (its `data.code`), or undefined for one without. */
export function failureCode(error: unknown): FailureCode | undefined {
  const data: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'data') : undefined;
  const code: unknown =
    typeof data === 'object' && data !== null ? Reflect.get(data, 'code') : undefined;
  // The engine sets data.code only from the codes above.
  return typeof code === 'string' ? (code as FailureCode) : undefined;
}
