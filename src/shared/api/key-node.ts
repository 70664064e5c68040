// A key node: one of N independent servers, each with its own database, that keeps one Shamir
// share of a user's key per identity, and the tKey metadata of that key.
//
// Shares (Authorization: Bearer <this node's identity token from LoginReply>):
//   POST /shares/fetch               → ShareReply, or 404 'No share for this identity'
//   POST /shares  ShareDepositBody   → 201 ShareReply, or 409 (a share is stored once)
// Each identity token is accepted once for a fetch and once for a deposit, by its own node only.
//
// Metadata (public reads; writes signed by the key whose address they are stored under, which
// must be the publicAddress of a share on this node):
//   GET /metadata/:address           → MetadataReply, or 404
//   PUT /metadata/:address  MetadataWriteBody → MetadataReply; the version must grow (else 409)
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { Type, type Static } from '@sinclair/typebox';
import { Signature } from './auth';
import { Address, Strict, Timestamp } from './primitives';

/** A share as 0x-hex: 2 to 512 bytes (shamir-secret-sharing: the secret's length + 1). */
export const ShareHex = Type.String({ pattern: '^0x([0-9a-fA-F]{2}){2,512}$' });

export const ShareDepositBody = Type.Object(
  {
    share: ShareHex,
    /** The address of the key the shares rebuild: returned with the share, so the wallet can
     * check what it rebuilt, and the address the key's metadata may be stored under. */
    publicAddress: Address,
  },
  Strict,
);
export type ShareDepositBody = Static<typeof ShareDepositBody>;

/** POST /shares/fetch takes no body fields: the token names the identity. */
export const ShareFetchBody = Type.Object({}, Strict);
export type ShareFetchBody = Static<typeof ShareFetchBody>;

export const ShareReply = Type.Object({
  nodeId: Type.String(),
  verifier: Type.String(),
  verifierId: Type.String(),
  share: ShareHex,
  publicAddress: Type.String(),
  createdAt: Timestamp,
});
export type ShareReply = Static<typeof ShareReply>;

/** The most metadata one address may store: 64 KiB, as base64. */
export const METADATA_MAX_BYTES = 64 * 1024;
export const MetadataData = Type.String({
  maxLength: Math.ceil(METADATA_MAX_BYTES / 3) * 4,
  pattern: '^[A-Za-z0-9+/]*={0,2}$',
});

export const MetadataParams = Type.Object({ address: Address });
export type MetadataParams = Static<typeof MetadataParams>;

export const MetadataWriteBody = Type.Object(
  {
    /** Greater than the stored version (1 for the first write). */
    version: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    /** The wallet's encrypted metadata, base64; the node never reads it. */
    data: MetadataData,
    /** personal_sign of metadataSigningText(address, version, data) by the address's key. */
    signature: Signature,
  },
  Strict,
);
export type MetadataWriteBody = Static<typeof MetadataWriteBody>;

export const MetadataReply = Type.Object({
  address: Type.String(),
  version: Type.Integer(),
  data: Type.String(),
  signature: Type.String(),
  updatedAt: Timestamp,
});
export type MetadataReply = Static<typeof MetadataReply>;

/**
 * The text the key signs (EIP-191 personal_sign) to store metadata: it names the address, the
 * version and the data's SHA-256, so a signed write cannot be replayed with other data or over
 * a newer version.
 */
export function metadataSigningText(address: string, version: number, data: string): string {
  return [
    'Orrery key metadata',
    `address: ${address.toLowerCase()}`,
    `version: ${version}`,
    `sha256: ${bytesToHex(sha256(utf8ToBytes(data)))}`,
  ].join('\n');
}

/** GET / of a key node. */
export const KeyNodeInfoReply = Type.Object({ nodeId: Type.String(), service: Type.String() });
export type KeyNodeInfoReply = Static<typeof KeyNodeInfoReply>;
