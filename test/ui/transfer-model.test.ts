import {
  amountError,
  feeChoices,
  isRecipientAddress,
  parseAmount,
  sendAllAmount,
  unitsToText,
  waitText,
} from '../../src/ui/view-models/transfer';

describe('transfer form rules', () => {
  it('turns whole tokens and fiat into base units, refusing what is not an amount', () => {
    expect(parseAmount('1.5', 18, null)).toEqual({ baseUnits: 1_500_000_000_000_000_000n });
    expect(parseAmount('0.000001', 6, null)).toEqual({ baseUnits: 1n });
    expect(parseAmount('0.0000001', 6, null)).toEqual({ error: 'invalidAmount' });
    expect(parseAmount('abc', 18, null)).toEqual({ error: 'invalidAmount' });
    expect(parseAmount('0', 18, null)).toEqual({ error: 'invalidAmount' });
    expect(parseAmount('-1', 18, null)).toEqual({ error: 'invalidAmount' });
    expect(parseAmount('  ', 18, null)).toEqual({ error: 'required' });
    // 300 USD at 2000 USD/ETH is 0.15 ETH.
    expect(parseAmount('300', 18, 2000)).toEqual({ baseUnits: 150_000_000_000_000_000n });
    expect(parseAmount('300', 18, 0)).toEqual({ error: 'invalidAmount' });
  });

  it('send-all leaves exactly the maximum fee on the native coin, all of a token', () => {
    expect(sendAllAmount(10n ** 18n, 21_000n * 2_000_000_000n, true)).toBe(
      10n ** 18n - 42_000_000_000_000n,
    );
    expect(sendAllAmount(5n, 10n, true)).toBe(0n);
    expect(sendAllAmount(5n, 10n, false)).toBe(5n);
    expect(
      amountError(10n ** 18n - 42_000_000_000_000n, 10n ** 18n, 42_000_000_000_000n, true),
    ).toBeNull();
    expect(amountError(10n ** 18n, 10n ** 18n, 1n, true)).toBe('insufficient');
    expect(amountError(10n ** 18n, 10n ** 18n, 1n, false)).toBeNull();
    expect(unitsToText(1_500_000_000_000_000_000n, 18)).toBe('1.5');
  });

  it('makes overrides from each fee tier, and one from a plain gas price', () => {
    const tiers = feeChoices({
      gasEstimateType: 'fee-market',
      gasFeeEstimates: {
        low: {
          suggestedMaxPriorityFeePerGas: '1',
          suggestedMaxFeePerGas: '20.5',
          minWaitTimeEstimate: 15_000,
          maxWaitTimeEstimate: 30_000,
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
          maxWaitTimeEstimate: 60_000,
        },
        estimatedBaseFee: '19',
      },
    });
    expect(tiers.map((tier) => tier.tier)).toEqual(['low', 'medium', 'high']);
    expect(tiers[0]).toMatchObject({
      maxFeePerGasWei: 20_500_000_000n,
      overrides: { maxFeePerGas: '0x4c5e52d00', maxPriorityFeePerGas: '0x3b9aca00' },
    });
    expect(
      feeChoices({ gasEstimateType: 'eth_gasPrice', gasFeeEstimates: { gasPrice: '2' } }),
    ).toEqual([
      {
        tier: 'medium',
        maxFeePerGasWei: 2_000_000_000n,
        overrides: { gasPrice: '0x77359400' },
        maxWaitMs: null,
      },
    ]);
    expect(feeChoices({ gasEstimateType: 'none', gasFeeEstimates: {} })).toEqual([]);
  });

  it('switches wait text to minutes above 90 s', () => {
    expect(waitText(90_000)).toEqual({ unit: 'sec', count: 90 });
    expect(waitText(91_000)).toEqual({ unit: 'min', count: 2 });
  });

  it('checks the EIP-55 checksum of mixed-case addresses', () => {
    expect(isRecipientAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isRecipientAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isRecipientAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isRecipientAddress('0x123')).toBe(false);
  });
});
