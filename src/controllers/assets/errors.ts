// Why adding or previewing a token or NFT failed, as a stable code views match on (they pick the
// wording), with the spec's message (spec part 1 §5: add token, add collectible, NFT).
import { CodedError } from '../errors/coded-error';

export const AssetErrorCode = {
  /** Not an address, or no code there (spec: a contract address is a valid address with code). */
  invalidContractAddress: 'asset.invalidContractAddress',
  duplicateToken: 'asset.duplicateToken',
  duplicateNft: 'asset.duplicateNft',
  nonExistentTokenId: 'asset.nonExistentTokenId',
  notOwned: 'asset.notOwned',
  unsupportedStandard: 'asset.unsupportedStandard',
  /** A field the user typed is malformed (token id, decimals, symbol); `detail` says which. */
  invalidInput: 'asset.invalidInput',
  /** No account is selected or the wallet is locked. */
  noAccount: 'asset.noAccount',
  /** No custom token with that id. */
  unknownToken: 'asset.unknownToken',
} as const;
export type AssetErrorCode = (typeof AssetErrorCode)[keyof typeof AssetErrorCode];

export const ASSET_ERROR_MESSAGES: Readonly<Record<AssetErrorCode, string>> = {
  [AssetErrorCode.invalidContractAddress]: 'This contract address is invalid',
  [AssetErrorCode.duplicateToken]: 'This token already exists.',
  [AssetErrorCode.duplicateNft]: 'This nft already exists.',
  [AssetErrorCode.nonExistentTokenId]: "This token id doesn't exist.",
  [AssetErrorCode.notOwned]: "You don't own this nft.",
  [AssetErrorCode.unsupportedStandard]: 'Contract address does not support any valid nft standard',
  [AssetErrorCode.invalidInput]: 'Invalid input',
  [AssetErrorCode.noAccount]: 'No account is selected',
  [AssetErrorCode.unknownToken]: 'No such custom token',
};

export interface AssetErrorData {
  code: AssetErrorCode;
  detail?: string;
}

/** A refused asset change or preview; `data` crosses to the view with the action's error. */
export class AssetError extends CodedError<AssetErrorData> {
  /** The message is `detail` when given (e.g. the spec's NftHandler messages), else the code's. */
  constructor(code: AssetErrorCode, detail?: string) {
    super(detail ? { code, detail } : { code }, detail ?? ASSET_ERROR_MESSAGES[code]);
    this.name = 'AssetError';
  }
}

export const isAssetError = (error: unknown, code?: AssetErrorCode): error is AssetError =>
  error instanceof AssetError && (code === undefined || error.data.code === code);
