import {
  estimateFromFeeHistory,
  FALLBACK_WAIT_TIMES,
  type FeeHistory,
} from '../../../src/controllers/gas/fee-history-estimator';
import {
  gasApiUrl,
  parseFeeMarketResponse,
  parseLegacyResponse,
} from '../../../src/controllers/gas/gas-api';
import { suggestedFeesFrom } from '../../../src/controllers/gas/GasFeeController';
import {
  gweiStringToWei,
  gweiStringToWeiHex,
  weiToGweiString,
} from '../../../src/controllers/gas/units';
import {
  createUserIdleTracker,
  USER_IDLE_TIMEOUT_MS,
} from '../../../src/controllers/gas/user-idle';
import { FEE_MARKET_SAMPLE } from './gas-api-server';

const gwei = (n: number) => `0x${(BigInt(Math.round(n * 1e9)) * 1n).toString(16)}`;

describe('fee history estimate', () => {
  it('derives low/medium/high from the 10th/50th/95th percentile tips and the next base fee', () => {
    const history: FeeHistory = {
      oldestBlock: '0x10',
      baseFeePerGas: [gwei(9), gwei(9.5), gwei(9.8), gwei(10)],
      gasUsedRatio: [0.5, 0, 0.9],
      reward: [
        [gwei(1), gwei(2), gwei(3)],
        [gwei(0), gwei(0), gwei(0)], // an empty block: ignored
        [gwei(3), gwei(4), gwei(5)],
      ],
    };
    expect(estimateFromFeeHistory(history)).toEqual({
      // Median tips 2/3/4 gwei, discounted to 94/97/98 %; max fee = next base fee × 110/120/125 % + tip.
      low: {
        suggestedMaxPriorityFeePerGas: '1.88',
        suggestedMaxFeePerGas: '12.88',
        ...FALLBACK_WAIT_TIMES.low,
      },
      medium: {
        suggestedMaxPriorityFeePerGas: '2.91',
        suggestedMaxFeePerGas: '14.91',
        ...FALLBACK_WAIT_TIMES.medium,
      },
      high: {
        suggestedMaxPriorityFeePerGas: '3.92',
        suggestedMaxFeePerGas: '16.42',
        ...FALLBACK_WAIT_TIMES.high,
      },
      estimatedBaseFee: '10',
    });
  });

  it('uses the spec fallback waits: low 15–60 s, medium 15–45 s, high 15–30 s', () => {
    expect(FALLBACK_WAIT_TIMES).toEqual({
      low: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 60_000 },
      medium: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 45_000 },
      high: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 30_000 },
    });
  });

  it('falls back to floor tips when recent blocks were empty', () => {
    const estimate = estimateFromFeeHistory({
      oldestBlock: '0x0',
      baseFeePerGas: [gwei(1), gwei(0.875)],
      gasUsedRatio: [0],
      reward: [['0x0', '0x0', '0x0']],
    });
    expect(estimate.low.suggestedMaxPriorityFeePerGas).toBe('1');
    expect(estimate.medium.suggestedMaxPriorityFeePerGas).toBe('1.5');
    expect(estimate.high.suggestedMaxPriorityFeePerGas).toBe('2');
    expect(estimate.medium.suggestedMaxFeePerGas).toBe('2.55'); // 0.875 × 1.2 + 1.5
    expect(estimate.estimatedBaseFee).toBe('0.875');
  });

  it('refuses a history without base fees', () => {
    expect(() =>
      estimateFromFeeHistory({ oldestBlock: '0x0', baseFeePerGas: [], gasUsedRatio: [] }),
    ).toThrow('Fee history has no base fee.');
  });
});

