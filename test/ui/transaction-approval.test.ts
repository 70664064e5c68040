/** What the transaction approval shows of the engine's decoded token calls. */
import { tokenAmountFiat, transactionView } from '../../src/ui/view-models/transaction-approval';

describe('transactionView', () => {
  const base = {
    id: 't',
    time: 1,
    status: 'unapproved',
    chainId: '0x1691',
    loadingDefaults: false,
    origin: 'http://localhost:3001',
  } as const;
  it('reads an ERC-20 approve: spender and allowance in the token’s units when it is known', () => {
    const tx = {
      ...base,
      transactionCategory: 'approve',
      txParams: { from: '0xaa', to: '0xToken', value: '0x0', data: '0x095ea7b3' },
      methodParams: [
        { name: '_spender', type: 'address', value: '0xspender' },
        { name: '_value', type: 'uint256', value: '0x2625a0' },
      ],
    } as never;
    const known = [{ tokenAddress: '0xtoken', symbol: 'ORB', decimals: 6 }];
    expect(transactionView(tx, known)).toMatchObject({
      title: 'approve',
      token: { counterparty: '0xspender', amount: '2.500000', symbol: 'ORB', tokenId: null },
      data: '0x095ea7b3',
    });
    expect(transactionView(tx, []).token).toMatchObject({ amount: '2500000', symbol: null });
  });
  it('reads an ERC-1155 safeTransferFrom: the id and a count of it, not base units', () => {
    const multi = {
      ...base,
      transactionCategory: 'safeTransferFrom',
      txParams: { from: '0xaa', to: '0xmulti', value: '0x0', data: '0xf242432a' },
      methodParams: [
        { name: '_from', type: 'address', value: '0xaa' },
        { name: '_to', type: 'address', value: '0xbb' },
        { name: '_id', type: 'uint256', value: '0x3' },
        { name: '_value', type: 'uint256', value: '0x2' },
        { name: '_data', type: 'bytes', value: '0x' },
      ],
    } as never;
    expect(transactionView(multi, []).token).toMatchObject({
      counterparty: '0xbb',
      tokenId: '3',
      amount: '2',
      amountIsCount: true,
    });
  });

  it('reads an ERC-721 safeTransferFrom’s token id, and a send without data', () => {
    const nft = {
      ...base,
      transactionCategory: 'safeTransferFrom',
      txParams: { from: '0xaa', to: '0xnft', value: '0x0', data: '0x42842e0e' },
      methodParams: [
        { name: '_from', type: 'address', value: '0xaa' },
        { name: '_to', type: 'address', value: '0xbb' },
        { name: '_tokenId', type: 'uint256', value: '0x7' },
      ],
    } as never;
    expect(transactionView(nft, []).token).toMatchObject({
      from: '0xaa',
      counterparty: '0xbb',
      tokenId: '7',
      amount: null,
    });
    const send = {
      ...base,
      transactionCategory: 'sentEther',
      txParams: { from: '0xaa', to: '0xbb', value: '0x1' },
    } as never;
    expect(transactionView(send, [])).toMatchObject({
      title: 'sentEther',
      token: null,
      data: null,
    });
  });

  describe('tokenAmountFiat (C1: the amount in token and fiat)', () => {
    const transfer = {
      ...base,
      transactionCategory: 'transfer',
      txParams: { from: '0xaa', to: '0xToken', value: '0x0', data: '0xa9059cbb' },
      methodParams: [
        { name: '_to', type: 'address', value: '0xbb' },
        { name: '_value', type: 'uint256', value: '0x2625a0' }, // 2.5 tokens of 6 decimals
      ],
    } as never;
    const known = [{ tokenAddress: '0xtoken', symbol: 'ORB', decimals: 6 }];
    const rates = { tokenRates: { '0xtoken': 4.2 }, currency: 'eur', chainId: '0x1691' };

    it('values a known token’s transfer at its rate, in the user’s currency', () => {
      const view = transactionView(transfer, known);
      expect(view.token).toMatchObject({ amount: '2.500000', baseUnits: '2500000', decimals: 6 });
      expect(tokenAmountFiat(view, rates, 'EUR', '0x1691')).toBe('10.50 EUR');
    });

    it('shows no fiat when it cannot be told honestly', () => {
      const view = transactionView(transfer, known);
      // Rates in another currency, for another chain, or none (0 means unknown).
      expect(tokenAmountFiat(view, rates, 'usd', '0x1691')).toBeNull();
      expect(tokenAmountFiat(view, rates, 'eur', '0x1')).toBeNull();
      expect(
        tokenAmountFiat(view, { ...rates, tokenRates: { '0xtoken': 0 } }, 'eur', '0x1691'),
      ).toBeNull();
      expect(tokenAmountFiat(view, { ...rates, tokenRates: {} }, 'eur', '0x1691')).toBeNull();
      // A token whose decimals the wallet does not know: base units have no price.
      expect(tokenAmountFiat(transactionView(transfer, []), rates, 'eur', '0x1691')).toBeNull();
      // An allowance is a ceiling, not value moved.
      const approve = { ...(transfer as object), transactionCategory: 'approve' } as never;
      expect(tokenAmountFiat(transactionView(approve, known), rates, 'eur', '0x1691')).toBeNull();
    });
  });
});
