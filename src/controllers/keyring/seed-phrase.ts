/**
 * BIP-39 seed phrases to keys on the Ethereum path m/44'/60'/0'/0/i, in every published BIP-39
 * wordlist (there is no German one), with the optional passphrase (the "25th word").
 */
import { HDKey } from '@scure/bip32';
import { mnemonicToSeed, validateMnemonic } from '@scure/bip39';
import { wordlist as czech } from '@scure/bip39/wordlists/czech.js';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { wordlist as french } from '@scure/bip39/wordlists/french.js';
import { wordlist as italian } from '@scure/bip39/wordlists/italian.js';
import { wordlist as japanese } from '@scure/bip39/wordlists/japanese.js';
import { wordlist as korean } from '@scure/bip39/wordlists/korean.js';
import { wordlist as portuguese } from '@scure/bip39/wordlists/portuguese.js';
import { wordlist as simplifiedChinese } from '@scure/bip39/wordlists/simplified-chinese.js';
import { wordlist as spanish } from '@scure/bip39/wordlists/spanish.js';
import { wordlist as traditionalChinese } from '@scure/bip39/wordlists/traditional-chinese.js';
import { bytesToHex } from '@noble/hashes/utils.js';

import {
  INVALID_ACCOUNT_INDEX_ERROR,
  INVALID_SEED_PHRASE_ERROR,
  KeyringError,
  KeyringErrorCode,
} from './errors';

export const ETHEREUM_HD_PATH_PREFIX = "m/44'/60'/0'/0";

/**
 * English first: it is by far the most common. Simplified and traditional Chinese share many
 * characters, so a phrase valid in both is read as simplified, as other wallets do.
 */
export const BIP39_WORDLISTS = {
  english,
  japanese,
  korean,
  spanish,
  simplifiedChinese,
  traditionalChinese,
  french,
  italian,
  czech,
  portuguese,
} as const;
export type Bip39Language = keyof typeof BIP39_WORDLISTS;

/**
 * NFKD (as BIP-39 hashes it), lower case, single spaces: how people paste phrases differs,
 * the phrase does not. NFKD also turns the Japanese ideographic space into a plain one.
 */
export function normalizeSeedPhrase(phrase: string): string {
  return (typeof phrase === 'string' ? phrase : '')
    .normalize('NFKD')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .join(' ');
}

/** The wordlist a phrase is valid in (words and checksum), or null. */
export function seedPhraseLanguage(phrase: string): Bip39Language | null {
  const normalized = normalizeSeedPhrase(phrase);
  for (const [language, list] of Object.entries(BIP39_WORDLISTS)) {
    if (validateMnemonic(normalized, list)) return language as Bip39Language;
  }
  return null;
}

/** The private key (64 hex characters, no 0x) of account `index` of the phrase. */
export async function privateKeyFromSeedPhrase(
  phrase: string,
  index = 0,
  passphrase = '',
): Promise<string> {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) {
    throw new KeyringError(KeyringErrorCode.invalidAccountIndex, INVALID_ACCOUNT_INDEX_ERROR);
  }
  if (typeof passphrase !== 'string') {
    throw new KeyringError(KeyringErrorCode.invalidSeedPhrase, INVALID_SEED_PHRASE_ERROR);
  }
  const normalized = normalizeSeedPhrase(phrase);
  if (seedPhraseLanguage(normalized) === null) {
    throw new KeyringError(KeyringErrorCode.invalidSeedPhrase, INVALID_SEED_PHRASE_ERROR);
  }
  // The passphrase is used exactly as typed (BIP-39 normalises it with NFKD itself).
  const root = HDKey.fromMasterSeed(await mnemonicToSeed(normalized, passphrase));
  const child = root.derive(`${ETHEREUM_HD_PATH_PREFIX}/${index}`);
  if (!child.privateKey) throw new Error('The seed phrase did not yield a private key.');
  return bytesToHex(child.privateKey);
}
