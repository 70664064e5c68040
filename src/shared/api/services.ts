// The routes that read other services for the wallet: rates, name and identity lookups, token
// and NFT holdings, explorer history, social lookups and the data-provider passthrough.
import { Type, type Static } from '@sinclair/typebox';
import { Address, ChainIdText, ShortText, Strict, StringEnum } from './primitives';
import { ADDRESS_TEXT } from '../primitives';

const SYMBOL = '[A-Za-z0-9]{1,10}';

/** GET /currency?fsym=ETH&tsyms=USD,EUR → { USD: 1234.5, ..., source }. */
export const CurrencyQuery = Type.Object(
  {
    fsym: Type.String({ pattern: `^${SYMBOL}$` }),
    tsyms: Type.String({ pattern: `^${SYMBOL}(,${SYMBOL}){0,19}$` }),
  },
  Strict,
);
export type CurrencyQuery = Static<typeof CurrencyQuery>;
/** Rates by symbol, and whether they are market rates ('http') or fixed offline ones. */
export type CurrencyReply = Record<string, number> & { source: 'http' | 'offline' };

/**
 * Name service names: ASCII labels (letters, digits, hyphen) or any Unicode the server
 * normalises per ENSIP-15 before hashing; at most 255 characters, no spaces or slashes.
 */
export const NAME_TYPES = ['ens', 'unstoppable', 'bit'] as const;
const LABEL = '[^\\s./\\\\?#@:%]+';
/** Dot-separated non-empty labels without spaces, slashes or URL punctuation. */
export const NAME_PATTERN = `^${LABEL}(\\.${LABEL})+$`;
export type NameType = (typeof NAME_TYPES)[number];
export const LookupQuery = Type.Object(
  {
    key: Type.String({ maxLength: 255, pattern: NAME_PATTERN }),
    type: StringEnum(NAME_TYPES),
  },
  Strict,
);
export type LookupQuery = Static<typeof LookupQuery>;
export const LookupReply = Type.Object({
  key: Type.String(),
  type: StringEnum(NAME_TYPES),
  address: Type.String(),
  /** .bit only: every ETH address on the account (the wallet lets the user choose). */
  addresses: Type.Optional(Type.Array(Type.String())),
});
export type LookupReply = Static<typeof LookupReply>;

/** GET /lookup/orrery: lookup by social identity. */
export const IdentityQuery = Type.Object(
  {
    verifier: ShortText,
    verifierId: ShortText,
    // Sent by the wallet (spec part 2 §7). The server keeps one user base and stores only the
    // login's verifier, so they are checked for shape and do not narrow the match.
    walletVerifier: Type.Optional(ShortText),
    network: Type.Optional(ShortText),
  },
  Strict,
);
export type IdentityQuery = Static<typeof IdentityQuery>;

/** A built-in network key (mainnet, matic, ...) or a decimal / 0x chain id. */
export const NetworkKey = Type.String({ pattern: '^[A-Za-z0-9_]{1,32}$' });
export const TokenBalancesQuery = Type.Object(
  { address: Type.Optional(Address), network: NetworkKey },
  Strict,
);
export type TokenBalancesQuery = Static<typeof TokenBalancesQuery>;
export const NftsQuery = Type.Object(
  { userAddress: Type.Optional(Address), network: NetworkKey },
  Strict,
);
export type NftsQuery = Static<typeof NftsQuery>;

export const EtherscanQuery = Type.Object(
  { selectedAddress: Address, selectedNetwork: NetworkKey },
  Strict,
);
export type EtherscanQuery = Static<typeof EtherscanQuery>;
/** One row of GET /etherscan's `transactions` (the server's normalised explorer history). */
// A type, not an interface: it is kept in controller state, which must be JSON-typed.
export type ExplorerTransaction = {
  hash: string;
  block_number: number;
  created_at: string;
  from: string;
  to: string | null;
  /** Wei, decimal. */
  value: string;
  nonce: string;
  gas: string;
  gasPrice: string;
  gas_used: string;
  status: 'confirmed' | 'failed';
  contract_address: string | null;
  function_name: string | null;
};
export interface EtherscanReply {
  chain_id: number;
  transactions: ExplorerTransaction[];
}

export const TwitterQuery = Type.Object(
  { screen_name: Type.String({ pattern: '^@?[A-Za-z0-9_]{1,15}$' }) },
  Strict,
);
export type TwitterQuery = Static<typeof TwitterQuery>;
export const DiscordRevokeBody = Type.Object(
  { token: Type.String({ pattern: '^[A-Za-z0-9._~+/=-]{1,512}$' }) },
  Strict,
);
export type DiscordRevokeBody = Static<typeof DiscordRevokeBody>;

/** GET /covalent?url= and GET /opensea?url=: a provider URL, fetched with the server's key. */
export const ProviderUrlQuery = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 2000 }) },
  Strict,
);
export type ProviderUrlQuery = Static<typeof ProviderUrlQuery>;

/**
 * GET /tokenprices?chainId=0x1&contract_addresses=0x…,0x…&vs_currencies=usd,eur: token prices by
 * contract address (spec part 2 §7: "queried by contract addresses and vs_currencies").
 */
export const MAX_PRICED_TOKENS = 100;
export const TokenPricesQuery = Type.Object(
  {
    chainId: ChainIdText,
    contract_addresses: Type.String({
      pattern: `^${ADDRESS_TEXT}(,${ADDRESS_TEXT}){0,${MAX_PRICED_TOKENS - 1}}$`,
    }),
    vs_currencies: Type.String({ pattern: '^[A-Za-z]{2,10}(,[A-Za-z]{2,10}){0,9}$' }),
  },
  Strict,
);
export type TokenPricesQuery = Static<typeof TokenPricesQuery>;
/** Prices by lowercase contract address, then lowercase currency; unpriced tokens are absent. */
export type TokenPricesReply = Record<string, Record<string, number>>;

/** GET /tokenbalances: the aggregator's ERC-20 holdings in the wallet's detected-token shape. */
export type TokenBalancesReply = {
  items: {
    tokenAddress: string;
    name: string;
    symbol: string;
    decimals: number;
    /** 0x hex of the smallest units. */
    balance: string;
    logo: string | null;
    erc20: true;
    network: string;
    isCovalent: true;
  }[];
};
