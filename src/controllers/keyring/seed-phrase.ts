/** BIP-39 seed phrases to keys on the Ethereum path m/44'/60'/0'/0/i. */
import { HDKey } from '@scure/bip32';
import { mnemonicToSeed, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { bytesToHex } from '@noble/hashes/utils.js';

import {
  INVALID_ACCOUNT_INDEX_ERROR,
  INVALID_SEED_PHRASE_ERROR,
  KeyringError,
  KeyringErrorCode,
} from './errors';

export const ETHEREUM_HD_PATH_PREFIX = "m/44'/60'/0'/0";

/** Lower case, single spaces: how people paste phrases differs, the phrase does not. */
export function normalizeSeedPhrase(phrase: string): string {
  return (typeof phrase === 'string' ? phrase : '').trim().toLowerCase().split(/\s+/).join(' ');
}

/** The private key (64 hex characters, no 0x) of account `index` of the phrase. */
export async function privateKeyFromSeedPhrase(phrase: string, index = 0): Promise<string> {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) {
    throw new KeyringError(KeyringErrorCode.invalidAccountIndex, INVALID_ACCOUNT_INDEX_ERROR);
  }
  const normalized = normalizeSeedPhrase(phrase);
  if (!validateMnemonic(normalized, wordlist)) {
    throw new KeyringError(KeyringErrorCode.invalidSeedPhrase, INVALID_SEED_PHRASE_ERROR);
  }
  const root = HDKey.fromMasterSeed(await mnemonicToSeed(normalized));
  const child = root.derive(`${ETHEREUM_HD_PATH_PREFIX}/${index}`);
  if (!child.privateKey) throw new Error('The seed phrase did not yield a private key.');
  return bytesToHex(child.privateKey);
}