describe('gas API shapes', () => {
  it('substitutes the decimal chain id into the URL', () => {
    expect(gasApiUrl('http://gas.test/networks/<chain_id>/suggestedGasFees', '0x89')).toBe(
      'http://gas.test/networks/137/suggestedGasFees',
    );
    expect(gasApiUrl('http://gas.test/<chain_id>/<chain_id>', 56)).toBe('http://gas.test/56/56');
  });

  it("reads MetaMask's suggestedGasFees shape and drops the fields the wallet does not use", () => {
    const parsed = parseFeeMarketResponse(FEE_MARKET_SAMPLE);
    expect(parsed).toEqual({
      low: FEE_MARKET_SAMPLE.low,
      medium: FEE_MARKET_SAMPLE.medium,
      high: FEE_MARKET_SAMPLE.high,
      estimatedBaseFee: FEE_MARKET_SAMPLE.estimatedBaseFee,
    });
  });

  it('refuses malformed fee-market answers', () => {
    expect(() => parseFeeMarketResponse(null)).toThrow('not an object');
    expect(() => parseFeeMarketResponse({ ...FEE_MARKET_SAMPLE, estimatedBaseFee: 12 })).toThrow(
      'estimatedBaseFee',
    );
    expect(() => parseFeeMarketResponse({ ...FEE_MARKET_SAMPLE, high: undefined })).toThrow(
      'missing the high tier',
    );
    expect(() =>
      parseFeeMarketResponse({
        ...FEE_MARKET_SAMPLE,
        low: { ...FEE_MARKET_SAMPLE.low, suggestedMaxFeePerGas: '-1' },
      }),
    ).toThrow('the low tier has no valid fees');
    expect(() =>
      parseFeeMarketResponse({
        ...FEE_MARKET_SAMPLE,
        medium: { ...FEE_MARKET_SAMPLE.medium, minWaitTimeEstimate: '1' },
      }),
    ).toThrow('the medium tier has no valid wait times');
  });

  it('reads legacy prices flat or inside an Etherscan-style result', () => {
    const prices = { SafeGasPrice: '12', ProposeGasPrice: '14.5', FastGasPrice: '18' };
    const expected = { low: '12', medium: '14.5', high: '18' };
    expect(parseLegacyResponse(prices)).toEqual(expected);
    expect(
      parseLegacyResponse({ status: '1', message: 'OK', result: { LastBlock: '1', ...prices } }),
    ).toEqual(expected);
    expect(() => parseLegacyResponse({ SafeGasPrice: '1', ProposeGasPrice: '2' })).toThrow(
      'FastGasPrice',
    );
    expect(() => parseLegacyResponse('12')).toThrow('not an object');
  });
});

describe('units and suggested fees', () => {
  it('converts between wei and decimal gwei', () => {
    expect(weiToGweiString(1_500_000_000n)).toBe('1.5');
    expect(weiToGweiString('0x3b9aca00')).toBe('1');
    expect(weiToGweiString(1n)).toBe('0.000000001');
    expect(gweiStringToWei('1.5')).toBe(1_500_000_000n);
    expect(gweiStringToWei('0.0000000019')).toBe(1n);
    expect(gweiStringToWeiHex('20')).toBe('0x4a817c800');
    expect(() => gweiStringToWei('1e3')).toThrow('Invalid gwei amount "1e3".');
    expect(() => gweiStringToWei('')).toThrow('Invalid gwei amount');
  });

  it('turns the medium tier into hex wei for either transaction type', () => {
    const feeMarket = {
      gasEstimateType: 'fee-market',
      gasFeeEstimates: parseFeeMarketResponse(FEE_MARKET_SAMPLE),
    } as const;
    expect(suggestedFeesFrom(feeMarket, true)).toEqual({
      maxFeePerGas: gweiStringToWeiHex(FEE_MARKET_SAMPLE.medium.suggestedMaxFeePerGas),
      maxPriorityFeePerGas: gweiStringToWeiHex(
        FEE_MARKET_SAMPLE.medium.suggestedMaxPriorityFeePerGas,
      ),
    });
    expect(suggestedFeesFrom(feeMarket, false)).toEqual({
      gasPrice: gweiStringToWeiHex(FEE_MARKET_SAMPLE.medium.suggestedMaxFeePerGas),
    });
    const legacy = {
      gasEstimateType: 'legacy',
      gasFeeEstimates: { low: '1', medium: '2', high: '3' },
    } as const;
    expect(suggestedFeesFrom(legacy, false)).toEqual({ gasPrice: '0x77359400' });
    expect(suggestedFeesFrom(legacy, true)).toEqual({
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0x77359400',
    });
    expect(
      suggestedFeesFrom(
        { gasEstimateType: 'eth_gasPrice', gasFeeEstimates: { gasPrice: '3' } },
        false,
      ),
    ).toEqual({
      gasPrice: '0xb2d05e00',
    });
    expect(() => suggestedFeesFrom({ gasEstimateType: 'none', gasFeeEstimates: {} }, true)).toThrow(
      'No gas fee estimate is available yet.',
    );
  });
});

describe('user idle tracker', () => {
  it('is idle after 600 s without activity and active again on any activity', () => {
    let now = 1_000;
    const idle = createUserIdleTracker({ now: () => now });
    expect(USER_IDLE_TIMEOUT_MS).toBe(600_000);
    now += 599_999;
    expect(idle.isIdle()).toBe(false);
    now += 1;
    expect(idle.isIdle()).toBe(true);
    idle.markActive();
    expect(idle.isIdle()).toBe(false);
  });
});
