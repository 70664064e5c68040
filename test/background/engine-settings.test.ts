import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { CurrencyErrorCode } from '../../src/controllers/currency/errors';
import { KeyringErrorCode } from '../../src/controllers/keyring/errors';
import { decryptKeystore } from '../../src/controllers/keyring/keystore';
import { NetworkErrorCode } from '../../src/controllers/network/errors';
import { useAnvil } from '../chain/use-anvil';
import { UNREACHABLE_RPC } from './helpers';

/** The actions the account menu and settings added (views.md G18, G19, G21, G23). */
describe('settings actions through the engine', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let engine: Engine;

  beforeEach(async () => {
    engine = await createEngine({
      storage: new MemoryStorage(),
      network: { rpcUrl: anvil().rpcUrl, chainId: '0x1691' },
      blockPollingInterval: 100,
    });
    await engine.actions.createNewVault('correct horse battery staple');
  });
  afterEach(async () => {
    await engine.destroy();
  });

  it('exports an account only as a keystore file that opens with the new password', async () => {
    const key = anvil().privateKeys[0]!;
    const address = await engine.actions.importAccountWithPrivateKey(key);
    await expect(engine.call('exportKeystore', [address, 'short1A'])).rejects.toMatchObject({
      data: { code: KeyringErrorCode.weakPassword },
    });
    await expect(engine.call('exportKeystore', [address, 'alllowercase123'])).rejects.toMatchObject(
      { data: { code: KeyringErrorCode.weakPassword } },
    );
    await expect(
      engine.call('exportKeystore', [
        '0x000000000000000000000000000000000000dEaD',
        'Str0ngPassword',
      ]),
    ).rejects.toMatchObject({ data: { code: KeyringErrorCode.unknownAddress } });

    const file = await engine.actions.exportKeystore(address, 'Str0ngPassword');
    expect(file).not.toContain(key.slice(2));
    const parsed = JSON.parse(file) as { version: number; address: string; crypto: object };
    expect(parsed).toMatchObject({
      version: 3,
      address: address.slice(2).toLowerCase(),
      crypto: { cipher: 'aes-128-ctr', kdf: 'scrypt', kdfparams: { n: 131072, r: 8, p: 1 } },
    });
    await expect(decryptKeystore(file, 'Str0ngPassword')).resolves.toBe(key.replace(/^0x/, ''));
    await expect(decryptKeystore(file, 'Str0ngPassworD')).rejects.toMatchObject({
      data: { code: KeyringErrorCode.keystoreWrongPassword },
    });

    // The file imports into another wallet as the same account.
    const other = await createEngine({ storage: new MemoryStorage(), network: UNREACHABLE_RPC });
    try {
      await other.actions.createNewVault('another long password');
      await expect(other.actions.importAccountWithKeystore(file, 'Str0ngPassword')).resolves.toBe(
        address.toLowerCase(),
      );
    } finally {
      await other.destroy();
    }
    // Five scrypt runs at the export cost (N = 2^17) on a shared machine.
  }, 180_000);

  it('refuses to export while locked', async () => {
    const address = await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[1]!);
    engine.actions.setLocked();
    await expect(engine.call('exportKeystore', [address, 'Str0ngPassword'])).rejects.toMatchObject({
      data: { code: KeyringErrorCode.locked },
    });
  });

  it('sets the default account locally when not signed in, refusing unknown ones', async () => {
    const first = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[0]!)
    ).toLowerCase();
    const second = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[1]!)
    ).toLowerCase();
    // Imports select the imported account; the default is kept with the selected one's settings.
    engine.actions.setSelectedAddress(first);
    await engine.actions.setDefaultPublicAddress(second);
    expect(engine.getState().UserRecordController.identities[first]?.defaultPublicAddress).toBe(
      second,
    );
    await expect(
      engine.call('setDefaultPublicAddress', ['0x000000000000000000000000000000000000dEaD']),
    ).rejects.toMatchObject({ data: { code: KeyringErrorCode.unknownAddress } });
  });

  it('grants a site from settings: the dapp sees the account; bad input changes nothing', async () => {
    const address = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[0]!)
    ).toLowerCase();
    const before = Date.now();
    engine.actions.grantPermissions('https://dapp.example', [address], 'week');
    const grant = engine.getState().PermissionController.grants['https://dapp.example'];
    expect(grant).toMatchObject({
      origin: 'https://dapp.example',
      accounts: [address],
      period: 'week',
    });
    expect(grant!.expiresAt - grant!.grantedAt).toBe(7 * 24 * 3600 * 1000);
    expect(grant!.grantedAt).toBeGreaterThanOrEqual(before);

    const provider = engine.connect('https://dapp.example');
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([address]);

    await expect(
      engine.call('grantPermissions', ['https://other.example', [address], 'forever']),
    ).rejects.toThrow(/period/u);
    await expect(
      engine.call('grantPermissions', ['javascript:alert(1)', [address], 'week']),
    ).rejects.toThrow(/Invalid site/u);
    await expect(
      engine.call('grantPermissions', ['https://other.example/path', [address], 'week']),
    ).rejects.toThrow(/Invalid site/u);
    await expect(
      engine.call('grantPermissions', [
        'https://other.example',
        ['0x000000000000000000000000000000000000dEaD'],
        'week',
      ]),
    ).rejects.toThrow();
    expect(Object.keys(engine.getState().PermissionController.grants)).toEqual([
      'https://dapp.example',
    ]);

    engine.actions.revokePermissions('https://dapp.example');
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([]);
  });

  describe('probeRpc', () => {
    let junk: Server;
    let junkUrl: string;
    beforeAll(async () => {
      junk = createServer((request, response) => {
        if (request.url === '/500') {
          response.writeHead(500).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'not a chain id' }));
      });
      await new Promise<void>((resolve) => junk.listen(0, '127.0.0.1', resolve));
      junkUrl = `http://127.0.0.1:${(junk.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => junk.close(resolve));
    });

    it("answers the endpoint's chain id in hex", async () => {
      await expect(engine.actions.probeRpc(anvil().rpcUrl)).resolves.toBe('0x1691');
    });

    it('says whether the endpoint is unreachable, answers junk, or is no URL', async () => {
      await expect(engine.call('probeRpc', [UNREACHABLE_RPC.rpcUrl])).rejects.toMatchObject({
        data: { code: NetworkErrorCode.rpcUnreachable },
      });
      await expect(engine.call('probeRpc', [`${junkUrl}/500`])).rejects.toMatchObject({
        data: { code: NetworkErrorCode.rpcUnreachable },
      });
      await expect(engine.call('probeRpc', [junkUrl])).rejects.toMatchObject({
        data: { code: NetworkErrorCode.rpcBadAnswer },
      });
      await expect(engine.call('probeRpc', ['ftp://example.com'])).rejects.toMatchObject({
        data: { code: NetworkErrorCode.invalidCustomNetwork },
      });
    });
  });

  it('takes only listed currencies or the network ticker', async () => {
    await expect(engine.call('setCurrency', ['XYZ'])).rejects.toMatchObject({
      data: { code: CurrencyErrorCode.unsupportedCurrency },
    });
    await expect(engine.call('setCurrency', ['<b>'])).rejects.toMatchObject({
      data: { code: CurrencyErrorCode.invalidCurrency },
    });
    expect(engine.getState().CurrencyController.currentCurrency).toBe('usd');
    await engine.actions.setCurrency('JPY');
    expect(engine.getState().CurrencyController.currentCurrency).toBe('jpy');
  });
});
