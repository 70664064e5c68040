import { recoverPersonalSignature } from '@metamask/eth-sig-util';
import { Messenger } from '@metamask/messenger';

import {
  KeyringController,
  type KeyringControllerActions,
  type KeyringControllerEvents,
  type KeyringControllerMessenger,
} from '../../../src/controllers/keyring/KeyringController';
import { KeyringErrorCode } from '../../../src/controllers/keyring/errors';
import { signTransaction } from '../../../src/controllers/keyring/sign-transaction';
import { thrownBy } from '../approvals/harness';

/** A keyring failure, matched by its stable code. */
const failure = (code: KeyringErrorCode) => ({ data: { code } });

// anvil's dev accounts 0 and 1 (test mnemonic).
const key0 = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const address0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const key1 = '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const address1 = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const testMnemonic = 'test test test test test test test test test test test junk';
const password = 'correct horse battery';

// ethers' "life" keystore vector (password "foo", key 0x42…42): scrypt n=1024, fast.
const lifeKeystore =
  '{"address":"17c5185167401ed00cf5f5b2fc97d9bbfdb7d025","id":"01234567-8901-4345-a789-012345678901","version":3,"Crypto":{"cipher":"aes-128-ctr","cipherparams":{"iv":"deadbeef1deadbeef2deadbeef301234"},"ciphertext":"cea502df4b9405fa2b6d8d19ec4e2953c5ce08e0e01d4c0292512ce62baef8f3","kdf":"scrypt","kdfparams":{"salt":"abcd1abcd2abcd3abcd4abcd5abcd6ef","n":1024,"dklen":32,"p":2,"r":4},"mac":"6e0a8e2409261d464e35a251f4b1fddd6ad0f7045a18d3957c127387f1c0de72"}}';

function createMessenger(): KeyringControllerMessenger {
  return new Messenger<'KeyringController', KeyringControllerActions, KeyringControllerEvents>({
    namespace: 'KeyringController',
  });
}

function createKeyring(vault: string | null = null) {
  const messenger = createMessenger();
  const keyring = new KeyringController({ messenger, state: { vault } });
  return { keyring, messenger };
}

async function unlockedKeyring() {
  const created = createKeyring();
  await created.keyring.createNewVault(password);
  return created;
}

/** Flips one bit of the ciphertext inside the vault envelope. */
function tamper(vault: string): string {
  const envelope = JSON.parse(vault) as { data: string };
  const bytes = Buffer.from(envelope.data, 'base64');
  bytes[5] = (bytes[5] ?? 0) ^ 0x01;
  return JSON.stringify({ ...envelope, data: bytes.toString('base64') });
}

/** A vault as an older build would have written it: same envelope, fewer PBKDF2 rounds. */
async function weakVault(secret: string, contents: unknown, iterations: number): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  const aesKey = await crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  );
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    aesKey,
    new TextEncoder().encode(JSON.stringify(contents)),
  );
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  return JSON.stringify({
    version: 1,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: b64(salt) },
    cipher: { name: 'AES-GCM', iv: b64(iv) },
    data: b64(new Uint8Array(data)),
  });
}

