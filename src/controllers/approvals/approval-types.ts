import { providerErrors, rpcErrors } from '@metamask/rpc-errors';
import type { Json } from '@metamask/utils';

/** Every kind of request the user approves or denies (spec part 1 §4, Approval flow). */
export const APPROVAL_TYPES = [
  'transaction',
  'personal_sign',
  'eth_sign',
  'typed_data',
  'encryption_public_key',
  'decrypt',
  'watch_asset',
  'add_chain',
  'switch_chain',
  'connect',
] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];

export function isApprovalType(value: unknown): value is ApprovalType {
  return typeof value === 'string' && (APPROVAL_TYPES as readonly string[]).includes(value);
}

/** Spec part 1 §4: an approval of a type the wallet does not know. */
export const UNKNOWN_APPROVAL_TYPE_MESSAGE = 'No new transactions.';

/** What the dapp reads when the user denies each kind (spec part 2 §8, product prefix 'Orrery'). */
export const APPROVAL_REJECTION_MESSAGES: Record<ApprovalType, string> = {
  transaction: 'Orrery Tx Signature: User denied transaction signature.',
  personal_sign: 'Orrery Message Signature: User denied message signature.',
  eth_sign: 'Orrery Message Signature: User denied message signature.',
  typed_data: 'Orrery Message Signature: User denied message signature.',
  encryption_public_key: 'Orrery EncryptionPublicKey: User denied message EncryptionPublicKey.',
  // The spelling is the spec's.
  decrypt: 'User denied message Ddecryption.',
  watch_asset: 'User denied watch asset request.',
  add_chain: 'User denied add chain request.',
  switch_chain: 'User denied switch chain request.',
  connect: 'User rejected permissions request',
};

/** The user-rejected error (EIP-1193 code 4001) for a kind of request. */
export function userRejectedError(type: ApprovalType): Error {
  return providerErrors.userRejectedRequest({ message: APPROVAL_REJECTION_MESSAGES[type] });
}

/** Code -32002: a dapp asked again while the same kind of request from it awaits the user. */
export function requestAlreadyPendingError(origin: string, type: ApprovalType): Error {
  return rpcErrors.resourceUnavailable({
    message: `Request of type '${type}' already pending for origin ${origin}. Please wait.`,
  });
}

type RequestData = { [key: string]: Json };

/** A signing request as the approval screen shows it: never a key, never a result. */
export type MessageApprovalData = RequestData & {
  /** The message manager's record id. */
  messageId: string;
  /** Lowercase 0x address that is asked to sign. */
  from: string;
};

/** What each kind of approval carries for the screen. Other owners may add fields. */
export type ApprovalRequestDataByType = {
  transaction: RequestData & { txId: string };
  personal_sign: MessageApprovalData & { data: string };
  /** `dangerWarning` is true when a raw 32-byte hash would be signed (phishing vector). */
  eth_sign: MessageApprovalData & { data: string; dangerWarning: boolean };
  typed_data: MessageApprovalData & { data: Json; version: string };
  encryption_public_key: MessageApprovalData;
  decrypt: MessageApprovalData & { data: string };
  watch_asset: RequestData;
  add_chain: RequestData;
  switch_chain: RequestData;
  /** The permission asked for and the periods the user may choose from. */
  connect: RequestData & { permissions: string[]; periods: string[] };
};

/** One pending approval; `type` discriminates the request data. */
export type ApprovalRequest<T extends ApprovalType = ApprovalType> = {
  [K in T]: {
    /** Unguessable: crypto.randomUUID(). */
    id: string;
    origin: string;
    type: K;
    /** Epoch ms when it was added. */
    time: number;
    requestData: ApprovalRequestDataByType[K];
  };
}[T];

/** The value an approver passes along: the requester checks it (e.g. connect's accounts/period). */
export type ApprovalValue = Json | undefined;

/** Connect's approved value. */
export type ConnectApprovalValue = { accounts: string[]; period: string };
