import { parseEther, type Address, type Hex } from 'viem';

import type { Engine } from '../../../src/background/engine/create-engine';
import type { OriginProvider } from '../../../src/background/rpc/origin-provider';
import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import { chainClients } from '../../chain/deploy';
import { setAutomine } from '../../chain/snapshot';
import { useAnvil } from '../../chain/use-anvil';
import {
  autoAnswer,
  connectOrigin,
  engineWithAccounts,
  nextApproval,
  rejectionOf,
  viemClients,
} from './harness';

const DAPP = 'https://dapp.example';

describe('eth_sendTransaction and the wallet’s transaction reads through a connection', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let engine: Engine;
  let provider: OriginProvider;
  let account: Address;
  let rpcUrl: string;

  beforeAll(async () => {
    ({ rpcUrl } = anvil());
    let addresses: Address[];
    ({ engine, addresses } = await engineWithAccounts(anvil(), 1));
    account = addresses[0]!;
    provider = engine.connect(DAPP);
    await connectOrigin(engine, provider, [account]);
  });
  afterAll(async () => {
    await setAutomine(rpcUrl, true).catch(() => undefined);
    await engine.destroy();
  });

  it('sends a transaction from viem only after the user approves it, and it lands on chain', async () => {
    const { walletClient } = viemClients(provider, 5777, account);
    const recipient = anvil().accounts[7]!;
    const { publicClient: direct } = await chainClients(anvil().rpcUrl);
    const before = await direct.getBalance({ address: recipient });
    const prompt = nextApproval(engine, 'transaction');
    const sending = walletClient.sendTransaction({ to: recipient, value: parseEther('0.5') });
    const request = await prompt;
    expect(request.origin).toBe(DAPP);
    engine.actions.approveRequest(request.id, undefined);
    const hash = await sending;
    const receipt = await direct.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect((await direct.getBalance({ address: recipient })) - before).toBe(parseEther('0.5'));
  });

  it('rejects a denied transaction with the spec’s 4001 message', async () => {
    const answers = autoAnswer(engine, () => 'reject');
    try {
      expect(
        await rejectionOf(
          provider.request({
            method: 'eth_sendTransaction',
            params: [{ from: account, to: anvil().accounts[8], value: '0x1' }],
          }),
        ),
      ).toMatchObject({
        code: 4001,
        message: 'Orrery Tx Signature: User denied transaction signature.',
      });
    } finally {
      answers.stop();
    }
  });

  it('counts in-flight transactions in the pending nonce and finds them by hash when the node does not', async () => {
    await setAutomine(anvil().rpcUrl, false);
    const answers = autoAnswer(engine);
    try {
      const nodeCount = await provider.request<Hex>({
        method: 'eth_getTransactionCount',
        params: [account, 'latest'],
      });
      const hash = await provider.request<Hex>({
        method: 'eth_sendTransaction',
        params: [{ from: account, to: anvil().accounts[9], value: '0x2' }],
      });
      // The node forgets it (as a node that dropped it from its pool would): only the wallet knows.
      await callJsonRpc(anvil().rpcUrl, 'anvil_dropTransaction', [hash]);
      expect(await callJsonRpc(anvil().rpcUrl, 'eth_getTransactionByHash', [hash])).toBeNull();
      expect(
        await callJsonRpc(anvil().rpcUrl, 'eth_getTransactionCount', [account, 'pending']),
      ).toBe(nodeCount);
      const pending = await provider.request<Hex>({
        method: 'eth_getTransactionCount',
        params: [account, 'pending'],
      });
      expect(Number(pending)).toBe(Number(nodeCount) + 1);
      const tx = await provider.request<{
        hash: Hex;
        from: string;
        blockNumber: unknown;
        nonce: Hex;
      }>({
        method: 'eth_getTransactionByHash',
        params: [hash],
      });
      expect(tx).toMatchObject({ hash, from: account, blockNumber: null, nonce: nodeCount });
    } finally {
      answers.stop();
      await setAutomine(anvil().rpcUrl, true);
    }
  });
});
