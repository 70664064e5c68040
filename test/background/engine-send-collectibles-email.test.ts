import { parseAbi, type Hex } from 'viem';

import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { startServer, type RunningServer } from '../../src/server/main';
import { callJsonRpc } from '../../scripts/lib/json-rpc';
import { chainClients, deployContract } from '../chain/deploy';
import { useAnvil } from '../chain/use-anvil';
import { createTestDatabase, type TestDatabase } from '../server/helpers';
import { waitFor } from './helpers';

const NFT_ABI = parseAbi([
  'function mint(address to, uint256 tokenId)',
  'function mint(address to, uint256 id, uint256 amount)',
]);

/**
 * Collectibles sent from the transfer screen's action (G4: ERC-721 and ERC-1155 calldata built
 * by the engine, ownership read back from anvil), and the e-mail to a recipient sent to by
 * e-mail login (G6: POST /transaction/sendemail on the real backend on PGlite).
 */
describe('collectible sends and the transfer e-mail', () => {
  const anvil = useAnvil({ chainId: 5777, accounts: 12 });
  let database: TestDatabase;
  let server: RunningServer;
  let engine: Engine;
  let from: Hex;
  const rpc = <T>(method: string, params: unknown[] = []) =>
    callJsonRpc<T>(anvil().rpcUrl, method, params);
  const word = (value: string | bigint) =>
    (typeof value === 'bigint' ? value.toString(16) : value.slice(2).toLowerCase()).padStart(
      64,
      '0',
    );

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startServer(database.config());
    engine = await createEngine({
      storage: new MemoryStorage(),
      network: { rpcUrl: anvil().rpcUrl, chainId: '0x1691' },
      backendUrl: server.url,
      blockPollingInterval: 100,
    });
    await engine.actions.createNewVault('correct horse battery staple');
    from = (
      await engine.actions.importAccountWithPrivateKey(anvil().privateKeys[6]!)
    ).toLowerCase() as Hex;
    await engine.actions.loginToBackend('google', 'sender@example.com');
    await waitFor(
      () => engine.getState().NetworkController.networkStatus === 'available',
      'the network',
    );
  });
  afterAll(async () => {
    await engine?.destroy();
    await server?.close();
    await database?.dispose();
  });

  const uiTx = (txId: string) =>
    engine.getState().TransactionController.uiTransactions.find((tx) => tx.id === txId);
  const mined = (txId: string) =>
    waitFor(() => uiTx(txId)?.status === 'confirmed' && uiTx(txId)!.hash, `${txId} confirmed`);

  it('sends an ERC-721 and part of an ERC-1155 balance; the chain shows the new owner', async () => {
    const to = anvil().accounts[9]!.toLowerCase();
    const { walletClient, publicClient } = await chainClients(anvil().rpcUrl);
    const moons = await deployContract(anvil().rpcUrl, 'TestERC721', ['Moons', 'MOON']);
    const gems = await deployContract(anvil().rpcUrl, 'TestERC1155', ['ipfs://gems/{id}']);
    for (const hash of [
      await walletClient.writeContract({
        address: moons as Hex,
        abi: NFT_ABI,
        functionName: 'mint',
        args: [from, 7n],
      } as never),
      await walletClient.writeContract({
        address: gems as Hex,
        abi: NFT_ABI,
        functionName: 'mint',
        args: [from, 3n, 12n],
      } as never),
    ]) {
      await publicClient.waitForTransactionReceipt({ hash });
    }

    const nft = await engine.actions.sendAsset({
      kind: 'erc721',
      contract: moons,
      to,
      tokenId: '7',
    });
    engine.actions.approveRequest(nft.approvalId!, null);
    await mined(nft.txId);
    // ownerOf(7)
    const owner = await rpc<Hex>('eth_call', [
      { to: moons, data: `0x6352211e${word(7n)}` },
      'latest',
    ]);
    expect(`0x${owner.slice(-40)}`).toBe(to);

    const part = await engine.actions.sendAsset({
      kind: 'erc1155',
      contract: gems,
      to,
      tokenId: '3',
      amount: '5',
    });
    engine.actions.approveRequest(part.approvalId!, null);
    await mined(part.txId);
    // balanceOf(account, 3)
    const balanceOf = (account: string) =>
      rpc<Hex>('eth_call', [{ to: gems, data: `0x00fdd58e${word(account)}${word(3n)}` }, 'latest']);
    expect(BigInt(await balanceOf(to))).toBe(5n);
    expect(BigInt(await balanceOf(from))).toBe(7n);
  });

  it('queues the e-mail to an e-mail recipient with the engine’s own hash and sender', async () => {
    const to = anvil().accounts[10]!;
    const { txId, approvalId } = await engine.actions.sendAsset({
      kind: 'native',
      to,
      amount: '1000000000000000',
    });
    // Not on the network yet: nothing to announce.
    await expect(
      engine.actions.sendTransferEmail(txId, {
        email: 'carol@example.com',
        amount: '0.001',
        symbol: 'ETH',
      }),
    ).rejects.toMatchObject({ data: { code: 'transfer.notReplaceable' } });
    engine.actions.approveRequest(approvalId!, null);
    const hash = await mined(txId);

    await engine.actions.sendTransferEmail(txId, {
      email: 'carol@example.com',
      amount: '0.001',
      symbol: 'ETH',
    });
    const rows = await server.database.db
      .selectFrom('email_outbox')
      .select(['email_object', 'status'])
      .execute();
    expect(rows).toHaveLength(1);
    const email = rows[0]!.email_object as unknown as Record<string, unknown>;
    expect(typeof email === 'string' ? JSON.parse(email) : email).toMatchObject({
      to: 'carol@example.com',
      from,
      transactionHash: hash,
      amount: '0.001',
      symbol: 'ETH',
    });

    // Not an e-mail, or an unknown transaction: refused, nothing more queued.
    await expect(
      engine.actions.sendTransferEmail(txId, { email: 'carol', amount: '1', symbol: 'ETH' }),
    ).rejects.toMatchObject({ data: { code: 'backend.invalidInput' } });
    await expect(
      engine.actions.sendTransferEmail('nope', {
        email: 'carol@example.com',
        amount: '1',
        symbol: 'ETH',
      }),
    ).rejects.toMatchObject({ data: { code: 'transfer.notReplaceable' } });
    await expect(
      engine.actions.sendTransferEmail(txId, {
        email: 'carol@example.com',
        amount: 'x'.repeat(81),
        symbol: 'ETH',
      }),
    ).rejects.toMatchObject({ data: { code: 'transfer.invalidAmount' } });
    expect(await server.database.db.selectFrom('email_outbox').select('id').execute()).toHaveLength(
      1,
    );
  });
});
