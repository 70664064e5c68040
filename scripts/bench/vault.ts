/**
 * `npm run bench:vault`: what one account import costs the vault write, with the derived key
 * kept in memory while unlocked (today) beside deriving it again for every write (before), in
 * the same run; and what unlock costs (PBKDF2 once, the only slow step by design).
 */
import { Messenger } from '@metamask/messenger';

import {
  KeyringController,
  type KeyringControllerActions,
  type KeyringControllerEvents,
} from '../../src/controllers/keyring/KeyringController';
import { createVaultKey, encryptVault } from '../../src/controllers/keyring/vault-encryptor';
import { median } from '../lib/median';

const IMPORTS = 20;
const password = 'correct horse battery staple';
const keyNumber = (n: number) => n.toString(16).padStart(64, '0');

function createKeyring(): KeyringController {
  const messenger = new Messenger<
    'KeyringController',
    KeyringControllerActions,
    KeyringControllerEvents
  >({ namespace: 'KeyringController' });
  return new KeyringController({ messenger });
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

async function main(): Promise<void> {
  const keyring = createKeyring();
  await keyring.createNewVault(password);
  const cached: number[] = [];
  for (let n = 1; n <= IMPORTS; n += 1) {
    cached.push(await timed(() => keyring.importAccountWithPrivateKey(keyNumber(n))));
  }
  // The write as it was: derive the key again (600,000 PBKDF2 rounds), then encrypt the same contents.
  const contents = keyring.getUnlockedContents();
  const derived: number[] = [];
  for (let n = 1; n <= IMPORTS; n += 1) {
    derived.push(await timed(async () => encryptVault(await createVaultKey(password), contents)));
  }
  keyring.setLocked();
  const unlock: number[] = [];
  for (let n = 0; n < 5; n += 1) {
    unlock.push(await timed(() => keyring.submitPassword(password)));
    keyring.setLocked();
  }
  const importMs = median(cached);
  const deriveMs = median(derived);
  console.log(
    `import with the key kept in memory: median ${importMs.toFixed(2)} ms (${IMPORTS} imports)`,
  );
  console.log(`import deriving the key per write:  median ${deriveMs.toFixed(2)} ms`);
  console.log(`unlock (PBKDF2 once):               median ${median(unlock).toFixed(1)} ms`);
  console.log(
    JSON.stringify({
      import_ms: Number(importMs.toFixed(2)),
      import_ms_deriving_each_write: Number(deriveMs.toFixed(2)),
      speedup: Number((deriveMs / importMs).toFixed(1)),
      unlock_ms: Number(median(unlock).toFixed(1)),
    }),
  );
}

void main();
