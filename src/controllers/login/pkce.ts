// RFC 7636 PKCE pair for one login: the verifier stays in the background until the login is
// finished; only its S256 challenge goes to the identity service and the provider.
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const base64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/gu, '-')
    .replace(/\//gu, '_')
    .replace(/=+$/u, '');

export interface PkcePair {
  codeVerifier: string;
  codeChallenge: string;
}

export function newPkcePair(): PkcePair {
  // 32 random bytes: a 43-character verifier, the RFC's recommended entropy.
  const codeVerifier = base64Url(randomBytes(32));
  return { codeVerifier, codeChallenge: base64Url(sha256(utf8ToBytes(codeVerifier))) };
}
