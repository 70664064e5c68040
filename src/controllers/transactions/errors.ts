// Why a send or replacement action from the wallet's own screens failed: stable codes next to
// the messages (the spec's text where it has one). Views and tests match on the code.
import { CodedError } from '../errors/coded-error';

export const TransferErrorCode = {
  /** The recipient (or a token contract) is not an Ethereum address. */
  invalidAddress: 'transfer.invalidAddress',
  /** The amount is not a positive integer in base units (or a token id not a number). */
  invalidAmount: 'transfer.invalidAmount',
  /** Not an asset kind the wallet can send (native, erc20, erc721, erc1155). */
  unknownAsset: 'transfer.unknownAsset',
  /** No account is selected to send from. */
  noAccount: 'transfer.noAccount',
  /** The network is still loading (spec part 2 §8). */
  networkLoading: 'transfer.networkLoading',
  /** The transaction could not be added (params refused, fee estimation failed). */
  sendFailed: 'transfer.sendFailed',
  /** No transaction with that id, or not one this replacement applies to. */
  notReplaceable: 'transfer.notReplaceable',
} as const;
export type TransferErrorCode = (typeof TransferErrorCode)[keyof typeof TransferErrorCode];

/** Spec part 2 §8. */
export const SUBMIT_FAILED_MESSAGE = 'Fail to submit transaction.';

export class TransferError extends CodedError<{ code: TransferErrorCode }> {
  constructor(code: TransferErrorCode, message: string, options?: { cause?: unknown }) {
    super({ code }, message, options);
    this.name = 'TransferError';
  }
}
