// Table types for kysely. Column names follow the spec's server record shapes (snake_case).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;
/** jsonb: pg returns parsed JSON; we write it as a JSON string. */
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  /** Lowercased 0x address; one record per address. */
  public_address: string;
  default_currency: Generated<string>;
  theme: Generated<string>;
  enable_crash_reporter: Generated<boolean>;
  locale: Generated<string>;
  account_type: Generated<string>;
  default_public_address: string | null;
  verifier: string | null;
  verifier_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AuthMessagesTable {
  id: Generated<number>;
  public_address: string;
  nonce: string;
  message: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** An Auth-Challenge an address has used (single use across every instance). */
export interface UsedChallengesTable {
  public_address: string;
  challenge: string;
  expires_at: Date;
}

/** A rate-limit window's counter: key = route + client. */
export interface RateLimitsTable {
  key: string;
  count: number;
  expires_at: Date;
}

/** A started social login (identity/social-login.ts), keyed by its OAuth state. */
export interface LoginAttemptsTable {
  state: string;
  verifier: string;
  nonce: string;
  code_challenge: string;
  redirect_uri: string;
  expires_at: Date;
  used_at: Date | null;
}

/** An email passwordless login (identity/email-login.ts). */
export interface EmailLoginsTable {
  id: string;
  email: string;
  code_hash: string;
  code_expires_at: Date;
  link_hash: string;
  code_challenge: string;
  attempts: Generated<number>;
  verified_at: Date | null;
  used_at: Date | null;
  /** The magic link's end of validity, and the row's. */
  expires_at: Date;
  created_at: CreatedAt;
}

export interface LoginRecordsTable {
  id: Generated<number>;
  user_id: number;
  hostname: string;
  verifier: string;
  verifier_id: string;
  metadata: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface PermissionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  action: string;
  origin: string | null;
  expires_at: Date | null;
  created_at: CreatedAt;
}

export interface ContactsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  contact_verifier: string;
  contact_verifier_id: string;
  created_at: CreatedAt;
}

export interface CustomTokensTable {
  id: Generated<number>;
  user_id: number;
  token_address: string;
  network: string;
  token_symbol: string;
  token_name: string;
  decimals: number;
  created_at: CreatedAt;
}

export interface CustomNftsTable {
  id: Generated<number>;
  user_id: number;
  nft_address: string;
  network: string;
  nft_name: string;
  nft_id: string;
  nft_contract_standard: string;
  nft_image_link: string | null;
  description: string | null;
  created_at: CreatedAt;
}

export interface CustomNetworksTable {
  id: Generated<number>;
  user_id: number;
  network_type: string;
  network_name: string;
  rpc_url: string;
  chain_id: string;
  symbol: string;
  block_explorer_url: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TransactionsTable {
  id: Generated<number>;
  user_id: number;
  transaction_hash: string;
  network: string;
  from_address: string;
  to_address: string;
  total_amount: string;
  currency_amount: string | null;
  selected_currency: string | null;
  gas: string | null;
  gas_price: string | null;
  symbol: string | null;
  nonce: string | null;
  type: string | null;
  type_name: string | null;
  type_image_link: string | null;
  status: string;
  transaction_category: string | null;
  is_cancel: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Transaction e-mails waiting for a mail sender (none is wired in yet). */
export interface EmailOutboxTable {
  id: Generated<number>;
  user_id: number;
  email_object: Json<Record<string, unknown>>;
  /** 'queued' | 'sending' | 'sent' | 'failed' (mail/outbox.ts). */
  status: Generated<string>;
  created_at: CreatedAt;
  /** Sends tried so far. */
  attempts: Generated<number>;
  /** Not tried again before this; while 'sending', when the claim lapses. */
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  sent_at: Date | null;
}

export interface DappsTable {
  id: Generated<number>;
  name: string;
  url: string;
  description: string | null;
  logo: string | null;
  category: string | null;
  network: string | null;
  position: Generated<number>;
}

export interface BillboardTable {
  id: Generated<number>;
  call_to_action_link: string;
  locale: string;
  title: string;
  description: string | null;
  image_url: string | null;
  call_to_action_text: string | null;
  active: Generated<boolean>;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  locale: string;
  announcement: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  auth_messages: AuthMessagesTable;
  used_challenges: UsedChallengesTable;
  rate_limits: RateLimitsTable;
  login_attempts: LoginAttemptsTable;
  email_logins: EmailLoginsTable;
  login_records: LoginRecordsTable;
  permissions: PermissionsTable;
  contacts: ContactsTable;
  custom_tokens: CustomTokensTable;
  custom_nfts: CustomNftsTable;
  custom_networks: CustomNetworksTable;
  transactions: TransactionsTable;
  email_outbox: EmailOutboxTable;
  dapps: DappsTable;
  billboard: BillboardTable;
  announcements: AnnouncementsTable;
}
