// The records each user keeps on the backend (spec part 1 §3): contacts, custom tokens, custom
// NFTs, custom networks and dapp permissions. `*Input` is what the wallet sends; the record is
// what the server answers (with its id) in GET /user and in the answer of the add.
import { Type, type Static } from '@sinclair/typebox';
import {
  Address,
  ChainIdText,
  HttpUrl,
  Id,
  LongText,
  NetworkName,
  Nullable,
  ShortText,
  Strict,
  StringEnum,
  Timestamp,
} from './primitives';

// --- Contacts: contact_verifier names the address kind (eth, ens, google, twitter, ...) and
// --- contact_verifier_id the address in that kind.
const contactFields = {
  name: ShortText,
  contact_verifier: Type.String({ pattern: '^[a-z0-9_.-]{1,40}$' }),
  contact_verifier_id: ShortText,
};
export const ContactInput = Type.Object(contactFields, Strict);
export type ContactInput = Static<typeof ContactInput>;
export const Contact = Type.Object({ id: Id, ...contactFields });
export type Contact = Static<typeof Contact>;

// --- Custom tokens (409 on a repeat per network and address).
const tokenFields = {
  token_address: Address,
  network: NetworkName,
  token_symbol: Type.String({ minLength: 1, maxLength: 20 }),
  token_name: ShortText,
  decimals: Type.Integer({ minimum: 0, maximum: 36 }),
};
export const CustomTokenInput = Type.Object(tokenFields, Strict);
export type CustomTokenInput = Static<typeof CustomTokenInput>;
export const CustomToken = Type.Object({ id: Id, ...tokenFields });
export type CustomToken = Static<typeof CustomToken>;

// --- Custom NFTs (409 on a repeat per network, contract and token id).
export const NFT_STANDARDS = ['ERC721', 'ERC1155'] as const;
const nftFields = {
  nft_address: Address,
  network: NetworkName,
  nft_name: ShortText,
  /** A uint256 token id in decimal. */
  nft_id: Type.String({ pattern: '^[0-9]{1,78}$' }),
  nft_contract_standard: StringEnum(NFT_STANDARDS),
};
export const CustomNftInput = Type.Object(
  { ...nftFields, nft_image_link: Type.Optional(HttpUrl), description: Type.Optional(LongText) },
  Strict,
);
export type CustomNftInput = Static<typeof CustomNftInput>;
export const CustomNft = Type.Object({
  id: Id,
  ...nftFields,
  nft_image_link: Nullable(Type.String()),
  description: Nullable(Type.String()),
});
export type CustomNft = Static<typeof CustomNft>;

// --- Custom networks: POST /customnetwork/:type, PATCH and DELETE /customnetwork/:id.
const networkFields = {
  network_name: ShortText,
  rpc_url: HttpUrl,
  chain_id: ChainIdText,
  symbol: Type.String({ minLength: 1, maxLength: 20 }),
};
export const CustomNetworkInput = Type.Object(
  { ...networkFields, block_explorer_url: Type.Optional(Nullable(HttpUrl)) },
  Strict,
);
export type CustomNetworkInput = Static<typeof CustomNetworkInput>;
export const CustomNetworkParams = Type.Object({
  type: Type.String({ pattern: '^[a-z0-9_-]{1,32}$' }),
});
export const CustomNetwork = Type.Object({
  id: Id,
  network_type: Type.String(),
  ...networkFields,
  block_explorer_url: Nullable(Type.String()),
});
export type CustomNetwork = Static<typeof CustomNetwork>;

// --- Dapp permissions the user granted (spec part 2 §6: site and validity period).
/** The four periods a dapp permission may last, in seconds. */
export const PERMISSION_PERIOD_SECONDS = {
  '1h': 3600,
  '1w': 7 * 86400,
  '1m': 30 * 86400,
  '1y': 365 * 86400,
} as const;
export type PermissionPeriod = keyof typeof PERMISSION_PERIOD_SECONDS;
const PERMISSION_PERIODS = Object.keys(PERMISSION_PERIOD_SECONDS) as PermissionPeriod[];
export const PermissionInput = Type.Object(
  {
    name: ShortText,
    action: ShortText,
    origin: Type.Optional(HttpUrl),
    period: Type.Optional(StringEnum(PERMISSION_PERIODS)),
  },
  Strict,
);
export type PermissionInput = Static<typeof PermissionInput>;
export const Permission = Type.Object({
  id: Id,
  name: Type.String(),
  action: Type.String(),
  origin: Nullable(Type.String()),
  /** Null for a grant without an end; lapsed grants are left out of GET /user. */
  expires_at: Nullable(Timestamp),
});
export type Permission = Static<typeof Permission>;
