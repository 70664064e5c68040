import { createHttpProvider } from '../../../src/controllers/network/rpc-provider';
import {
  GAS_ESTIMATION_FAILED_PREFIX,
  NO_CONTRACT_ERROR_KEY,
} from '../../../src/controllers/transactions/constants';
import { suggestGasFees } from '../../../src/controllers/transactions/gas-fees';
import { addGasBuffer } from '../../../src/controllers/transactions/gas-limit';
import { decodeMethod } from '../../../src/controllers/transactions/transaction-category';
import { deployContract } from '../../chain/deploy';
import { useAnvil } from '../../chain/use-anvil';
import { createHarness, rpc, type Harness } from './harness';

const anvil = useAnvil();
const ORIGIN = 'https://dapp.example';
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');

describe('defaults: category, gas limit and fees', () => {
  let h: Harness;
  let from: string;
  let other: string;
  let token: string;
  let nft: string;
  beforeAll(async () => {
    token = (
      await deployContract(
        anvil().rpcUrl,
        'TestERC20',
        ['Test', 'TST', 18, 10n ** 24n],
        anvil().privateKeys[0],
      )
    ).toLowerCase();
    nft = (
      await deployContract(anvil().rpcUrl, 'TestERC721', ['Nft', 'NFT'], anvil().privateKeys[0])
    ).toLowerCase();
  });
  beforeEach(async () => {
    h = await createHarness(anvil());
    from = anvil().accounts[0]!.toLowerCase();
    other = anvil().accounts[1]!.toLowerCase();
  });
  afterEach(() => h.destroy());

  const add = async (params: Record<string, unknown>) =>
    (await h.controller.addUnapprovedTransaction({ from, ...params }, { origin: ORIGIN }))
      .transactionMeta;

  it('decodes categories from calldata: sentEther, transfer, approve, transferFrom, safeTransferFrom, contractInteraction, contractDeployment', async () => {
    const transfer = `0xa9059cbb${word(other)}${word('0x3e8')}`;
    const approve = `0x095ea7b3${word(other)}${word('0x1')}`;
    const transferFrom = `0x23b872dd${word(from)}${word(other)}${word('0x1')}`;
    const safeTransferFrom = `0x42842e0e${word(from)}${word(other)}${word('0x7')}`;
    expect((await add({ to: other, value: '0x1' })).transactionCategory).toBe('sentEther');
    const sent = await add({ to: token, data: transfer });
    expect(sent.transactionCategory).toBe('transfer');
    expect(sent.methodParams).toEqual([
      { name: '_to', type: 'address', value: other },
      { name: '_value', type: 'uint256', value: '0x3e8' },
    ]);
    expect(sent.contractParams).toEqual({ address: token, isContract: true });
    expect((await add({ to: token, data: approve })).transactionCategory).toBe('approve');
    expect((await add({ to: token, data: transferFrom })).transactionCategory).toBe('transferFrom');
    expect((await add({ to: nft, data: safeTransferFrom })).transactionCategory).toBe(
      'safeTransferFrom',
    );
    expect((await add({ to: token, data: '0x18160ddd' })).transactionCategory).toBe(
      'contractInteraction',
    );
    expect((await add({ to: '0x', data: '0x6080604052' })).transactionCategory).toBe(
      'contractDeployment',
    );
    // ERC-1155 safeTransferFrom and the bytes variant of ERC-721 decode too, bytes and all.
    const erc1155 = `0xf242432a${word(from)}${word(other)}${word('0x1')}${word('0x2')}${word('0xa0')}${word('0x2')}${'beef'.padEnd(64, '0')}`;
    expect(decodeMethod(erc1155)).toEqual({
      name: 'safeTransferFrom',
      params: [
        { name: '_from', type: 'address', value: from },
        { name: '_to', type: 'address', value: other },
        { name: '_id', type: 'uint256', value: '0x1' },
        { name: '_value', type: 'uint256', value: '0x2' },
        { name: '_data', type: 'bytes', value: '0xbeef' },
      ],
    });
    const erc721 = `0xb88d4fde${word(from)}${word(other)}${word('0x1')}${word('0x80')}${word('0x0')}`;
    expect(decodeMethod(erc721)?.name).toBe('safeTransferFrom');
    // A known selector with calldata that does not decode as its method is no call of it.
    expect(decodeMethod(erc1155.slice(0, 10 + 64 * 5))).toBeNull();
    expect(decodeMethod(`0xa9059cbb${word(other)}`)).toBeNull();
  });

  it('uses 21000 for a simple transfer and estimate × 1.5 for a contract call', async () => {
    expect((await add({ to: other, value: '0x1' })).txParams.gas).toBe('0x5208');
    const data = `0xa9059cbb${word(other)}${word('0x3e8')}`;
    const estimate = BigInt(
      await rpc<string>(anvil(), 'eth_estimateGas', [{ from, to: token, data }]),
    );
    const tx = await add({ to: token, data });
    expect(BigInt(tx.txParams.gas!)).toBe((estimate * 15n) / 10n);
    expect(tx.simulationFails).toBeUndefined();
  });

  it('caps the buffer at 90% of the block gas limit and keeps 1.5 for chains 0xa and 0x45', () => {
    const blockGasLimit = '0x1c9c380'; // 30,000,000
    expect(addGasBuffer('0x186a0', blockGasLimit, '0x1')).toBe('0x249f0'); // 100000 → 150000
    expect(addGasBuffer('0x1c9c380', blockGasLimit, '0x1')).toBe('0x1c9c380'); // above the cap: kept
    expect(addGasBuffer(`0x${(20_000_000).toString(16)}`, blockGasLimit, '0x1')).toBe(
      `0x${(27_000_000).toString(16)}`,
    );
    expect(addGasBuffer('0x186a0', blockGasLimit, '0xa')).toBe('0x249f0');
    expect(addGasBuffer('0x186a0', blockGasLimit, '0x45')).toBe('0x249f0');
  });

  it("flags data sent to a non-contract with 'transactionErrorNoContract' and falls back", async () => {
    const block = await rpc<{ gasLimit: string }>(anvil(), 'eth_getBlockByNumber', [
      'latest',
      false,
    ]);
    const tx = await add({ to: other, data: '0xa9059cbb' });
    expect(tx.simulationFails).toMatchObject({
      reason: NO_CONTRACT_ERROR_KEY,
      errorKey: NO_CONTRACT_ERROR_KEY,
    });
    expect(BigInt(tx.txParams.gas!)).toBe((BigInt(block.gasLimit) * 95n) / 100n);
  });

  it('flags a failing estimate (a reverting call) with simulationFails and uses the fallback gas limit', async () => {
    const block = await rpc<{ gasLimit: string }>(anvil(), 'eth_getBlockByNumber', [
      'latest',
      false,
    ]);
    // transferFrom without an allowance reverts.
    const data = `0x23b872dd${word(other)}${word(from)}${word('0x1')}`;
    const tx = await add({ to: token, data });
    expect(tx.simulationFails?.reason).toMatch(/revert/i);
    expect(tx.simulationFails?.debug.blockGasLimit).toBe(block.gasLimit);
    expect(BigInt(tx.txParams.gas!)).toBe((BigInt(block.gasLimit) * 95n) / 100n);
  });

  it("keeps a dapp's gas and fees and records them as suggested; a gasPrice on a fee-market chain signs a legacy transaction", async () => {
    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      { from, to: other, value: '0x1', gas: '0x6000', gasPrice: '0x77359400' },
      { origin: ORIGIN },
    );
    expect(transactionMeta.dappSuggestedGasFees).toEqual({ gas: '0x6000', gasPrice: '0x77359400' });
    expect(transactionMeta.txParams).toMatchObject({
      gas: '0x6000',
      gasPrice: '0x77359400',
      type: '0x0',
    });
    expect(transactionMeta.txParams.maxFeePerGas).toBeUndefined();
    await h.controller.approveTransaction(transactionMeta.id);
    const hash = await result;
    const onChain = await rpc<{ type: string; gas: string; gasPrice: string }>(
      anvil(),
      'eth_getTransactionByHash',
      [hash],
    );
    expect(onChain).toMatchObject({ type: '0x0', gas: '0x6000', gasPrice: '0x77359400' });
  });

  it('sends an EIP-2930 transaction with its access list', async () => {
    const accessList = [{ address: token, storageKeys: [`0x${'00'.repeat(32)}`] }];
    const { transactionMeta, result } = await h.controller.addUnapprovedTransaction(
      {
        from,
        to: other,
        value: '0x1',
        type: '0x1',
        gasPrice: '0x77359400',
        gas: '0x7530',
        accessList,
      },
      { origin: ORIGIN },
    );
    expect(transactionMeta.txParams).toMatchObject({ type: '0x1', accessList });
    await h.controller.approveTransaction(transactionMeta.id);
    const hash = await result;
    const onChain = await rpc<{ type: string; accessList: unknown }>(
      anvil(),
      'eth_getTransactionByHash',
      [hash],
    );
    expect(onChain).toMatchObject({ type: '0x1', accessList });
  });

  it('lets the user change gas and fees before approval', async () => {
    const tx = await add({ to: other, value: '0x1' });
    const updated = await h.controller.updateTransactionGas(tx.id, {
      maxFeePerGas: '0x9502f9000',
      maxPriorityFeePerGas: '0x3b9aca00',
      gas: '0x5300',
    });
    expect(updated.txParams).toMatchObject({
      maxFeePerGas: '0x9502f9000',
      maxPriorityFeePerGas: '0x3b9aca00',
      gas: '0x5300',
      type: '0x2',
    });
    await expect(h.controller.updateTransactionGas(tx.id, { gas: 'zz' })).rejects.toThrow(
      'gas is not a hex string',
    );
    expect(h.controller.getTransaction(tx.id)!.txParams.gas).toBe('0x5300');
  });

  it('takes fees from the gas controller when wired, else from the node', async () => {
    const harness = await createHarness(anvil(), { withGasFeeController: true });
    try {
      const suggested = await harness.root.call('GasFeeController:getSuggestedGasFees', true);
      expect(suggested.maxFeePerGas).toMatch(/^0x[0-9a-f]+$/);
      const { transactionMeta } = await harness.controller.addUnapprovedTransaction(
        { from, to: other, value: '0x1' },
        { origin: ORIGIN },
      );
      expect(transactionMeta.txParams).toMatchObject({
        maxFeePerGas: suggested.maxFeePerGas,
        maxPriorityFeePerGas: suggested.maxPriorityFeePerGas,
      });
    } finally {
      await harness.destroy();
    }
    const provider = createHttpProvider(anvil().rpcUrl);
    const block = await rpc<{ baseFeePerGas: string }>(anvil(), 'eth_getBlockByNumber', [
      'latest',
      false,
    ]);
    const fromNode = await suggestGasFees(provider, true, async () => {
      throw new Error('gas API down');
    });
    expect(BigInt(fromNode.maxFeePerGas!)).toBeGreaterThanOrEqual(BigInt(block.baseFeePerGas) * 2n);
    expect((await suggestGasFees(provider, false)).gasPrice).toMatch(/^0x[0-9a-f]+$/);
  });

  it("fails with 'Gas fee/price estimation failed. Message: ...' when no source answers", async () => {
    const dead = createHttpProvider('http://127.0.0.1:1');
    await expect(suggestGasFees(dead, false)).rejects.toThrow(
      new RegExp(`^${GAS_ESTIMATION_FAILED_PREFIX.replace(/[/.]/g, '\\$&')}`),
    );
    await expect(suggestGasFees(dead, true)).rejects.toThrow(GAS_ESTIMATION_FAILED_PREFIX);
  });
});
