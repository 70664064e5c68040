// EIP-191 personal_sign recovery: which address signed a text message.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** keccak256("\x19Ethereum Signed Message:\n" + byteLength + message). */
export function personalMessageHash(message: string): Uint8Array {
  const body = utf8ToBytes(message);
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`);
  const data = new Uint8Array(prefix.length + body.length);
  data.set(prefix);
  data.set(body, prefix.length);
  return keccak_256(data);
}

export function addressFromPublicKey(uncompressed: Uint8Array): string {
  return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`;
}

/**
 * Recovers the lowercased 0x address that produced `signature` (65 bytes hex: r, s, v with v in
 * 27/28 or 0/1) over `message`. Returns null for a malformed or unrecoverable signature.
 */
export function recoverPersonalSignAddress(message: string, signature: string): string | null {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return null;
  const bytes = hexToBytes(signature.slice(2));
  const v = bytes[64] ?? 0;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  // noble's 'recovered' layout puts the recovery byte first, then r and s.
  const recovered = new Uint8Array(65);
  recovered[0] = recovery;
  recovered.set(bytes.subarray(0, 64), 1);
  try {
    const publicKey = secp256k1.recoverPublicKey(recovered, personalMessageHash(message), {
      prehash: false,
    });
    return addressFromPublicKey(secp256k1.Point.fromBytes(publicKey).toBytes(false));
  } catch {
    return null;
  }
}
