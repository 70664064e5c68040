import { loadTests } from '@ethersproject/testcases';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';

import {
  keyEntryFromImportedKey,
  keyEntryFromLoginKey,
} from '../../../src/controllers/keyring/account-keys';
import {
  EMPTY_KEY_ERROR,
  INVALID_KEY_ERROR,
  INVALID_SEED_PHRASE_ERROR,
  KEYSTORE_INVALID_ERROR,
  KEYSTORE_PASSWORD_REQUIRED_ERROR,
  KEYSTORE_WRONG_PASSWORD_ERROR,
} from '../../../src/controllers/keyring/errors';
import { decryptKeystore } from '../../../src/controllers/keyring/keystore';
import {
  privateKeyFromSeedPhrase,
  seedPhraseLanguage,
} from '../../../src/controllers/keyring/seed-phrase';

interface WalletVector {
  name: string;
  type: string;
  json: string;
  password: string;
  privateKey: string;
}

// Web3 Secret Storage Definition test vectors (password "testpassword").

const web3Pbkdf2 = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '6087dab2f9fdbbfaddc31a909735c1e6' },
    ciphertext: '5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46',
    kdf: 'pbkdf2',
    kdfparams: {
      c: 262144,
      dklen: 32,
      prf: 'hmac-sha256',
      salt: 'ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd',
    },
    mac: '517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
};
const web3Scrypt = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '83dbcc02d8ccb40e466191a123791e0e' },
    ciphertext: 'd172bf743a674da9cdad04534d56926ef8358534d458fffccd4e6ad2fbde479c',
    kdf: 'scrypt',
    kdfparams: {
      dklen: 32,
      n: 262144,
      r: 1,
      p: 8,
      salt: 'ab0c7876052600dd703518d6fc3fe8984592145b591fc8fb5c6d43190334ba19',
    },
    mac: '2103ac29920d71da29f15d75b4a16dbe95cfd7ff8faea1056c33131d846e3097',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
};
const web3Key = '7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d';

// ethers' "life" wallet vector (password "foo"): scrypt n=1024, cheap enough for the negative cases.
const life = {
  address: '17c5185167401ed00cf5f5b2fc97d9bbfdb7d025',
  id: '01234567-8901-4345-a789-012345678901',
  version: 3,
  Crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: 'deadbeef1deadbeef2deadbeef301234' },
    ciphertext: 'cea502df4b9405fa2b6d8d19ec4e2953c5ce08e0e01d4c0292512ce62baef8f3',
    kdf: 'scrypt',
    kdfparams: { salt: 'abcd1abcd2abcd3abcd4abcd5abcd6ef', n: 1024, dklen: 32, p: 2, r: 4 },
    mac: '6e0a8e2409261d464e35a251f4b1fddd6ad0f7045a18d3957c127387f1c0de72',
  },
};
const lifeKey = '42'.repeat(32);

// scrypt at n=2^17..2^18 is seconds of pure CPU on a quiet core; on a loaded 2-core machine it
// took over 30 s. These tests wait for the work, not a wall-clock budget.
const SCRYPT_TIMEOUT_MS = 180_000;

