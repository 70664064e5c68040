import { valuesFromTxParams } from '../../src/ui/features/fees/fee-model';
import { belowMinimum, speedUpMinimum } from '../../src/ui/pages/activity/speed-up-fees';

describe('speed-up fees', () => {
  it('start at 11/10 of the pending transaction’s own fees, per fee field', () => {
    expect(
      speedUpMinimum({
        gas: '0x5208',
        maxFeePerGas: '0x77359400',
        maxPriorityFeePerGas: '0x3b9aca00',
      }),
    ).toEqual({
      mode: 'fee-market',
      // 2 gwei → 2.2 gwei, 1 gwei → 1.1 gwei
      params: { gas: '0x5208', maxFeePerGas: '0x83215600', maxPriorityFeePerGas: '0x4190ab00' },
    });
    expect(speedUpMinimum({ gas: '0x5208', gasPrice: '0x3b9aca00' })).toEqual({
      mode: 'legacy',
      params: { gas: '0x5208', gasPrice: '0x4190ab00' },
    });
  });

  it('refuses edited fees below the minimum and accepts the minimum or more', () => {
    const { mode, params } = speedUpMinimum({
      gas: '0x5208',
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0x3b9aca00',
    });
    const start = valuesFromTxParams(params, mode, []);
    expect(start).toMatchObject({ maxFee: '2.2', maxPriorityFee: '1.1', gasLimit: '21000' });
    expect(belowMinimum(start, params)).toBe(false);
    expect(belowMinimum({ ...start, maxFee: '5' }, params)).toBe(false);
    expect(belowMinimum({ ...start, maxFee: '2.1' }, params)).toBe(true);
    expect(belowMinimum({ ...start, maxPriorityFee: '1' }, params)).toBe(true);
    expect(belowMinimum({ ...start, maxFee: 'abc' }, params)).toBe(true);

    const legacy = speedUpMinimum({ gas: '0x5208', gasPrice: '0x3b9aca00' });
    const values = valuesFromTxParams(legacy.params, legacy.mode, []);
    expect(belowMinimum(values, legacy.params)).toBe(false);
    expect(belowMinimum({ ...values, gasPrice: '1.05' }, legacy.params)).toBe(true);
  });
});
