import { Messenger } from '@metamask/messenger';

import { KeyringErrorCode } from '../../../src/controllers/keyring/errors';
import {
  KeyringController,
  type KeyringControllerActions,
  type KeyringControllerEvents,
} from '../../../src/controllers/keyring/KeyringController';
import { privateKeyToAddress } from '../../../src/controllers/keyring/sign-transaction';

const password = 'correct horse battery';

function keyring(vault: string | null = null) {
  return new KeyringController({
    messenger: new Messenger<
      'KeyringController',
      KeyringControllerActions,
      KeyringControllerEvents
    >({ namespace: 'KeyringController' }),
    state: { vault },
  });
}

describe('KeyringController: a vault to find, and new accounts', () => {
  it('says whether a vault exists, from the start and once one is created', async () => {
    const fresh = keyring();
    expect(fresh.state.hasVault).toBe(false);
    await fresh.createNewVault(password);
    expect(fresh.state.hasVault).toBe(true);

    const restored = keyring(fresh.state.vault);
    expect(restored.state).toMatchObject({ hasVault: true, isUnlocked: false, accounts: [] });
  });

  it('creates accounts from new random keys, kept in the vault across a lock', async () => {
    const wallet = keyring();
    await wallet.createNewVault(password);
    const first = await wallet.createNewAccount();
    const second = await wallet.createNewAccount();
    expect(first).toMatch(/^0x[0-9a-f]{40}$/);
    expect(second).not.toBe(first);
    expect(wallet.state.accounts).toEqual([
      { address: first, accountType: 'normal' },
      { address: second, accountType: 'normal' },
    ]);
    // The key signs for its address: it is a real key of that account.
    expect(privateKeyToAddress(wallet.getPrivateKeyForSigning(first).slice(2))).toBe(first);

    wallet.setLocked();
    await expect(wallet.createNewAccount()).rejects.toMatchObject({
      data: { code: KeyringErrorCode.locked },
    });
    const reopened = keyring(wallet.state.vault);
    await reopened.submitPassword(password);
    expect(reopened.getAccounts()).toEqual([first, second]);
  });
});
