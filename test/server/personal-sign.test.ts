// The server accepts exactly what the wallet signs: the wallet's keyring signature of a sign-in
// text is canonical by the server's rule and recovers to its signer through the server's
// recovery (@metamask/eth-sig-util, also the wallet's personal_ecRecover); each other encoding
// of it recovers nothing.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { signPersonalMessage } from '../../src/controllers/keyring/sign-transaction';
import {
  nonCanonicalReason,
  recoverPersonalSignAddress,
} from '../../src/server/auth/personal-sign';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

describe('sign-in signatures, wallet and server', () => {
  it('accepts the keyring signature of 200 random keys and texts, and no re-encoding of it', () => {
    const refused = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const key = generatePrivateKey();
      const address = privateKeyToAccount(key).address.toLowerCase();
      const message =
        i % 2 === 0 ? String(1_700_000_000 + i * 7919) : `Orrery Signin - ${key.slice(2, 34)}`;
      const signature = signPersonalMessage(message, key);
      expect(nonCanonicalReason(signature)).toBeNull();
      expect(recoverPersonalSignAddress(message, signature)).toBe(address);

      const r = signature.slice(2, 66);
      const s = BigInt(`0x${signature.slice(66, 130)}`);
      const v = Number.parseInt(signature.slice(130), 16);
      const highS = (N - s).toString(16).padStart(64, '0');
      for (const reEncoded of [
        `0x${r}${signature.slice(66, 130)}${(v - 27).toString(16).padStart(2, '0')}`,
        `0x${r}${highS}${(55 - v).toString(16)}`,
      ]) {
        expect(recoverPersonalSignAddress(message, reEncoded)).toBeNull();
        refused.add(nonCanonicalReason(reEncoded) ?? 'accepted');
      }
    }
    expect([...refused].sort()).toEqual([
      's must be in the lower half of the curve order',
      'v must be 27 or 28',
    ]);
  });

  it('refuses malformed signatures and r out of range', () => {
    expect(nonCanonicalReason('0x1234')).toBe('must be 65 bytes of 0x-hex');
    expect(nonCanonicalReason(`0X${'11'.repeat(64)}1b`)).toBe('must be 65 bytes of 0x-hex');
    expect(nonCanonicalReason(`0x${'00'.repeat(32)}${'11'.repeat(32)}1b`)).toBe(
      'r is out of range',
    );
    expect(nonCanonicalReason(`0x${N.toString(16)}${'11'.repeat(32)}1c`)).toBe('r is out of range');
    expect(nonCanonicalReason(`0x${'11'.repeat(32)}${'00'.repeat(32)}1c`)).toBe(
      's must be in the lower half of the curve order',
    );
  });
});
