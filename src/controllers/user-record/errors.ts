// Why a user-record action failed: stable codes next to the messages. Views and tests match on
// the code. Invalid settings fail with the preferences and currency codes; failed backend calls
// with the backend's (backend/errors.ts).
import { CodedError } from '../errors/coded-error';

export const UserRecordErrorCode = {
  /** No account is selected: there is no record to sign in with or change. */
  noAccount: 'userRecord.noAccount',
} as const;
export type UserRecordErrorCode = (typeof UserRecordErrorCode)[keyof typeof UserRecordErrorCode];

export const NO_LOGIN_ACCOUNT_ERROR = 'No account to log in with';
export const NO_SELECTED_ACCOUNT_ERROR = 'No account selected';

export class UserRecordError extends CodedError<{ code: UserRecordErrorCode }> {
  constructor(code: UserRecordErrorCode, message: string) {
    super({ code }, message);
    this.name = 'UserRecordError';
  }
}
