import { Messenger } from '@metamask/messenger';

import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import {
  KeyringController,
  type KeyringControllerActions,
  type KeyringControllerEvents,
} from '../../../src/controllers/keyring/KeyringController';
import type { SignableTxParams } from '../../../src/controllers/keyring/sign-transaction';
import { useAnvil } from '../../chain/use-anvil';

interface Receipt {
  from: string;
  to: string | null;
  status: string;
  type: string;
  transactionHash: string;
}

/** Automine mines right after answering; under load the receipt can lag the hash briefly. */
async function waitForReceipt(rpcUrl: string, hash: string): Promise<Receipt> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const receipt = await callJsonRpc<Receipt | null>(rpcUrl, 'eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`no receipt for ${hash}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function unlockedKeyringWith(privateKey: string): Promise<KeyringController> {
  const keyring = new KeyringController({
    messenger: new Messenger<
      'KeyringController',
      KeyringControllerActions,
      KeyringControllerEvents
    >({
      namespace: 'KeyringController',
    }),
  });
  await keyring.createNewVault('a test password');
  await keyring.importAccountWithPrivateKey(privateKey);
  return keyring;
}

/** Signs each envelope type with the keyring and sends it raw to the node; the node's receipts must name our address. */
function describeChain(chainId: number): void {
  describe(`on an anvil with chain id ${chainId}`, () => {
    const anvil = useAnvil({ chainId });

    it('the node confirms legacy, EIP-2930 and EIP-1559 transactions as sent from the key', async () => {
      const { rpcUrl, accounts, privateKeys } = anvil();
      const from = (accounts[3] ?? '').toLowerCase();
      const to = (accounts[4] ?? '').toLowerCase();
      const keyring = await unlockedKeyringWith(privateKeys[3] ?? '');
      expect(keyring.getAccounts()).toEqual([from]);
      expect(await callJsonRpc<string>(rpcUrl, 'eth_chainId')).toBe(`0x${chainId.toString(16)}`);

      const gasPrice = await callJsonRpc<string>(rpcUrl, 'eth_gasPrice');
      const latest = await callJsonRpc<{ baseFeePerGas: string }>(rpcUrl, 'eth_getBlockByNumber', [
        'latest',
        false,
      ]);
      const maxFeePerGas = `0x${(BigInt(latest.baseFeePerGas) * 2n + 1_000_000_000n).toString(16)}`;
      const variants: [string, SignableTxParams][] = [
        ['0x0', { gasPrice }],
        [
          '0x1',
          {
            gasPrice,
            accessList: [{ address: to as `0x${string}`, storageKeys: [`0x${'00'.repeat(32)}`] }],
          },
        ],
        ['0x2', { maxFeePerGas, maxPriorityFeePerGas: '0x3b9aca00' }],
      ];
      for (const [type, fees] of variants) {
        const nonce = await callJsonRpc<string>(rpcUrl, 'eth_getTransactionCount', [
          from,
          'pending',
        ]);
        const signed = await keyring.signTransaction(
          from,
          { from, to, value: '0x2386f26fc10000', gas: '0x7530', nonce, ...fees },
          `0x${chainId.toString(16)}`,
        );
        expect(signed.type).toBe(type);
        const hash = await callJsonRpc<string>(rpcUrl, 'eth_sendRawTransaction', [signed.rawTx]);
        expect(hash).toBe(signed.hash);
        const receipt = await waitForReceipt(rpcUrl, hash);
        expect(receipt).toMatchObject({
          from,
          to,
          status: '0x1',
          type,
          transactionHash: signed.hash,
        });
      }
    });
  });
}

describeChain(5777);
describeChain(31337);
