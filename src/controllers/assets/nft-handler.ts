/**
 * One NFT checked on chain (spec part 1 §4, §5): its standard, whether the token exists and who
 * holds it, and its metadata. The batch path in CollectiblesController reads the same things
 * for hundreds of NFTs at once; both decide the standard with `nftStandard`.
 */
import type { Hex } from '../../shared/primitives';
import { AssetError, AssetFailure } from './asset-errors';
import {
  erc1155BalanceRead,
  erc1155ExistsRead,
  erc1155UriRead,
  INTERFACE_IDS,
  ownerOfRead,
  readOne,
  supportsInterfaceRead,
  tokenUriRead,
  type ContractReader,
} from './contract-reads';
import {
  fetchNftMetadata,
  substituteTokenId,
  type MetadataFetchOptions,
  type NftMetadata,
} from './nft-metadata';
import specialNftContracts from './data/special-nft-contracts.json';

export type NftStandard = 'ERC721' | 'ERC1155';

/** Contracts older than ERC-165 that are ERC-721 all the same (CryptoKitties), by chain id. */
export const SPECIAL_NFT_CONTRACTS = specialNftContracts as Readonly<Record<string, string[]>>;

export function isSpecialNftContract(
  chainId: string,
  address: string,
  extra: Readonly<Record<string, readonly string[]>> = {},
): boolean {
  const lower = address.toLowerCase();
  return [...(SPECIAL_NFT_CONTRACTS[chainId] ?? []), ...(extra[chainId] ?? [])].some(
    (special) => special.toLowerCase() === lower,
  );
}

/**
 * A known special contract is ERC721; else ERC721 if it says it supports that interface, else
 * ERC1155 if it says so, else none (spec part 1 §4).
 */
export function nftStandard(
  isSpecial: boolean,
  supports721: boolean | undefined,
  supports1155: boolean | undefined,
): NftStandard | undefined {
  if (isSpecial || supports721 === true) return 'ERC721';
  if (supports1155 === true) return 'ERC1155';
  return undefined;
}

export interface NftHandlerOptions {
  userAddress?: string | null;
  address?: string | null;
  tokenId?: string | number | bigint | null;
  provider?: ContractReader | null;
  /** The contract is a known special one (ERC-721 without ERC-165). */
  isSpecial?: boolean;
  metadata?: MetadataFetchOptions;
}

const missing = (value: unknown) => value === undefined || value === null || value === '';

export class NftHandler {
  readonly userAddress: Hex;
  readonly address: Hex;
  readonly tokenId: bigint;
  readonly #provider: ContractReader;
  readonly #isSpecial: boolean;
  readonly #metadata: MetadataFetchOptions;

  constructor(options: NftHandlerOptions) {
    // Token id 0 is a token like any other: only absent values are missing.
    for (const field of ['userAddress', 'address', 'tokenId', 'provider'] as const) {
      if (missing(options[field])) {
        const message = `${field} is required while initializing NftHandler`;
        throw new AssetError(AssetFailure.invalidInput, message);
      }
    }
    this.userAddress = String(options.userAddress).toLowerCase() as Hex;
    this.address = String(options.address).toLowerCase() as Hex;
    this.tokenId = parseTokenId(options.tokenId!);
    this.#provider = options.provider!;
    this.#isSpecial = options.isSpecial ?? false;
    this.#metadata = options.metadata ?? {};
  }

  /** ERC721 or ERC1155, else 'Contract address does not support any valid nft standard'. */
  async checkNftStandard(): Promise<NftStandard> {
    const [supports721, supports1155] = this.#isSpecial
      ? [true, false]
      : await Promise.all([
          readOne(this.#provider, supportsInterfaceRead(this.address, INTERFACE_IDS.erc721)),
          readOne(this.#provider, supportsInterfaceRead(this.address, INTERFACE_IDS.erc1155)),
        ]);
    const standard = nftStandard(this.#isSpecial, supports721, supports1155);
    if (!standard) throw new AssetError(AssetFailure.unsupportedStandard);
    return standard;
  }

  /**
   * How many the user holds (ERC-721: 1 or 0). A token id that does not exist fails: an
   * ERC-721 ownerOf that reverts, or an ERC-1155 whose `exists(id)` (where it has one) says no.
   */
  async fetchNftBalance(standard: NftStandard): Promise<bigint> {
    if (standard === 'ERC721') {
      const owner = await readOne(this.#provider, ownerOfRead(this.address, this.tokenId));
      if (owner === undefined) throw new AssetError(AssetFailure.nonExistentTokenId);
      return owner.toLowerCase() === this.userAddress ? 1n : 0n;
    }
    const [balance, exists] = await Promise.all([
      readOne(this.#provider, erc1155BalanceRead(this.address, this.userAddress, this.tokenId)),
      readOne(this.#provider, erc1155ExistsRead(this.address, this.tokenId)),
    ]);
    if (exists === false) throw new AssetError(AssetFailure.nonExistentTokenId);
    return balance ?? 0n;
  }

  /** The token URI (with ERC-1155's `{id}` filled in), or undefined when the contract has none. */
  async readTokenUri(standard: NftStandard): Promise<string | undefined> {
    const read =
      standard === 'ERC721'
        ? tokenUriRead(this.address, this.tokenId)
        : erc1155UriRead(this.address, this.tokenId);
    const uri = await readOne(this.#provider, read);
    return uri ? substituteTokenId(uri, this.tokenId.toString()) : undefined;
  }

  /** The metadata behind the token URI; rejects when there is none or it cannot be read. */
  async getNftMetadata(standard: NftStandard): Promise<NftMetadata> {
    const uri = await this.readTokenUri(standard);
    if (!uri) throw new Error(`${this.address} has no metadata URI for token ${this.tokenId}`);
    return fetchNftMetadata(uri, this.#metadata);
  }
}

/** A token id as a non-negative integer (decimal or 0x hex); anything else is invalid input. */
export function parseTokenId(value: string | number | bigint): bigint {
  try {
    // BigInt('') is 0n: an empty field is no token id.
    if (typeof value === 'string' && !/^(0x[0-9a-f]+|[0-9]+)$/iu.test(value.trim())) {
      throw new Error('not an integer');
    }
    const id = typeof value === 'string' ? BigInt(value.trim()) : BigInt(value);
    if (id < 0n || id >= 2n ** 256n) throw new Error('out of range');
    return id;
  } catch {
    throw new AssetError(AssetFailure.invalidInput, `Invalid token id ${String(value)}`);
  }
}
