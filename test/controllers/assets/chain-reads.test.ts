import type { Address, Hex } from 'viem';

import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import {
  ChainBatching,
  createBatchReader,
  findMulticall,
  readTokenBalances,
} from '../../../src/controllers/assets/batch-reads';
import {
  balanceOfRead,
  decimalsRead,
  ownerOfRead,
  symbolRead,
  type ContractReader,
} from '../../../src/controllers/assets/contract-reads';
import {
  readTransfers,
  readTransfersAdaptive,
} from '../../../src/controllers/assets/transfer-logs';
import { loadContractArtifacts } from '../../chain/compile-contracts';
import { chainClients, deployContract } from '../../chain/deploy';
import { placeMulticall3 } from '../../../scripts/lib/multicall3';
import { useAnvil } from '../../chain/use-anvil';

/** A reader straight to the node that records each method it is asked for. */
function countingReader(rpcUrl: string, refuseSpanOver = Infinity) {
  const methods: string[] = [];
  const reader: ContractReader = {
    async request<T>({ method, params }: { method: string; params?: unknown }): Promise<T> {
      methods.push(method);
      if (method === 'eth_getLogs') {
        const [{ fromBlock, toBlock }] = params as [{ fromBlock: string; toBlock: string }];
        if (Number(toBlock) - Number(fromBlock) + 1 > refuseSpanOver) {
          throw new Error('query exceeds max block range');
        }
      }
      return callJsonRpc<T>(rpcUrl, method, params as unknown[]);
    },
  };
  return { reader, methods, count: (m: string) => methods.filter((x) => x === m).length };
}

