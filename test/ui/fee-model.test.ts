/** The fee editor's model (D8): presets, the spec's validation, and the overrides it produces. */
import {
  checkFees,
  feeOverrides,
  feePresets,
  likelyFeeWei,
  maxFeeWei,
  valuesFromTxParams,
  waitText,
  withPreset,
  type FeeValues,
} from '../../src/ui/features/fees/fee-model';
import { gweiToWeiHex, weiToGwei } from '../../src/ui/format/gas';
import { insufficientFunds } from '../../src/ui/view-models/transaction-approval';

const feeMarket = {
  gasEstimateType: 'fee-market',
  gasFeeEstimates: {
    low: {
      suggestedMaxPriorityFeePerGas: '1',
      suggestedMaxFeePerGas: '20',
      minWaitTimeEstimate: 15_000,
      maxWaitTimeEstimate: 60_000,
    },
    medium: {
      suggestedMaxPriorityFeePerGas: '1.5',
      suggestedMaxFeePerGas: '30',
      minWaitTimeEstimate: 15_000,
      maxWaitTimeEstimate: 45_000,
    },
    high: {
      suggestedMaxPriorityFeePerGas: '2',
      suggestedMaxFeePerGas: '40',
      minWaitTimeEstimate: 15_000,
      maxWaitTimeEstimate: 30_000,
    },
    estimatedBaseFee: '10',
  },
} as never;
const legacy = {
  gasEstimateType: 'legacy',
  gasFeeEstimates: { low: '5', medium: '10', high: '15' },
} as never;

const values = (change: Partial<FeeValues> = {}): FeeValues => ({
  mode: 'fee-market',
  speed: 'custom',
  gasLimit: '21000',
  maxPriorityFee: '1.5',
  maxFee: '30',
  gasPrice: '30',
  nonce: '',
  ...change,
});

describe('gwei conversions', () => {
  it('turns gwei into hex wei and back, exactly', () => {
    expect(gweiToWeiHex('1.5')).toBe('0x59682f00');
    expect(weiToGwei('0x59682f00')).toBe('1.5');
    expect(gweiToWeiHex('abc')).toBeNull();
    expect(gweiToWeiHex('-1')).toBeNull();
  });
});

describe('presets', () => {
  it('reads fee-market tiers with their waits and legacy prices', () => {
    const presets = feePresets(feeMarket, 'fee-market');
    expect(presets.map((preset) => [preset.speed, preset.maxPriorityFee, preset.maxFee])).toEqual([
      ['low', '1', '20'],
      ['medium', '1.5', '30'],
      ['high', '2', '40'],
    ]);
    expect(feePresets(legacy, 'legacy').map((preset) => preset.gasPrice)).toEqual([
      '5',
      '10',
      '15',
    ]);
    expect(feePresets({ gasEstimateType: 'none', gasFeeEstimates: {} } as never, 'legacy')).toEqual(
      [],
    );
  });
  it('starts from the transaction params and names the matching preset', () => {
    const presets = feePresets(feeMarket, 'fee-market');
    const start = valuesFromTxParams(
      { gas: '0x5208', maxFeePerGas: '0x6fc23ac00', maxPriorityFeePerGas: '0x59682f00' },
      'fee-market',
      presets,
    );
    expect(start).toMatchObject({ gasLimit: '21000', maxFee: '30', maxPriorityFee: '1.5' });
    expect(start.speed).toBe('medium');
    expect(withPreset(start, presets[2]!)).toMatchObject({ speed: 'high', maxFee: '40' });
  });
  it('says seconds up to 90 s and minutes above', () => {
    expect(waitText(15_000, 30_000)).toEqual({ value: '15–30', unit: 'sec' });
    expect(waitText(60_000, 180_000)).toEqual({ value: '1–3', unit: 'min' });
  });
});

describe('checkFees', () => {
  const presets = feePresets(feeMarket, 'fee-market');
  it('gives the spec’s errors for a zero priority fee and a max fee below it', () => {
    expect(checkFees(values({ maxPriorityFee: '0' }), presets).errors).toEqual({
      maxPriorityFee: 'fees.errors.priorityFeeZero',
    });
    expect(checkFees(values({ maxPriorityFee: '5', maxFee: '4' }), presets).errors).toEqual({
      maxFee: 'fees.errors.maxFeeBelowPriority',
    });
  });
  it('checks gas limit and nonce', () => {
    expect(checkFees(values({ gasLimit: '20999' }), presets).errors).toEqual({
      gasLimit: 'fees.errors.gasLimitLow',
    });
    expect(checkFees(values({ gasLimit: '2.5e4' }), presets).errors.gasLimit).toBe(
      'fees.errors.gasLimitNumber',
    );
    expect(checkFees(values({ nonce: '-1' }), presets).errors.nonce).toBe('fees.errors.nonce');
    expect(checkFees(values({ nonce: '7' }), presets).errors).toEqual({});
  });
  it('warns, without blocking, about fees too low or far too high, and a low gas price', () => {
    const low = checkFees(values({ maxPriorityFee: '0.5', maxFee: '10' }), presets);
    expect(low.errors).toEqual({});
    expect(low.warnings).toEqual(['fees.warnings.priorityFeeLow', 'fees.warnings.maxFeeLow']);
    expect(checkFees(values({ maxPriorityFee: '5', maxFee: '100' }), presets).warnings).toEqual([
      'fees.warnings.priorityFeeHigh',
      'fees.warnings.maxFeeHigh',
    ]);
    const legacyPresets = feePresets(legacy, 'legacy');
    expect(checkFees(values({ mode: 'legacy', gasPrice: '9' }), legacyPresets).warnings).toEqual([
      'fees.warnings.gasPriceBelowAverage',
    ]);
    expect(checkFees(values({ mode: 'legacy', gasPrice: '0' }), legacyPresets).errors).toEqual({
      gasPrice: 'fees.errors.gasPriceZero',
    });
  });
});

describe('overrides and totals', () => {
  it('gives hex overrides for valid values and none for invalid ones', () => {
    expect(feeOverrides(values({ nonce: '3' }))).toEqual({
      gas: '0x5208',
      type: '0x2',
      maxFeePerGas: '0x6fc23ac00',
      maxPriorityFeePerGas: '0x59682f00',
      customNonceValue: '0x3',
    });
    expect(feeOverrides(values({ mode: 'legacy', gasPrice: '10' }))).toEqual({
      gas: '0x5208',
      type: '0x0',
      gasPrice: '0x2540be400',
    });
    expect(feeOverrides(values({ maxPriorityFee: '0' }))).toBeNull();
  });
  it('computes the max and the likely fee, and insufficient funds against the max', () => {
    expect(maxFeeWei(values())?.toFixed()).toBe('630000000000000'); // 21000 × 30 gwei
    // base 10 + tip 1.5 = 11.5 gwei < max 30
    expect(likelyFeeWei(values(), '10')?.toFixed()).toBe('241500000000000');
    const max = maxFeeWei(values())!;
    const oneEth = '0xde0b6b3a7640000';
    expect(insufficientFunds(oneEth, oneEth, max)).toBe(true);
    expect(insufficientFunds('0x1bc16d674ec80000', oneEth, max)).toBe(false);
    expect(insufficientFunds(undefined, oneEth, max)).toBe(false);
  });
});