describe('keystore v3', () => {
  it(
    'decrypts the Web3 Secret Storage pbkdf2 example',
    async () => {
      await expect(decryptKeystore(web3Pbkdf2, 'testpassword')).resolves.toBe(web3Key);
    },
    SCRYPT_TIMEOUT_MS, // 262,144 rounds: key derivation is the whole test, and it is CPU-bound
  );

  it(
    'decrypts the Web3 Secret Storage scrypt example',
    async () => {
      await expect(decryptKeystore(JSON.stringify(web3Scrypt), 'testpassword')).resolves.toBe(
        web3Key,
      );
    },
    SCRYPT_TIMEOUT_MS,
  );

  it(
    'decrypts the ethers wallet vectors (geth scrypt r=8, the old "Crypto" spelling)',
    async () => {
      // ethers1 is geth's usual scrypt r=8 (at n=2^17); ethers2 and secretstorage_password (n=2^18, 256 MiB)
      // and issue_582 (the Web3 pbkdf2 example above) add cost, not coverage.
      const chosen = ['ethers1', 'life'];
      const vectors = (loadTests('wallets') as WalletVector[]).filter((v) =>
        chosen.includes(v.name),
      );
      expect(vectors.map((v) => v.name).sort()).toEqual(chosen);
      for (const vector of vectors) {
        await expect(decryptKeystore(vector.json, vector.password)).resolves.toBe(
          vector.privateKey.slice(2),
        );
      }
    },
    SCRYPT_TIMEOUT_MS,
  );

  it('refuses a wrong password by the MAC', async () => {
    await expect(decryptKeystore(life, 'foo')).resolves.toBe(lifeKey);
    await expect(decryptKeystore(life, 'Foo')).rejects.toThrow(KEYSTORE_WRONG_PASSWORD_ERROR);
  });

  it('refuses a file whose ciphertext was altered', async () => {
    const altered = structuredClone(life);
    altered.Crypto.ciphertext = `d${altered.Crypto.ciphertext.slice(1)}`;
    await expect(decryptKeystore(altered, 'foo')).rejects.toThrow(KEYSTORE_WRONG_PASSWORD_ERROR);
  });

  it('opens files written without a password (ethers vectors), asks for one otherwise', async () => {
    // Parity's file (pbkdf2); secretstorage_null is the same case behind 256 MiB of scrypt.
    const parity = (loadTests('wallets') as WalletVector[]).find((v) => v.name === 'parity');
    expect(parity?.password).toBe('');
    await expect(decryptKeystore(parity!.json, '')).resolves.toBe(parity!.privateKey.slice(2));
    await expect(decryptKeystore(parity!.json, 'not it')).rejects.toThrow(
      KEYSTORE_WRONG_PASSWORD_ERROR,
    );
    await expect(decryptKeystore(life, '')).rejects.toMatchObject({
      message: KEYSTORE_PASSWORD_REQUIRED_ERROR,
      data: { code: 'keyring.keystorePasswordRequired' },
    });
  });

  it('refuses files that are not keystores, or whose KDF settings are hostile', async () => {
    await expect(decryptKeystore('not json', 'pw')).rejects.toThrow(KEYSTORE_INVALID_ERROR);
    await expect(decryptKeystore({ ...web3Pbkdf2, version: 1 }, 'pw')).rejects.toThrow(
      KEYSTORE_INVALID_ERROR,
    );
    const huge = structuredClone(web3Scrypt);
    huge.crypto.kdfparams.n = 2 ** 30;
    huge.crypto.kdfparams.r = 8;
    await expect(decryptKeystore(huge, 'pw')).rejects.toThrow(/too much memory/);
    const unknownKdf = structuredClone(web3Pbkdf2);
    unknownKdf.crypto.kdf = 'argon2';
    await expect(decryptKeystore(unknownKdf, 'pw')).rejects.toThrow(/Unsupported key derivation/);
  });

  it('checks the address field against the decrypted key', async () => {
    const wrongAddress = { ...life, address: '0x0000000000000000000000000000000000000001' };
    await expect(decryptKeystore(wrongAddress, 'foo')).rejects.toThrow(/address does not match/);
  });
});

