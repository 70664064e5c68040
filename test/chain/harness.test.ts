// The chain harness against a real anvil: accounts, contracts, snapshots, mining control,
// ports and process cleanup.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseEther, zeroAddress, type Address } from 'viem';
import { startAnvil } from '../../scripts/lib/anvil';
import { callJsonRpc } from '../../scripts/lib/json-rpc';
import { loadContractArtifacts, type ContractArtifacts } from './compile-contracts';
import { chainClients, deployContract, type ChainClients } from './deploy';
import { mine, revert, setAutomine, setIntervalMining, snapshot } from './snapshot';
import { useAnvil } from './use-anvil';

const anvil = useAnvil();
let artifacts: ContractArtifacts;
let clients: ChainClients;

beforeAll(async () => {
  artifacts = await loadContractArtifacts();
  clients = await chainClients(anvil().rpcUrl);
});

const getBalance = (address: Address) => clients.publicClient.getBalance({ address });

async function send(write: Promise<`0x${string}`>) {
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash: await write });
  expect(receipt.status).toBe('success');
  return receipt;
}

describe('dev accounts', () => {
  it('derives the well-known anvil accounts from the default mnemonic', async () => {
    const { accounts, privateKeys, rpcUrl, chainId } = anvil();
    expect(chainId).toBe(31337);
    expect(accounts).toHaveLength(10);
    expect(accounts[0]).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(privateKeys[0]).toBe(
      '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    );
    expect(accounts[1]).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    const nodeAccounts = await callJsonRpc<string[]>(rpcUrl, 'eth_accounts');
    expect(nodeAccounts.map((a) => a.toLowerCase())).toEqual(accounts.map((a) => a.toLowerCase()));
    expect(await callJsonRpc(rpcUrl, 'eth_chainId')).toBe('0x7a69');
  });

  it('signs with the derived private keys', async () => {
    const { rpcUrl, accounts, privateKeys } = anvil();
    const fromKey = await chainClients(rpcUrl, privateKeys[2]);
    expect(fromKey.walletClient.account.address).toBe(accounts[2]);
    const before = await getBalance(accounts[5]!);
    await send(fromKey.walletClient.sendTransaction({ to: accounts[5], value: 7n }));
    expect(await getBalance(accounts[5]!)).toBe(before + 7n);
  });
});

describe('test contracts', () => {
  it('deploys TestERC20 and mints the supply to the deployer', async () => {
    const supply = 1_000_000n * 10n ** 6n;
    const token = await deployContract(anvil().rpcUrl, 'TestERC20', [
      'Test Dollar',
      'TUSD',
      6,
      supply,
    ]);
    const read = (functionName: string, args: readonly unknown[] = []) =>
      clients.publicClient.readContract({
        address: token,
        abi: artifacts.TestERC20.abi,
        functionName,
        args,
      });
    expect(await read('balanceOf', [anvil().accounts[0]])).toBe(supply);
    expect(await read('balanceOf', [anvil().accounts[1]])).toBe(0n);
    expect(await read('totalSupply')).toBe(supply);
    expect(await read('decimals')).toBe(6);
    expect(await read('symbol')).toBe('TUSD');
    expect(await read('name')).toBe('Test Dollar');
  });

  it('deploys from a given private key', async () => {
    const { rpcUrl, accounts, privateKeys } = anvil();
    const token = await deployContract(rpcUrl, 'TestERC20', ['T', 'T', 18, 5n], privateKeys[3]);
    const holder = await clients.publicClient.readContract({
      address: token,
      abi: artifacts.TestERC20.abi,
      functionName: 'balanceOf',
      args: [accounts[3]],
    });
    expect(holder).toBe(5n);
  });

  it('mints a TestERC721 token to its owner', async () => {
    const { rpcUrl, accounts } = anvil();
    const nft = await deployContract(rpcUrl, 'TestERC721', ['Test Kitties', 'TK']);
    const { abi } = artifacts.TestERC721;
    await send(
      clients.walletClient.writeContract({
        address: nft,
        abi,
        functionName: 'mint',
        args: [accounts[1], 42n],
      }),
    );
    const ownerOf = (id: bigint) =>
      clients.publicClient.readContract({ address: nft, abi, functionName: 'ownerOf', args: [id] });
    expect(await ownerOf(42n)).toBe(accounts[1]);
    await expect(ownerOf(43n)).rejects.toThrow(/ERC721NonexistentToken/);
  });

  it('mints TestERC1155 amounts per id', async () => {
    const { rpcUrl, accounts } = anvil();
    const multi = await deployContract(rpcUrl, 'TestERC1155', ['https://example.test/{id}.json']);
    const { abi } = artifacts.TestERC1155;
    await send(
      clients.walletClient.writeContract({
        address: multi,
        abi,
        functionName: 'mint',
        args: [accounts[2], 7n, 500n],
      }),
    );
    const balanceOf = (who: Address, id: bigint) =>
      clients.publicClient.readContract({
        address: multi,
        abi,
        functionName: 'balanceOf',
        args: [who, id],
      });
    expect(await balanceOf(accounts[2]!, 7n)).toBe(500n);
    expect(await balanceOf(accounts[2]!, 8n)).toBe(0n);
    expect(await balanceOf(accounts[1]!, 7n)).toBe(0n);
  });

  it('BalanceChecker reads native and ERC-20 balances of many users in one call', async () => {
    const { rpcUrl, accounts } = anvil();
    const token = await deployContract(rpcUrl, 'TestERC20', ['Coin', 'C', 18, 10n ** 21n]);
    const checker = await deployContract(rpcUrl, 'BalanceChecker');
    const erc20 = artifacts.TestERC20.abi;
    // Make the three users' balances differ, so a mixed-up index would show.
    await send(
      clients.walletClient.writeContract({
        address: token,
        abi: erc20,
        functionName: 'transfer',
        args: [accounts[1], 123n],
      }),
    );
    await send(clients.walletClient.sendTransaction({ to: accounts[2], value: parseEther('1.5') }));
    const users = [accounts[0]!, accounts[1]!, accounts[2]!];
    const notAContract = accounts[9]!;
    const tokens = [zeroAddress, token, notAContract];
    const result = (await clients.publicClient.readContract({
      address: checker,
      abi: artifacts.BalanceChecker.abi,
      functionName: 'balances',
      args: [users, tokens],
    })) as readonly bigint[];
    const expected: bigint[] = [];
    for (const user of users) {
      expected.push(await getBalance(user));
      expected.push(
        (await clients.publicClient.readContract({
          address: token,
          abi: erc20,
          functionName: 'balanceOf',
          args: [user],
        })) as bigint,
      );
      expected.push(0n);
    }
    expect(result).toEqual(expected);
    expect(result[4]).toBe(123n); // users[1], tokens[1]
    expect(result[1]).toBe(10n ** 21n - 123n);
  });
});

describe('snapshots and mining', () => {
  it('revert restores the balance an ETH transfer changed', async () => {
    const { rpcUrl, accounts } = anvil();
    const to = accounts[4]!;
    const before = await getBalance(to);
    const id = await snapshot(rpcUrl);
    await send(clients.walletClient.sendTransaction({ to, value: parseEther('2') }));
    expect(await getBalance(to)).toBe(before + parseEther('2'));
    await revert(rpcUrl, id);
    expect(await getBalance(to)).toBe(before);
    // A snapshot is consumed by reverting to it.
    await expect(revert(rpcUrl, id)).rejects.toThrow(/evm_revert/);
  });

  it('with automine off a transaction stays pending until mine()', async () => {
    const { rpcUrl, accounts } = anvil();
    await setAutomine(rpcUrl, false);
    try {
      const startBlock = await clients.publicClient.getBlockNumber({ cacheTime: 0 });
      const hash = await clients.walletClient.sendTransaction({ to: accounts[6], value: 1n });
      // The node holds it in its pool: nothing mines it (no automine, no interval) until told,
      // so no wait can change what follows.
      expect(await callJsonRpc(rpcUrl, 'txpool_status', [])).toMatchObject({ pending: '0x1' });
      const pending = await callJsonRpc<{ blockNumber: string | null }>(
        rpcUrl,
        'eth_getTransactionByHash',
        [hash],
      );
      expect(pending.blockNumber).toBeNull();
      expect(await callJsonRpc(rpcUrl, 'eth_getTransactionReceipt', [hash])).toBeNull();
      expect(await clients.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(startBlock);

      await mine(rpcUrl, 1);
      const receipt = await clients.publicClient.getTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      expect(receipt.blockNumber).toBe(startBlock + 1n);

      await mine(rpcUrl, 3);
      expect(await clients.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(startBlock + 4n);
    } finally {
      await setAutomine(rpcUrl, true);
    }
  });

  it('interval mining produces blocks on its own, in seconds', async () => {
    const { rpcUrl } = anvil();
    const startBlock = await clients.publicClient.getBlockNumber({ cacheTime: 0 });
    await setIntervalMining(rpcUrl, 1);
    try {
      const started = Date.now();
      let block = startBlock;
      while (block === startBlock && Date.now() - started < 3_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        block = await clients.publicClient.getBlockNumber({ cacheTime: 0 });
      }
      expect(block).toBeGreaterThan(startBlock);
      // Seconds, not milliseconds: a 1 ms interval would have mined hundreds of blocks.
      expect(block - startBlock).toBeLessThan(5n);
    } finally {
      await setIntervalMining(rpcUrl, 0);
      await setAutomine(rpcUrl, true);
    }
  });
});

describe('processes and ports', () => {
  it('a second node gets its own port and options; stopping it frees the port', async () => {
    const second = await startAnvil({
      chainId: 5777,
      accounts: 2,
      balanceEth: 3,
      // BIP-39's all-"abandon" vector; its m/44'/60'/0'/0/0 address is widely published.
      mnemonic:
        'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    });
    let stopped = false;
    try {
      expect(second.port).not.toBe(anvil().port);
      expect(await callJsonRpc(second.rpcUrl, 'eth_chainId')).toBe('0x1691');
      expect(second.accounts).toHaveLength(2);
      expect(second.accounts[0]).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
      expect(
        await callJsonRpc(second.rpcUrl, 'eth_getBalance', [second.accounts[1], 'latest']),
      ).toBe(`0x${parseEther('3').toString(16)}`);
      await second.stop();
      stopped = true;
      await second.stop(); // idempotent
      await expect(
        callJsonRpc(second.rpcUrl, 'eth_chainId', [], { timeoutMs: 1_000 }),
      ).rejects.toThrow();
      await expect(canListen(second.port)).resolves.toBe(true);
    } finally {
      if (!stopped) await second.stop();
    }
  });

  it('fails clearly when the requested port is taken', async () => {
    await expect(startAnvil({ port: anvil().port })).rejects.toThrow(/Address already in use/);
  });

  it('leaves no anvil behind when its parent process is killed hard', async () => {
    const fixture = path.join(__dirname, 'fixtures', 'anvil-in-child.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      cwd: path.resolve(__dirname, '..', '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const line = text.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`fixture exited early (${code})`)));
    });
    expect(await canListen(port)).toBe(false);
    child.kill('SIGKILL');
    // A deadline, not a wait: the watchdog kills anvil at once, but on a loaded machine (load 12
    // on 2 cores) the port was still held after 5 s while anvil's exit was being scheduled.
    const deadline = Date.now() + 30_000;
    while (!(await canListen(port)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await canListen(port)).toBe(true);
  });
});

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      server.close(() => resolve(true)),
    );
  });
}
