// Field schemas the backend API's records and requests are built from. Each is plain JSON
// Schema (TypeBox) and, through Static, its TypeScript type.
import { Kind, Type, TypeRegistry, type Static, type TSchema } from '@sinclair/typebox';
import { ADDRESS_TEXT } from '../primitives';

/** A 0x address in any letter case (the server stores it lowercased). */
export const ADDRESS_PATTERN = `^${ADDRESS_TEXT}$`;
export const Address = Type.String({ pattern: ADDRESS_PATTERN });
export const ShortText = Type.String({ minLength: 1, maxLength: 200 });
export const LongText = Type.String({ maxLength: 2000 });
export const CurrencyCode = Type.String({ pattern: '^[A-Za-z]{2,10}$' });
export const HttpUrl = Type.String({ maxLength: 2000, pattern: '^https?://[^\\s]+$' });
/** A chain id as 0x-hex or decimal text. */
export const ChainIdText = Type.String({ pattern: '^(0x[0-9a-fA-F]{1,16}|[0-9]{1,20})$' });
/** The wallet's name for a network: a built-in key (mainnet, matic, ...) or a chain id. */
export const NetworkName = Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' });
/** A database id: a positive 32-bit integer. */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** An ISO 8601 time as the server writes it (e.g. 2024-01-31T12:00:00.000Z). */
export const Timestamp = Type.String();

// TypeBox's own checker (Value.Check) learns the StringEnum kind once; ajv reads plain `enum`.
if (!TypeRegistry.Has('StringEnum')) {
  TypeRegistry.Set<{ enum: string[] }>(
    'StringEnum',
    (schema, value) => typeof value === 'string' && schema.enum.includes(value),
  );
}

/** A string that is one of `values` (JSON Schema `enum`, so errors list the allowed values). */
export function StringEnum<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number]>({ [Kind]: 'StringEnum', type: 'string', enum: [...values] });
}

/** `schema` or null. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** A request object: unknown fields are refused, not dropped. */
export const Strict = { additionalProperties: false } as const;

/** `{ id }` path parameter. */
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/** Every failure answers `{ error }`, a message meant for the client. */
export const ErrorBody = Type.Object({ error: Type.String() });
export type ErrorBody = Static<typeof ErrorBody>;

/** The answer of a DELETE of one of the caller's records. */
export const Deleted = Type.Object({ id: Id, deleted: Type.Literal(true) });
export type Deleted = Static<typeof Deleted>;
