import encodeQR from 'qr';

import { cameraErrorOf, cameraUnavailable } from '../../src/ui/features/qr-scan/camera-errors';
import { decodeQrImage, readAddressQr } from '../../src/ui/features/qr-scan/read-qr';

const ADDRESS = '0x70997970C51812dc3B479c55d83D34d1A5f6A6e3';

/** A QR code as a camera would give it: RGBA pixels, `scale` px per module, dark on white. */
function qrImage(text: string, scale = 4) {
  const matrix = encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
  const width = matrix.length * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = ((y * scale + dy) * width + x * scale + dx) * 4;
          data.set([0, 0, 0, 255], at);
        }
    }),
  );
  return { data, width, height: width };
}

describe('QR scanning for the recipient', () => {
  it('reads a plain address or an EIP-681 payment link, and refuses anything else', () => {
    expect(readAddressQr(ADDRESS)).toEqual({ address: ADDRESS });
    expect(readAddressQr(` ethereum:${ADDRESS}@5?value=1e18 `)).toEqual({ address: ADDRESS });
    expect(readAddressQr(`ethereum:pay-${ADDRESS}`)).toEqual({ address: ADDRESS });
    // A token transfer link names the token contract, not the recipient: not guessed.
    expect(readAddressQr(`ethereum:${ADDRESS}/transfer?address=0x1`)).toEqual({
      error: 'incorrectQR',
    });
    for (const text of ['0x123', 'https://example.com', 'wc:abc@2?relay-protocol=irn', ''])
      expect(readAddressQr(text)).toEqual({ error: 'incorrectQR' });
  });

  it('decodes the address from the pixels of a real QR code (jsQR), and finds none in noise', () => {
    expect(decodeQrImage(qrImage(`ethereum:${ADDRESS}`))).toBe(`ethereum:${ADDRESS}`);
    expect(readAddressQr(decodeQrImage(qrImage(ADDRESS))!)).toEqual({ address: ADDRESS });
    const blank = { data: new Uint8ClampedArray(200 * 200 * 4).fill(255), width: 200, height: 200 };
    expect(decodeQrImage(blank)).toBeNull();
  });

  it('names the camera failures as the spec does', () => {
    expect(cameraUnavailable({ isSecureContext: false, hasGetUserMedia: true })).toBe(
      'secureContextRequired',
    );
    expect(cameraUnavailable({ isSecureContext: true, hasGetUserMedia: false })).toBe(
      'streamApiNotSupported',
    );
    expect(cameraUnavailable({ isSecureContext: true, hasGetUserMedia: true })).toBeNull();
    const named = (name: string) => Object.assign(new Error(name), { name });
    expect(cameraErrorOf(named('NotAllowedError'))).toBe('needPermission');
    expect(cameraErrorOf(named('NotFoundError'))).toBe('noCamera');
    expect(cameraErrorOf(named('NotReadableError'))).toBe('alreadyInUse');
    expect(cameraErrorOf(named('OverconstrainedError'))).toBe('notSuitable');
  });
});
