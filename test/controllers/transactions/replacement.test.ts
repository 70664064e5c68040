import { buildReplacementParams } from '../../../src/controllers/transactions/replacement';
import type { TransactionMeta } from '../../../src/controllers/transactions/types';

const from = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const to = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

function submitted(txParams: Partial<TransactionMeta['txParams']>, id = 'a'): TransactionMeta {
  return {
    id,
    time: 1,
    status: 'submitted',
    chainId: '0x7a69',
    loadingDefaults: false,
    origin: 'https://dapp.example',
    history: [],
    txParams: {
      from,
      to,
      value: '0x5',
      data: '0xa9059cbb',
      gas: '0x9000',
      nonce: '0x4',
      ...txParams,
    },
  };
}

describe('replacement params', () => {
  it('raises a legacy gas price by 11/10 (rounded up) and keeps the call for a speed-up', () => {
    const original = submitted({ gasPrice: '0x3b9aca07', type: '0x0' }); // 1,000,000,007 wei
    const { txParams, previousGasParams } = buildReplacementParams(original, [original], 'speedUp');
    expect(txParams).toMatchObject({
      from,
      to,
      value: '0x5',
      data: '0xa9059cbb',
      gas: '0x9000',
      nonce: '0x4',
      type: '0x0',
    });
    expect(BigInt(txParams.gasPrice!)).toBe(1_100_000_008n);
    expect(previousGasParams).toEqual({ gas: '0x9000', gasPrice: '0x3b9aca07' });
  });

  it('cancels with a zero-value self-transaction, 21000 gas, the same nonce and no calldata', () => {
    const original = submitted({ maxFeePerGas: '0x64', maxPriorityFeePerGas: '0xa', type: '0x2' });
    const { txParams } = buildReplacementParams(original, [original], 'cancel');
    expect(txParams).toEqual({
      from,
      to: from,
      value: '0x0',
      gas: '0x5208',
      nonce: '0x4',
      chainId: '0x7a69',
      maxFeePerGas: '0x6e',
      maxPriorityFeePerGas: '0xb',
      type: '0x2',
    });
  });

  it('outbids the highest fee already sent for the nonce, and takes overrides', () => {
    const original = submitted({ maxFeePerGas: '0x64', maxPriorityFeePerGas: '0xa', type: '0x2' });
    const first = submitted(
      { maxFeePerGas: '0x6e', maxPriorityFeePerGas: '0xb', type: '0x2' },
      'b',
    );
    expect(buildReplacementParams(original, [original, first], 'retry').txParams).toMatchObject({
      maxFeePerGas: '0x79',
      maxPriorityFeePerGas: '0xd',
    });
    const withGasPrice = buildReplacementParams(original, [original], 'speedUp', {
      gasPrice: '0x1000',
    }).txParams;
    expect(withGasPrice).toMatchObject({ gasPrice: '0x1000', type: '0x0' });
    expect(withGasPrice.maxFeePerGas).toBeUndefined();
    expect(() => buildReplacementParams(original, [original], 'speedUp', { gas: 'x' })).toThrow(
      'gas is not a hex string',
    );
  });
});
