import { displayDecimals, formatTokenAmount, toFiat } from '../../src/ui/format/amounts';

describe('amount formatting', () => {
  it('shows 3 decimals in the network ticker and 2 in other currencies', () => {
    expect(displayDecimals('ETH', 'ETH')).toBe(3);
    expect(displayDecimals('eth', 'ETH')).toBe(3);
    expect(displayDecimals('USD', 'ETH')).toBe(2);
  });

  it('formats wei exactly, rounding down, beyond float precision', () => {
    // 10,000 ETH + 1 wei: a float would lose the wei, and rounding up would show 10,000.001.
    expect(formatTokenAmount('0x21e19e0c9bab2400001', 18, 3)).toBe('10,000.000');
    expect(formatTokenAmount('1999999999999999999', 18, 3)).toBe('1.999');
    expect(formatTokenAmount('0x0', 18, 3)).toBe('0.000');
    expect(formatTokenAmount('123456789', 6, 2)).toBe('123.45');
  });

  it('converts to fiat to the cent', () => {
    expect(toFiat('1500000000000000000', 18, '2000.015')).toBe('3,000.02');
    expect(toFiat('0x1', 18, 1e9)).toBe('0.00');
  });

  it('refuses what is not an amount or a rate', () => {
    expect(() => formatTokenAmount('-5', 18, 3)).toThrow('Not an amount: -5');
    expect(() => formatTokenAmount('ten', 18, 3)).toThrow('Not an amount: ten');
    expect(() => toFiat('1', 18, 'NaN')).toThrow('Not a rate: NaN');
  });
});
