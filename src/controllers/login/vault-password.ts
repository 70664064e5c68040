// A social login's key opens its own vault on this device: the vault password is derived from
// the key (HKDF-SHA-256), so it exists only while the key does, is never typed or stored, and
// the vault stays as strong as the key (the vault's PBKDF2 runs on top of it).
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export function vaultPasswordFromKey(privateKey: string): string {
  const secret = hkdf(
    sha256,
    hexToBytes(privateKey.replace(/^0x/iu, '').padStart(64, '0')),
    utf8ToBytes('orrery'),
    utf8ToBytes('orrery login vault password v1'),
    32,
  );
  return bytesToHex(secret);
}
