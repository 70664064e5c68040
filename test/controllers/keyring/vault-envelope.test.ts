import { Messenger } from '@metamask/messenger';

import {
  KeyringController,
  type KeyringControllerActions,
  type KeyringControllerEvents,
} from '../../../src/controllers/keyring/KeyringController';
import { KeyringErrorCode } from '../../../src/controllers/keyring/errors';
import { openVault } from '../../../src/controllers/keyring/vault-encryptor';

const password = 'correct horse battery';

function createKeyring(vault: string | null = null) {
  const messenger = new Messenger<
    'KeyringController',
    KeyringControllerActions,
    KeyringControllerEvents
  >({ namespace: 'KeyringController' });
  return new KeyringController({ messenger, state: { vault } });
}

let goodVault: string;
beforeAll(async () => {
  const keyring = createKeyring();
  await keyring.createNewVault(password);
  goodVault = keyring.state.vault ?? '';
});

type Envelope = Record<string, unknown> & {
  kdf: Record<string, unknown>;
  cipher: Record<string, unknown>;
};
type Change = (envelope: Envelope) => unknown;
const edit = (change: Change): string => {
  const envelope = JSON.parse(goodVault) as Envelope;
  change(envelope);
  return JSON.stringify(envelope);
};
const b64 = (length: number) => Buffer.alloc(length, 7).toString('base64');

describe('vault envelope validation', () => {
  it('writes a v2 envelope with a key check and today’s parameters', () => {
    const envelope = JSON.parse(goodVault) as Envelope;
    expect(envelope).toMatchObject({
      version: 2,
      kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: 600_000 },
      cipher: { name: 'AES-GCM' },
    });
    expect(Buffer.from(envelope.kdf.salt as string, 'base64')).toHaveLength(32);
    expect(Buffer.from(envelope.cipher.iv as string, 'base64')).toHaveLength(12);
    expect(Buffer.from(envelope.keyCheck as string, 'base64')).toHaveLength(16);
  });

  // Each case is refused before any key is derived: 2^31 - 1 rounds would take hours if derived,
  // so this test finishing at all shows the check comes first.
  it.each<[string, Change | string, string]>([
    ['iterations 0', (e: Envelope) => (e.kdf.iterations = 0), 'iteration count must be an integer'],
    ['negative iterations', (e: Envelope) => (e.kdf.iterations = -5), 'iteration count'],
    ['2^31 - 1 iterations', (e: Envelope) => (e.kdf.iterations = 2 ** 31 - 1), 'iteration count'],
    ['fractional iterations', (e: Envelope) => (e.kdf.iterations = 600_000.5), 'iteration count'],
    ['iterations as text', (e: Envelope) => (e.kdf.iterations = '600000'), 'iteration count'],
    ['a 16-byte salt', (e: Envelope) => (e.kdf.salt = b64(16)), 'salt must be 32 bytes, not 16'],
    ['a 16-byte IV', (e: Envelope) => (e.cipher.iv = b64(16)), 'iv must be 12 bytes, not 16'],
    ['a salt that is not base64', (e: Envelope) => (e.kdf.salt = '%%%'), 'salt is not base64'],
    ['an unknown hash', (e: Envelope) => (e.kdf.hash = 'SHA-1'), 'unknown key derivation'],
    ['an unknown KDF', (e: Envelope) => (e.kdf.name = 'scrypt'), 'unknown key derivation'],
    ['an unknown cipher', (e: Envelope) => (e.cipher.name = 'AES-CBC'), 'unknown cipher'],
    ['an unknown version', (e: Envelope) => (e.version = 3), 'unknown envelope version'],
    ['a missing key check', (e: Envelope) => delete e.keyCheck, 'key check is missing'],
    ['no data', (e: Envelope) => delete e.data, 'data is missing'],
    ['not JSON', 'vault', 'not JSON'],
    ['an array', '[]', 'unknown envelope format'],
  ])('refuses %s as a damaged vault, keeping it stored', async (_name, damage, detail) => {
    const vault = typeof damage === 'string' ? damage : edit(damage);
    const keyring = createKeyring(vault);
    const failure = await keyring.submitPassword(password).catch((error: unknown) => error);
    expect(failure).toMatchObject({ data: { code: KeyringErrorCode.corruptVault } });
    expect((failure as Error).message).toContain('The vault is corrupted: ');
    expect((failure as Error).message).toContain(detail);
    expect(keyring.state).toMatchObject({ vault, isUnlocked: false, accounts: [] });
  });

  it('tells a wrong password from altered data', async () => {
    await expect(openVault('wrong', goodVault)).rejects.toMatchObject({
      data: { code: KeyringErrorCode.incorrectPassword },
      message: 'Incorrect Password Entered.',
    });
    const altered = edit((e) => {
      const data = Buffer.from(e.data as string, 'base64');
      data[0] = (data[0] ?? 0) ^ 0xff;
      e.data = data.toString('base64');
    });
    await expect(openVault(password, altered)).rejects.toMatchObject({
      data: { code: KeyringErrorCode.corruptVault },
      message: 'The vault is corrupted: the encrypted data was altered',
    });
    const otherCheck = edit((e) => (e.keyCheck = b64(16)));
    await expect(openVault(password, otherCheck)).rejects.toMatchObject({
      data: { code: KeyringErrorCode.incorrectPassword },
    });
  });
});