describe('KeyringController', () => {
  it('re-encrypts a vault written with fewer PBKDF2 rounds on unlock, keeping its keys', async () => {
    const contents = {
      keyrings: [
        {
          type: 'Orrery Keyring',
          data: [{ privKey: key0, accountType: 'normal', ethAddress: address0 }],
        },
      ],
    };
    const old = await weakVault(password, contents, 10_000);
    const { keyring } = createKeyring(old);
    await keyring.submitPassword(password);
    expect(keyring.state.accounts).toEqual([{ address: address0, accountType: 'normal' }]);
    const upgraded = JSON.parse(keyring.state.vault ?? '') as {
      version: number;
      kdf: { iterations: number };
    };
    expect(upgraded).toMatchObject({ version: 2, kdf: { iterations: 600_000 } });
    const reopened = createKeyring(keyring.state.vault);
    await reopened.keyring.submitPassword(password);
    expect(reopened.keyring.getAccounts()).toEqual([address0]);
  });

  it('refuses a vault whose key list is malformed, leaving it in place', async () => {
    const broken = await weakVault(
      password,
      { keyrings: [{ type: 'Orrery Keyring', data: [{ privKey: 'zz', accountType: 'normal' }] }] },
      600_000,
    );
    const { keyring } = createKeyring(broken);
    await expect(keyring.submitPassword(password)).rejects.toThrow(
      'The vault is corrupted: key 0 is malformed',
    );
    expect(keyring.state).toEqual({
      vault: broken,
      hasVault: true,
      isUnlocked: false,
      accounts: [],
    });
  });

  it('imports a private key into the encrypted vault only', async () => {
    const { keyring } = await unlockedKeyring();
    await expect(keyring.importAccountWithPrivateKey(`0x${key0}`)).resolves.toBe(address0);
    expect(keyring.state.accounts).toEqual([{ address: address0, accountType: 'imported' }]);
    expect(keyring.getAccounts()).toEqual([address0]);
    const serialized = JSON.stringify(keyring.state);
    expect(serialized).not.toContain(key0);
    expect(serialized.toLowerCase()).not.toContain(key0);
    // The persisted vault is an encrypted envelope.
    expect(JSON.parse(keyring.state.vault ?? '')).toMatchObject({
      version: 2,
      kdf: { name: 'PBKDF2' },
    });
  });

  it('restores accounts from the vault on unlock and forgets keys on lock', async () => {
    const { keyring } = await unlockedKeyring();
    await keyring.importAccountWithPrivateKey(key0);
    const vault = keyring.state.vault;

    const locks: string[] = [];
    const restored = createKeyring(vault);
    restored.messenger.subscribe('KeyringController:lock', () => locks.push('lock'));
    restored.messenger.subscribe('KeyringController:unlock', () => locks.push('unlock'));
    expect(restored.keyring.state).toEqual({
      vault,
      hasVault: true,
      isUnlocked: false,
      accounts: [],
    });
    await restored.keyring.submitPassword(password);
    expect(restored.keyring.state.accounts).toEqual([
      { address: address0, accountType: 'imported' },
    ]);
    await expect(restored.keyring.signPersonalMessage(address0, 'hi')).resolves.toMatch(/^0x/);

    restored.keyring.setLocked();
    expect(restored.keyring.state).toEqual({
      vault,
      hasVault: true,
      isUnlocked: false,
      accounts: [],
    });
    expect(restored.keyring.getAccounts()).toEqual([]);
    expect(thrownBy(() => restored.keyring.getUnlockedContents())).toMatchObject(
      failure(KeyringErrorCode.locked),
    );
    await expect(restored.keyring.signPersonalMessage(address0, 'hi')).rejects.toMatchObject(
      failure(KeyringErrorCode.locked),
    );
    await expect(restored.keyring.importAccountWithPrivateKey(key1)).rejects.toMatchObject(
      failure(KeyringErrorCode.locked),
    );
    expect(locks).toEqual(['unlock', 'lock']);
  });

  it('a lock during an import keeps the import but not the keys in memory', async () => {
    const { keyring } = await unlockedKeyring();
    // Locked before the queued import starts: refused, nothing written.
    const vault = keyring.state.vault;
    const refused = keyring.importAccountWithPrivateKey(key0);
    keyring.setLocked();
    await expect(refused).rejects.toMatchObject(failure(KeyringErrorCode.locked));
    expect(keyring.state.vault).toBe(vault);
    await keyring.submitPassword(password);

    // Locked while the vault is being encrypted: the lock lands once encryption has started.
    const encrypt = crypto.subtle.encrypt.bind(crypto.subtle);
    let encryptionStarted!: () => void;
    const started = new Promise<void>((resolve) => (encryptionStarted = resolve));
    const spy = jest.spyOn(crypto.subtle, 'encrypt').mockImplementationOnce((...args) => {
      encryptionStarted();
      return encrypt(...args);
    });
    const importing = keyring.importAccountWithPrivateKey(key0);
    await started;
    keyring.setLocked();
    spy.mockRestore();
    await expect(importing).resolves.toBe(address0);
    expect(keyring.state.isUnlocked).toBe(false);
    expect(keyring.state.accounts).toEqual([]);
    expect(thrownBy(() => keyring.getUnlockedContents())).toMatchObject(
      failure(KeyringErrorCode.locked),
    );
    await keyring.submitPassword(password);
    expect(keyring.getAccounts()).toEqual([address0]);
  });

  it('refuses a wrong password and leaves the vault as it was', async () => {
    const { keyring } = await unlockedKeyring();
    await keyring.importAccountWithPrivateKey(key0);
    const vault = keyring.state.vault;
    const restored = createKeyring(vault);
    await expect(restored.keyring.submitPassword('wrong password')).rejects.toMatchObject({
      message: 'Incorrect Password Entered.',
      ...failure(KeyringErrorCode.incorrectPassword),
    });
    expect(restored.keyring.state).toEqual({
      vault,
      hasVault: true,
      isUnlocked: false,
      accounts: [],
    });
    await restored.keyring.submitPassword(password);
    expect(restored.keyring.getAccounts()).toEqual([address0]);
  });

  it('refuses a tampered vault and destroys nothing', async () => {
    const { keyring } = await unlockedKeyring();
    await keyring.importAccountWithPrivateKey(key0);
    const vault = keyring.state.vault ?? '';
    const tampered = tamper(vault);
    const damaged = createKeyring(tampered);
    // The key check proves the password right, so the failure is the data's, said as such.
    await expect(damaged.keyring.submitPassword(password)).rejects.toMatchObject({
      message: 'The vault is corrupted: the encrypted data was altered',
      ...failure(KeyringErrorCode.corruptVault),
    });
    await expect(damaged.keyring.submitPassword('wrong password')).rejects.toMatchObject({
      message: 'Incorrect Password Entered.',
      ...failure(KeyringErrorCode.incorrectPassword),
    });
    expect(damaged.keyring.state).toEqual({
      vault: tampered,
      hasVault: true,
      isUnlocked: false,
      accounts: [],
    });
    await expect(damaged.keyring.createNewVault(password)).rejects.toMatchObject(
      failure(KeyringErrorCode.vaultExists),
    );
    expect(damaged.keyring.state.vault).toBe(tampered);
    const truncated = createKeyring(vault.slice(0, 40));
    await expect(truncated.keyring.submitPassword(password)).rejects.toMatchObject(
      failure(KeyringErrorCode.corruptVault),
    );
    expect(truncated.keyring.state.vault).toBe(vault.slice(0, 40));
    // Undoing the damage gives the account back: nothing was lost.
    const repaired = createKeyring(tamper(tampered));
    await repaired.keyring.submitPassword(password);
    expect(repaired.keyring.getAccounts()).toEqual([address0]);
  });

  it("refuses duplicates with 'Already added' and changes nothing", async () => {
    const { keyring } = await unlockedKeyring();
    await keyring.importAccountWithPrivateKey(key0);
    const before = keyring.state;
    await expect(keyring.importAccountWithPrivateKey(key0.toUpperCase())).rejects.toMatchObject(
      failure(KeyringErrorCode.alreadyAdded),
    );
    await expect(keyring.importAccountWithSeedPhrase(testMnemonic)).rejects.toMatchObject(
      failure(KeyringErrorCode.alreadyAdded),
    );
    // All or nothing: a batch with one duplicate adds none of its keys.
    await expect(
      keyring.addAccounts([
        { privKey: key1, accountType: 'normal' },
        { privKey: key0, accountType: 'threshold' },
      ]),
    ).rejects.toMatchObject(failure(KeyringErrorCode.alreadyAdded));
    await expect(
      keyring.addAccounts([
        { privKey: key1, accountType: 'normal' },
        { privKey: key1, accountType: 'app_scoped' },
      ]),
    ).rejects.toMatchObject(failure(KeyringErrorCode.alreadyAdded));
    expect(keyring.state).toBe(before);
  });

  it('gives the spec messages for bad keys, phrases and keystores without touching the vault', async () => {
    const { keyring } = await unlockedKeyring();
    const before = keyring.state;
    await expect(keyring.importAccountWithPrivateKey('  ')).rejects.toMatchObject(
      failure(KeyringErrorCode.emptyKey),
    );
    await expect(keyring.importAccountWithPrivateKey('0x1234')).rejects.toMatchObject(
      failure(KeyringErrorCode.invalidKey),
    );
    await expect(keyring.importAccountWithPrivateKey('00'.repeat(32))).rejects.toMatchObject(
      failure(KeyringErrorCode.invalidKey),
    );
    await expect(keyring.importAccountWithSeedPhrase('not a seed phrase')).rejects.toMatchObject(
      failure(KeyringErrorCode.invalidSeedPhrase),
    );
    await expect(keyring.importAccountWithKeystore(lifeKeystore, '')).rejects.toMatchObject(
      failure(KeyringErrorCode.keystorePasswordRequired),
    );
    expect(keyring.state).toBe(before);
  });

  it('imports by seed phrase and by keystore file', async () => {
    const { keyring } = await unlockedKeyring();
    await expect(keyring.importAccountWithSeedPhrase(testMnemonic)).resolves.toBe(address0);
    await expect(keyring.importAccountWithSeedPhrase(testMnemonic, 1)).resolves.toBe(address1);
    await expect(keyring.importAccountWithKeystore(lifeKeystore, 'foo')).resolves.toBe(
      '0x17c5185167401ed00cf5f5b2fc97d9bbfdb7d025',
    );
    expect(keyring.state.accounts.map((a) => a.accountType)).toEqual([
      'imported',
      'imported',
      'imported',
    ]);
    await expect(keyring.exportAccount(address1, password)).resolves.toBe(key1);
    expect(JSON.stringify(keyring.state)).not.toContain(key1);
  });

  it('adds login keys with their account types, padded to 64 hex characters', async () => {
    const { keyring } = await unlockedKeyring();
    const short = '0x0000000000000000000000000000000000000000000000000000000000000abc';
    const [small] = await keyring.addAccounts([{ privKey: '0xabc', accountType: 'threshold' }]);
    await keyring.addAccounts([{ privKey: key0, accountType: 'normal' }]);
    expect(keyring.state.accounts).toEqual([
      { address: small, accountType: 'threshold' },
      { address: address0, accountType: 'normal' },
    ]);
    await expect(keyring.exportAccount(small ?? '', password)).resolves.toBe(short.slice(2));
    expect(keyring.getAccountType(address0.toUpperCase().replace('0X', '0x'))).toBe('normal');
    await expect(keyring.exportAccount(address0, 'wrong password')).rejects.toMatchObject({
      message: 'Incorrect Password Entered.',
      ...failure(KeyringErrorCode.incorrectPassword),
    });
  });

  it("answers unknown addresses with 'Orrery Keyring - Unable to find matching address.'", async () => {
    const { keyring } = await unlockedKeyring();
    await keyring.importAccountWithPrivateKey(key0);
    await expect(
      keyring.signTransaction(address1, { gasPrice: '0x1' }, '0x1'),
    ).rejects.toMatchObject(failure(KeyringErrorCode.unknownAddress));
    await expect(keyring.signPersonalMessage(address1, 'hi')).rejects.toMatchObject(
      failure(KeyringErrorCode.unknownAddress),
    );
    await expect(keyring.removeAccount(address1)).rejects.toMatchObject(
      failure(KeyringErrorCode.unknownAddress),
    );
    expect(thrownBy(() => keyring.getAccountType(address1))).toMatchObject(
      failure(KeyringErrorCode.unknownAddress),
    );
  });

  it('removes an account from the vault', async () => {
    const { keyring } = await unlockedKeyring();
    await keyring.importAccountWithPrivateKey(key0);
    await keyring.importAccountWithPrivateKey(key1);
    await keyring.removeAccount(address0);
    expect(keyring.getAccounts()).toEqual([address1]);
    const restored = createKeyring(keyring.state.vault);
    await restored.keyring.submitPassword(password);
    expect(restored.keyring.getAccounts()).toEqual([address1]);
  });

  it('serialises concurrent imports so none is lost', async () => {
    const { keyring } = await unlockedKeyring();
    await Promise.all([
      keyring.importAccountWithPrivateKey(key0),
      keyring.importAccountWithPrivateKey(key1),
    ]);
    expect(keyring.getAccounts()).toEqual([address0, address1]);
  });

  it('signs through the messenger with the key of `from`', async () => {
    const { keyring, messenger } = await unlockedKeyring();
    await keyring.importAccountWithPrivateKey(key0);
    await keyring.importAccountWithPrivateKey(key1);
    expect(messenger.call('KeyringController:getAccounts')).toEqual([address0, address1]);

    const txParams = { nonce: '0x0', gas: '0x5208', gasPrice: '0x1', to: address0, value: '0x1' };
    const signed = await messenger.call(
      'KeyringController:signTransaction',
      address1,
      txParams,
      '0x7a69',
    );
    expect(signed).toEqual(signTransaction(txParams, key1, '0x7a69'));

    const signature = await messenger.call(
      'KeyringController:signPersonalMessage',
      address0,
      'hello',
    );
    expect(recoverPersonalSignature({ data: 'hello', signature })).toBe(address0);
    const hashSignature = await messenger.call(
      'KeyringController:signHash',
      address1,
      `0x${'ab'.repeat(32)}`,
    );
    expect(hashSignature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(messenger.call('KeyringController:getState').accounts).toHaveLength(2);
  });
});
