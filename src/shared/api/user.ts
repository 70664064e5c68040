// The server user record (spec part 1 §3): the user's settings and their records, read as one
// object by GET /user, and the calls that create it and change its settings.
import { Type, type Static } from '@sinclair/typebox';
import { Contact, CustomNetwork, CustomNft, CustomToken, Permission } from './records';
import { ServerTransaction } from './transactions';
import {
  Address,
  CurrencyCode,
  Id,
  Nullable,
  ShortText,
  Strict,
  StringEnum,
  Timestamp,
} from './primitives';

export const ACCOUNT_TYPES = ['normal', 'threshold', 'app_scoped', 'imported'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ThemeName = Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' });
export const LocaleTag = Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' });

export const UserRecord = Type.Object({
  public_address: Type.String(),
  default_currency: Type.String(),
  theme: Type.String(),
  enable_crash_reporter: Type.Boolean(),
  locale: Type.String(),
  account_type: StringEnum(ACCOUNT_TYPES),
  default_public_address: Nullable(Type.String()),
  verifier: Nullable(Type.String()),
  verifier_id: Nullable(Type.String()),
  contacts: Type.Array(Contact),
  permissions: Type.Array(Permission),
  customTokens: Type.Array(CustomToken),
  customNfts: Type.Array(CustomNft),
  customNetworks: Type.Array(CustomNetwork),
  /** Only with GET /user?fetchTx=true (the default); newest first. */
  transactions: Type.Optional(Type.Array(ServerTransaction)),
});
export type UserRecord = Static<typeof UserRecord>;

export const UserQuery = Type.Object({ fetchTx: Type.Boolean({ default: true }) }, Strict);

/** POST /user (201; 409 when it exists). */
export const CreateUserBody = Type.Object(
  {
    default_currency: Type.Optional(CurrencyCode),
    theme: Type.Optional(ThemeName),
    verifier: Type.Optional(ShortText),
    verifierId: Type.Optional(ShortText),
    account_type: Type.Optional(StringEnum(ACCOUNT_TYPES)),
  },
  Strict,
);
export type CreateUserBody = Static<typeof CreateUserBody>;

/** PATCH /user: at least one field. */
export const PatchUserBody = Type.Object(
  { default_currency: Type.Optional(CurrencyCode), default_public_address: Type.Optional(Address) },
  { ...Strict, minProperties: 1 },
);
export type PatchUserBody = Static<typeof PatchUserBody>;

/** The one-field settings: PATCH /user/theme, /user/crashreporter, /user/locale. */
export const ThemeBody = Type.Object({ theme: ThemeName }, Strict);
export const CrashReporterBody = Type.Object({ enable_crash_reporter: Type.Boolean() }, Strict);
export const LocaleBody = Type.Object({ locale: LocaleTag }, Strict);

/** PATCH /user/verifier. */
export const VerifierBody = Type.Object({ verifier: ShortText, verifierId: ShortText }, Strict);
export type VerifierBody = Static<typeof VerifierBody>;

/** POST /user/recordLogin: the login's verifier becomes the user's. */
export const RecordLoginBody = Type.Object(
  {
    hostname: ShortText,
    verifier: ShortText,
    verifierId: ShortText,
    metadata: Type.Optional(Type.Unsafe<Record<string, unknown>>({ type: 'object' })),
  },
  Strict,
);
export type RecordLoginBody = Static<typeof RecordLoginBody>;
export const RecordLoginReply = Type.Object({ id: Id, created_at: Timestamp });
export type RecordLoginReply = Static<typeof RecordLoginReply>;