describe('seed phrase', () => {
  const testMnemonic = 'test test test test test test test test test test test junk';

  it("derives m/44'/60'/0'/0/i of the test mnemonic", async () => {
    const first = keyEntryFromLoginKey(await privateKeyFromSeedPhrase(testMnemonic), 'imported');
    expect(first.ethAddress).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    const second = keyEntryFromLoginKey(
      await privateKeyFromSeedPhrase(testMnemonic, 1),
      'imported',
    );
    expect(second.ethAddress).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
  });

  it('matches the ethers hdnode vectors for English phrases', async () => {
    interface HdVector {
      name: string;
      locale: string;
      mnemonic: string;
      hdnodes: { path: string; address: string; privateKey: string }[];
    }
    const vectors = (loadTests('hdnode') as HdVector[])
      .filter((v) => v.locale === 'en')
      .slice(0, 20);
    expect(vectors.length).toBe(20);
    for (const vector of vectors) {
      const node = vector.hdnodes.find((n) => n.path === "m/44'/60'/0'/0/0");
      if (!node) continue;
      await expect(privateKeyFromSeedPhrase(vector.mnemonic)).resolves.toBe(
        node.privateKey.slice(2),
      );
    }
  });

  it('imports phrases of every BIP-39 wordlist with their passphrase (ethers vectors)', async () => {
    interface SeedVector {
      name: string;
      locale: string;
      mnemonic: string;
      password?: string;
      seed: string;
    }
    const vectors = (loadTests('hdnode') as SeedVector[]).filter((v) => v.password);
    const locales = new Set(vectors.map((v) => v.locale));
    expect([...locales].sort()).toEqual(['en', 'es', 'fr', 'it', 'ja', 'ko', 'zh_cn', 'zh_tw']);
    const expectedLanguage: Record<string, string> = {
      en: 'english',
      es: 'spanish',
      fr: 'french',
      it: 'italian',
      ja: 'japanese',
      ko: 'korean',
      zh_cn: 'simplifiedChinese',
      zh_tw: 'traditionalChinese',
    };
    for (const vector of vectors) {
      const language = seedPhraseLanguage(vector.mnemonic);
      // Phrases of all-shared characters are valid in both Chinese lists: simplified wins.
      if (vector.locale !== 'zh_tw' || language !== 'simplifiedChinese') {
        expect([vector.name, language]).toEqual([vector.name, expectedLanguage[vector.locale]]);
      }
    }
    // Key derivation runs 2,048 rounds of HMAC-SHA512 in JavaScript: three phrases per language.
    for (const locale of locales) {
      for (const vector of vectors.filter((v) => v.locale === locale).slice(0, 3)) {
        // The published seed, derived on the Ethereum path, is the key the wallet imports.
        const fromSeed = HDKey.fromMasterSeed(hexToBytes(vector.seed.slice(2))).derive(
          "m/44'/60'/0'/0/0",
        ).privateKey;
        await expect(privateKeyFromSeedPhrase(vector.mnemonic, 0, vector.password)).resolves.toBe(
          bytesToHex(fromSeed!),
        );
      }
    }
    // Without its passphrase the same phrase is another wallet.
    const [first] = vectors;
    await expect(privateKeyFromSeedPhrase(first!.mnemonic)).resolves.not.toBe(
      await privateKeyFromSeedPhrase(first!.mnemonic, 0, first!.password),
    );
  });

  it('accepts extra whitespace and capitals, refuses a bad checksum or unknown words', async () => {
    await expect(
      privateKeyFromSeedPhrase(`  ${testMnemonic.toUpperCase().replace(/ /g, '\n ')} `),
    ).resolves.toBe('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    await expect(privateKeyFromSeedPhrase(testMnemonic.replace('junk', 'test'))).rejects.toThrow(
      INVALID_SEED_PHRASE_ERROR,
    );
    await expect(privateKeyFromSeedPhrase('hello world')).rejects.toThrow(
      INVALID_SEED_PHRASE_ERROR,
    );
    await expect(privateKeyFromSeedPhrase(testMnemonic, -1)).rejects.toThrow(/account index/);
  });
});

describe('private keys', () => {
  const n = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';

  it('accepts 64 hex characters with or without 0x', () => {
    const key = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    expect(keyEntryFromImportedKey(key)).toEqual({
      privKey: key,
      accountType: 'imported',
      ethAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    });
    expect(keyEntryFromImportedKey(` 0x${key.toUpperCase()} `).privKey).toBe(key);
  });

  it('gives the spec messages for empty and invalid keys', () => {
    expect(() => keyEntryFromImportedKey('')).toThrow(EMPTY_KEY_ERROR);
    expect(() => keyEntryFromImportedKey('0x')).toThrow(EMPTY_KEY_ERROR);
    for (const bad of [
      '00'.repeat(32),
      n,
      'ff'.repeat(32),
      'ab'.repeat(31),
      'ab'.repeat(33),
      'zz'.repeat(32),
    ]) {
      expect(() => keyEntryFromImportedKey(bad)).toThrow(INVALID_KEY_ERROR);
    }
  });

  it('pads login keys that lost leading zeros to 64 characters', () => {
    const entry = keyEntryFromLoginKey('0xabc', 'threshold');
    expect(entry.privKey).toBe(`${'0'.repeat(61)}abc`);
    expect(entry.accountType).toBe('threshold');
    expect(() => keyEntryFromLoginKey('abc', 'bogus' as never)).toThrow(/Unknown account type/);
  });
});
