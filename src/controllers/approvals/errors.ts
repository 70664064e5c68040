// Why approving or rejecting a request failed: stable codes next to the messages. Views and
// tests match on the code. (What a dapp gets for a request it made keeps its EIP-1193 and
// JSON-RPC codes, see approval-types.ts.)
import { CodedError } from '../errors/coded-error';

export const ApprovalErrorCode = {
  /** No pending request has this id (already settled, or never existed). */
  requestNotFound: 'approvals.requestNotFound',
  /** The approver's value is not what this request type takes (e.g. a bad gas override). */
  invalidValue: 'approvals.invalidValue',
} as const;
export type ApprovalErrorCode = (typeof ApprovalErrorCode)[keyof typeof ApprovalErrorCode];

export class ApprovalError extends CodedError<{ code: ApprovalErrorCode }> {
  constructor(code: ApprovalErrorCode, message: string, options?: { cause?: unknown }) {
    super({ code }, message, options);
    this.name = 'ApprovalError';
  }
}

export const requestNotFound = (id: unknown) =>
  new ApprovalError(
    ApprovalErrorCode.requestNotFound,
    `Approval request not found for id: "${String(id)}".`,
  );
/** The requester refused the approver's value (its `parseValue` threw `cause`). */
export const invalidApprovalValue = (message: string, cause?: unknown) =>
  new ApprovalError(ApprovalErrorCode.invalidValue, message, { cause });
