// The backup phrase: 24 BIP-39 English words (@scure/bip39) of the backup factor's 32-byte key,
// which opens the backup share sealed in the metadata. The words' checksum catches a typo
// before any decryption is tried.
import { entropyToMnemonic, mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

export function keyToPhrase(key: Uint8Array): string {
  return entropyToMnemonic(key, wordlist);
}

/** The 32-byte key of a phrase; null for words that are not a 24-word BIP-39 phrase. */
export function phraseToKey(phrase: string): Uint8Array | null {
  const words = phrase.normalize('NFKD').trim().toLowerCase().split(/\s+/u);
  if (words.length !== 24) return null;
  try {
    return mnemonicToEntropy(words.join(' '), wordlist);
  } catch {
    return null;
  }
}
