// Why adding or previewing a token or NFT failed, as a stable code views match on (they pick the
// wording), with the spec's message (spec part 1 §5: add token, add collectible, NFT).

export const AssetFailure = {
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
export type AssetFailureCode = (typeof AssetFailure)[keyof typeof AssetFailure];

export const ASSET_FAILURE_MESSAGES: Readonly<Record<AssetFailureCode, string>> = {
  [AssetFailure.invalidContractAddress]: 'This contract address is invalid',
  [AssetFailure.duplicateToken]: 'This token already exists.',
  [AssetFailure.duplicateNft]: 'This nft already exists.',
  [AssetFailure.nonExistentTokenId]: "This token id doesn't exist.",
  [AssetFailure.notOwned]: "You don't own this nft.",
  [AssetFailure.unsupportedStandard]: 'Contract address does not support any valid nft standard',
  [AssetFailure.invalidInput]: 'Invalid input',
  [AssetFailure.noAccount]: 'No account is selected',
  [AssetFailure.unknownToken]: 'No such custom token',
};

export interface AssetErrorData {
  code: AssetFailureCode;
  detail?: string;
}

/** A refused asset change or preview; `data` crosses to the view with the action's error. */
export class AssetError extends Error {
  readonly data: AssetErrorData;

  /** The message is `detail` when given (e.g. the spec's NftHandler messages), else the code's. */
  constructor(code: AssetFailureCode, detail?: string) {
    super(detail ?? ASSET_FAILURE_MESSAGES[code]);
    this.name = 'AssetError';
    this.data = detail ? { code, detail } : { code };
  }
}

export const isAssetError = (error: unknown, code?: AssetFailureCode): error is AssetError =>
  error instanceof AssetError && (code === undefined || error.data.code === code);
