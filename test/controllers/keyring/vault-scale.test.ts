import { Messenger } from '@metamask/messenger';

import {
  KeyringController,
  type KeyringControllerActions,
  type KeyringControllerEvents,
} from '../../../src/controllers/keyring/KeyringController';

const password = 'correct horse battery';
/** Private keys 1, 2, 3, … as 64 hex characters: valid secp256k1 keys, distinct addresses. */
const keyNumber = (n: number) => n.toString(16).padStart(64, '0');

describe('a vault with thousands of accounts', () => {
  it('imports 5,000 accounts and opens again with all of them', async () => {
    const messenger = new Messenger<
      'KeyringController',
      KeyringControllerActions,
      KeyringControllerEvents
    >({ namespace: 'KeyringController' });
    const keyring = new KeyringController({ messenger });
    await keyring.createNewVault(password);
    // The bulk in one write, then single imports past the size where the old encoder (all bytes
    // spread into one call) overflowed the stack at the 763rd account.
    const bulk = Array.from({ length: 4_990 }, (_, i) => ({
      privKey: keyNumber(i + 1),
      accountType: 'imported' as const,
    }));
    await keyring.addAccounts(bulk);
    for (let n = 4_991; n <= 5_000; n += 1) await keyring.importAccountWithPrivateKey(keyNumber(n));
    expect(keyring.getAccounts()).toHaveLength(5_000);
    const accounts = keyring.getAccounts();

    keyring.setLocked();
    expect(keyring.getAccounts()).toEqual([]);
    await keyring.submitPassword(password);
    expect(keyring.getAccounts()).toEqual(accounts);
    // Private key 1's address, a published constant.
    expect(accounts[0]).toBe('0x7e5f4552091a69125d5dfcb7b8c2659029395bdf');
  }, 180_000);
});
