import { createPublicClient, http, stringToHex, type Hex } from 'viem';

import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import {
  hasCode,
  INTERFACE_IDS,
  readBalanceOf,
  readDecimals,
  readErc1155Balance,
  readOwnerOf,
  readSymbol,
  supportsInterface,
  type ContractReader,
} from '../../../src/controllers/assets/contract-reads';
import { chainClients, deployContract } from '../../chain/deploy';
import { loadContractArtifacts } from '../../chain/compile-contracts';
import { useAnvil } from '../../chain/use-anvil';

/** Runtime code that answers every call with the same 32-byte word (PUSH32 w, MSTORE, RETURN). */
const answersAlways = (word: Hex): Hex => `0x7f${word.slice(2)}60005260206000f3`;
/** Runtime code that reverts every call. */
const REVERTS: Hex = '0x60006000fd';

describe('token contract reads on anvil', () => {
  const anvil = useAnvil();
  let reader: ContractReader;
  let erc20: Hex;
  let erc721: Hex;
  let erc1155: Hex;
  const bytes32Symbol: Hex = '0x00000000000000000000000000000000000b0032';
  const reverting: Hex = '0x00000000000000000000000000000000000bad00';

  beforeAll(async () => {
    const { rpcUrl, accounts } = anvil();
    // viem's own transport: an EIP-1193 reader independent of the wallet's network controller.
    reader = createPublicClient({ transport: http(rpcUrl) }) as unknown as ContractReader;
    erc20 = await deployContract(rpcUrl, 'TestERC20', ['Gold', 'GLD', 6, 10n ** 9n]);
    erc721 = await deployContract(rpcUrl, 'TestERC721', ['Cats', 'CAT']);
    erc1155 = await deployContract(rpcUrl, 'TestERC1155', ['https://x.example/{id}.json']);
    const { walletClient, publicClient } = await chainClients(rpcUrl);
    const { TestERC721, TestERC1155 } = await loadContractArtifacts();
    for (const request of [
      { address: erc721, abi: TestERC721.abi, functionName: 'mint', args: [accounts[1], 7n] },
      { address: erc1155, abi: TestERC1155.abi, functionName: 'mint', args: [accounts[1], 3n, 5n] },
    ]) {
      const hash = await walletClient.writeContract(request as never);
      await publicClient.waitForTransactionReceipt({ hash });
    }
    // An early-style token whose symbol() returns bytes32 ("MKR"), and a contract that reverts.
    await callJsonRpc(rpcUrl, 'anvil_setCode', [
      bytes32Symbol,
      answersAlways(stringToHex('MKR', { size: 32 })),
    ]);
    await callJsonRpc(rpcUrl, 'anvil_setCode', [reverting, REVERTS]);
  });

  it('tells contracts from accounts', async () => {
    expect(await hasCode(reader, erc20)).toBe(true);
    expect(await hasCode(reader, anvil().accounts[0]!)).toBe(false);
  });

  it('reads ERC-165 interfaces, false for a revert or a word that is not a boolean', async () => {
    expect(await supportsInterface(reader, erc721, INTERFACE_IDS.erc721)).toBe(true);
    expect(await supportsInterface(reader, erc721, INTERFACE_IDS.erc1155)).toBe(false);
    expect(await supportsInterface(reader, erc1155, INTERFACE_IDS.erc1155)).toBe(true);
    expect(await supportsInterface(reader, erc20, INTERFACE_IDS.erc721)).toBe(false); // no such function
    expect(await supportsInterface(reader, reverting, INTERFACE_IDS.erc721)).toBe(false);
    expect(await supportsInterface(reader, bytes32Symbol, INTERFACE_IDS.erc721)).toBe(false);
  });

  it('reads a symbol as a string or as bytes32, and decimals', async () => {
    expect(await readSymbol(reader, erc20)).toBe('GLD');
    expect(await readSymbol(reader, bytes32Symbol)).toBe('MKR');
    expect(await readSymbol(reader, reverting)).toBeUndefined();
    expect(await readSymbol(reader, anvil().accounts[0]!)).toBeUndefined(); // empty answer
    expect(await readDecimals(reader, erc20)).toBe(6);
    expect(await readDecimals(reader, reverting)).toBeUndefined();
    // The bytes32 word is no uint8: it does not decode to a safe number.
    expect(await readDecimals(reader, bytes32Symbol)).toBeUndefined();
  });

  it('reads balances and owners', async () => {
    const [deployer, holder] = anvil().accounts as [Hex, Hex];
    expect(await readBalanceOf(reader, erc20, deployer)).toBe(10n ** 9n);
    expect(await readBalanceOf(reader, erc721, holder)).toBe(1n);
    expect(await readOwnerOf(reader, erc721, 7n)).toBe(holder);
    expect(await readOwnerOf(reader, erc721, 8n)).toBeUndefined(); // never minted: reverts
    expect(await readErc1155Balance(reader, erc1155, holder, 3n)).toBe(5n);
    expect(await readErc1155Balance(reader, erc1155, holder, 4n)).toBe(0n);
    expect(await readBalanceOf(reader, reverting, holder)).toBeUndefined();
  });
});
