// Which address signed a sign-in text: EIP-191 personal_sign recovery by @metamask/eth-sig-util
// (the wallet's own signing family), after refusing every signature that is not in the one
// canonical encoding: r ‖ s ‖ v with 0 < r < n, 0 < s <= n/2 (low s) and v 27 or 28. A
// signature has exactly one such encoding, so a captured one cannot be re-encoded (v as 0/1,
// s as n - s) into a second "different" signature of the same message.
import { recoverPersonalSignature } from '@metamask/eth-sig-util';
import { secp256k1 } from '@noble/curves/secp256k1.js';

const SIGNATURE_PATTERN = /^0x[0-9a-fA-F]{130}$/u;
const CURVE_ORDER = secp256k1.Point.CURVE().n;

/** Why a signature is refused before recovery; null when it is canonical. */
export function nonCanonicalReason(signature: string): string | null {
  if (!SIGNATURE_PATTERN.test(signature)) return 'must be 65 bytes of 0x-hex';
  const r = BigInt(`0x${signature.slice(2, 66)}`);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130, 132), 16);
  if (v !== 27 && v !== 28) return 'v must be 27 or 28';
  if (r === 0n || r >= CURVE_ORDER) return 'r is out of range';
  if (s === 0n || s > CURVE_ORDER / 2n) return 's must be in the lower half of the curve order';
  return null;
}

/**
 * The lowercased 0x address that produced `signature` over the text `message`; null for a
 * signature that is not canonical or recovers no key.
 */
export function recoverPersonalSignAddress(message: string, signature: string): string | null {
  if (nonCanonicalReason(signature) !== null) return null;
  try {
    // eth-sig-util reads a 0x-hex `data` as bytes, anything else as UTF-8 text (as the wallet
    // signs); sign-in texts never start with 0x.
    return recoverPersonalSignature({ data: message, signature }).toLowerCase();
  } catch {
    return null;
  }
}