describe('batched contract reads and transfer logs on anvil', () => {
  const anvil = useAnvil();
  let tokens: Address[];
  let erc721: Address;
  let erc1155: Address;
  let holder: Address;
  let other: Address;

  beforeAll(async () => {
    const { rpcUrl, accounts } = anvil();
    holder = accounts[1]! as Address;
    other = accounts[2]! as Address;
    tokens = [];
    for (let i = 0; i < 6; i += 1) {
      tokens.push(
        await deployContract(rpcUrl, 'TestERC20', [`Token ${i}`, `T${i}`, 6 + i, 10n ** 20n]),
      );
    }
    erc721 = await deployContract(rpcUrl, 'TestERC721', ['Cats', 'CAT']);
    erc1155 = await deployContract(rpcUrl, 'TestERC1155', ['https://x.example/{id}.json']);
    const { TestERC20, TestERC721, TestERC1155 } = await loadContractArtifacts();
    const { walletClient, publicClient } = await chainClients(rpcUrl);
    const send = async (request: object) =>
      publicClient.waitForTransactionReceipt({
        hash: await walletClient.writeContract(request as never),
      });
    // The holder gets i * 1000 units of token i (token 0: none), an ERC-721 and ERC-1155s.
    for (let i = 1; i < tokens.length; i += 1) {
      await send({
        address: tokens[i],
        abi: TestERC20.abi,
        functionName: 'transfer',
        args: [holder, BigInt(i * 1000)],
      });
    }
    await send({ address: erc721, abi: TestERC721.abi, functionName: 'mint', args: [holder, 5n] });
    await send({
      address: erc1155,
      abi: TestERC1155.abi,
      functionName: 'mint',
      args: [holder, 9n, 3n],
    });
    // The holder sends some of token 2 away, and one ERC-1155 batch arrives with two ids.
    const holderClients = await chainClients(rpcUrl, anvil().privateKeys[1]!);
    await holderClients.publicClient.waitForTransactionReceipt({
      hash: await holderClients.walletClient.writeContract({
        address: tokens[2]!,
        abi: TestERC20.abi,
        functionName: 'transfer',
        args: [other, 1n],
      } as never),
    });
    await send({
      address: erc1155,
      abi: TestERC1155.abi,
      functionName: 'mint',
      args: [other, 11n, 4n],
    });
    const otherClients = await chainClients(rpcUrl, anvil().privateKeys[2]!);
    await otherClients.publicClient.waitForTransactionReceipt({
      hash: await otherClients.walletClient.writeContract({
        address: erc1155,
        abi: TestERC1155.abi,
        functionName: 'safeBatchTransferFrom',
        args: [other, holder, [11n], [2n], '0x'],
      } as never),
    });
  });

  it('reads the same answers through Multicall3 in one call as call by call', async () => {
    const { rpcUrl } = anvil();
    const single = countingReader(rpcUrl);
    expect(await findMulticall(single.reader)).toBeNull(); // not placed yet
    await placeMulticall3(rpcUrl);
    const batched = countingReader(rpcUrl);
    const multicall = await findMulticall(batched.reader);
    expect(multicall).toBe('0xca11bde05977b3631167028862be2a173976ca11');
    const reads = [
      ...tokens.flatMap((t) => [symbolRead(t), decimalsRead(t), balanceOfRead(t, holder)]),
      ownerOfRead(erc721, 5n),
      ownerOfRead(erc721, 6n), // never minted: reverts inside the batch, alone
    ];
    batched.methods.length = 0;
    const viaMulticall = await createBatchReader(batched.reader, multicall).run<unknown>(reads);
    expect(batched.methods).toEqual(['eth_call']);
    const oneByOne = await createBatchReader(single.reader, null).run<unknown>(reads);
    expect(single.count('eth_call')).toBe(reads.length);
    expect(viaMulticall).toEqual(oneByOne);
    expect(viaMulticall.slice(0, 3)).toEqual(['T0', 6, 0n]);
    expect(viaMulticall.slice(6, 9)).toEqual(['T2', 8, 1999n]);
    expect(viaMulticall.at(-2)).toBe(holder);
    expect(viaMulticall.at(-1)).toBeUndefined();
    // Chunks: 20 reads at 7 per chunk are three calls.
    batched.methods.length = 0;
    await createBatchReader(batched.reader, multicall, 7).run<unknown>(reads.slice(0, 20));
    expect(batched.count('eth_call')).toBe(3);
  });

  it('reads balances through a balance checker where there is no Multicall3, else one by one', async () => {
    const { rpcUrl } = anvil();
    const checker = await deployContract(rpcUrl, 'BalanceChecker');
    const counting = countingReader(rpcUrl);
    const individual = createBatchReader(counting.reader, null);
    const viaChecker = await readTokenBalances(
      counting.reader,
      individual,
      checker,
      holder,
      tokens,
      (t) => balanceOfRead(t, holder),
    );
    expect(counting.methods).toEqual(['eth_call']);
    expect(viaChecker).toEqual([0n, 1000n, 1999n, 3000n, 4000n, 5000n]);
    counting.methods.length = 0;
    const oneByOne = await readTokenBalances(
      counting.reader,
      individual,
      null,
      holder,
      tokens,
      (t) => balanceOfRead(t, holder),
    );
    expect(oneByOne).toEqual(viaChecker);
    expect(counting.count('eth_call')).toBe(tokens.length);
  });

  it('finds each chain’s way once: configured, else the canonical Multicall3 if present', async () => {
    const { rpcUrl } = anvil();
    const counting = countingReader(rpcUrl);
    const batching = new ChainBatching({ multicall: { '0x1': null } });
    expect((await batching.readerFor('0x1', counting.reader)).batch.mode).toBe('individual');
    expect(counting.methods).toEqual([]);
    expect((await batching.readerFor('0x7a69', counting.reader)).batch.mode).toBe('multicall3');
    await batching.readerFor('0x7a69', counting.reader);
    expect(counting.count('eth_getCode')).toBe(1);
  });

  it('reads ERC-20, ERC-721 and ERC-1155 transfers to and from the account', async () => {
    const { rpcUrl } = anvil();
    const counting = countingReader(rpcUrl);
    const head = Number(await callJsonRpc<Hex>(rpcUrl, 'eth_blockNumber'));
    const findings = await readTransfers(counting.reader, holder, 0, head);
    expect(counting.count('eth_getLogs')).toBe(3);
    const summary = new Set(
      findings.map((f) =>
        [f.standard, f.contract, f.direction, 'tokenId' in f ? f.tokenId : f.value].join(' '),
      ),
    );
    const lower = (a: string) => a.toLowerCase();
    expect(summary).toEqual(
      new Set([
        ...tokens.slice(1).map((t, i) => `ERC20 ${lower(t)} in ${(i + 1) * 1000}`),
        `ERC20 ${lower(tokens[2]!)} out 1`,
        `ERC721 ${lower(erc721)} in 5`,
        `ERC1155 ${lower(erc1155)} in 9`,
        `ERC1155 ${lower(erc1155)} in 11`,
      ]),
    );
  });

  it('halves a block range while the node refuses it, and says which span worked', async () => {
    const { rpcUrl } = anvil();
    const head = Number(await callJsonRpc<Hex>(rpcUrl, 'eth_blockNumber'));
    const whole = await readTransfers(countingReader(rpcUrl).reader, holder, 0, head);
    const limited = countingReader(rpcUrl, 4);
    const { findings, span } = await readTransfersAdaptive(limited.reader, holder, 0, head);
    expect(span).toBeLessThanOrEqual(4);
    expect(new Set(findings.map((f) => JSON.stringify(f, (_k, v: unknown) => String(v))))).toEqual(
      new Set(whole.map((f) => JSON.stringify(f, (_k, v: unknown) => String(v)))),
    );
  });
});
