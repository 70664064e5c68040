// What a scanned QR code means to the transfer form (views.md §4.3 D3): an Ethereum address,
// plain or as an EIP-681 'ethereum:' link; anything else is an 'incorrect QR code'. Also the
// decoding of one camera frame or photo (jsQR, pure JavaScript, no network).
import jsQR from 'jsqr';

import { ADDRESS_TEXT, isAddress } from '../../../shared/primitives';

const EIP681_LINK = new RegExp(
  `^ethereum:(?:pay-)?(${ADDRESS_TEXT})(?:@[0-9]{1,20})?(/[^?]*)?(?:\\?.*)?$`,
  'u',
);

export type QrReading = { address: string } | { error: 'incorrectQR' };

/**
 * `0x…` or `ethereum:[pay-]0x…[@chainId][/function][?query]` (EIP-681) → the address. A link to
 * a function (e.g. `/transfer`) names a token contract, not the recipient: refused rather than
 * guessed.
 */
export function readAddressQr(text: string): QrReading {
  const value = text.trim();
  if (isAddress(value)) return { address: value };
  const link = EIP681_LINK.exec(value);
  if (link && !link[2]) return { address: link[1]! };
  return { error: 'incorrectQR' };
}

/** The text of the QR code in an RGBA image, or null when none is found. */
export function decodeQrImage(image: {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}): string | null {
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  return code ? code.data : null;
}
