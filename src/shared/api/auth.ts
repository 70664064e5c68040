// Sign-in: POST /auth/message issues a single-use message, POST /auth/verify exchanges its
// personal_sign signature for a bearer token.
import { Type, type Static } from '@sinclair/typebox';
import { Address, Strict } from './primitives';

export const AuthMessageBody = Type.Object({ public_address: Address }, Strict);
export type AuthMessageBody = Static<typeof AuthMessageBody>;
export const AuthMessageReply = Type.Object({ message: Type.String(), expires_at: Type.String() });
export type AuthMessageReply = Static<typeof AuthMessageReply>;

/** A 65-byte signature, r ‖ s ‖ v in 0x-hex (the server accepts only low s and v 27/28). */
export const Signature = Type.String({ pattern: '^0x[0-9a-fA-F]{130}$' });

export const AuthVerifyBody = Type.Object(
  { public_address: Address, signed_message: Signature },
  Strict,
);
export type AuthVerifyBody = Static<typeof AuthVerifyBody>;
export const AuthVerifyReply = Type.Object({ token: Type.String() });
export type AuthVerifyReply = Static<typeof AuthVerifyReply>;
