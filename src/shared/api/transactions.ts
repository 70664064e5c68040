// Past transactions the wallet reports (spec part 1 §3, history item) and the transaction
// e-mail queue.
import { Type, type Static } from '@sinclair/typebox';
import {
  Address,
  Id,
  NetworkName,
  Nullable,
  ShortText,
  Strict,
  StringEnum,
  Timestamp,
} from './primitives';

export const TRANSACTION_TYPES = ['eth', 'erc20', 'erc721', 'erc1155'] as const;
const Amount = Type.String({ maxLength: 100 });
const TxStatus = Type.String({ pattern: '^[a-z_]{1,20}$' });

/** POST /transaction. */
export const TransactionInput = Type.Object(
  {
    transaction_hash: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' }),
    network: NetworkName,
    from: Address,
    to: Address,
    total_amount: Amount,
    status: TxStatus,
    currency_amount: Type.Optional(Amount),
    selected_currency: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2,10}$' })),
    gas: Type.Optional(Amount),
    gasPrice: Type.Optional(Amount),
    symbol: Type.Optional(Type.String({ maxLength: 20 })),
    nonce: Type.Optional(Type.String({ maxLength: 40 })),
    type: Type.Optional(StringEnum(TRANSACTION_TYPES)),
    type_name: Type.Optional(Type.String({ maxLength: 200 })),
    type_image_link: Type.Optional(Type.String({ maxLength: 2000 })),
    transaction_category: Type.Optional(Type.String({ maxLength: 40 })),
    is_cancel: Type.Optional(Type.Boolean()),
  },
  Strict,
);
export type TransactionInput = Static<typeof TransactionInput>;

/** A history item as the server stores it; addresses and hash lowercased. */
export const ServerTransaction = Type.Object({
  id: Id,
  transaction_hash: Type.String(),
  network: Type.String(),
  from: Type.String(),
  to: Type.String(),
  total_amount: Type.String(),
  currency_amount: Nullable(Type.String()),
  selected_currency: Nullable(Type.String()),
  gas: Nullable(Type.String()),
  gasPrice: Nullable(Type.String()),
  symbol: Nullable(Type.String()),
  nonce: Nullable(Type.String()),
  type: Nullable(StringEnum(TRANSACTION_TYPES)),
  type_name: Nullable(Type.String()),
  type_image_link: Nullable(Type.String()),
  status: Type.String(),
  transaction_category: Nullable(Type.String()),
  is_cancel: Type.Boolean(),
  created_at: Timestamp,
});
export type ServerTransaction = Static<typeof ServerTransaction>;

/** GET /transaction: newest first. */
export const TransactionQuery = Type.Object(
  {
    network: Type.Optional(NetworkName),
    limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  },
  Strict,
);
export type TransactionQuery = Static<typeof TransactionQuery>;
export const TransactionList = Type.Object({ transactions: Type.Array(ServerTransaction) });
export type TransactionList = Static<typeof TransactionList>;

/** PATCH /transaction: a status change of one of the caller's transactions. */
export const TransactionStatusPatch = Type.Object({ id: Id, status: TxStatus }, Strict);
export type TransactionStatusPatch = Static<typeof TransactionStatusPatch>;

/** POST /transaction/sendemail: queued in the outbox (202). */
export const SendEmailBody = Type.Object(
  {
    emailObject: Type.Object(
      { to: Type.String({ format: 'email' }), subject: Type.Optional(ShortText) },
      // The e-mail's other fields are the template's business.
      { additionalProperties: true },
    ),
  },
  Strict,
);
export type SendEmailBody = Static<typeof SendEmailBody>;
export const SendEmailReply = Type.Object({ id: Id, status: Type.String() });
export type SendEmailReply = Static<typeof SendEmailReply>;
