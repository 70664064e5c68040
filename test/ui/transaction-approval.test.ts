/** What the transaction approval shows of the engine's decoded token calls. */
import { transactionView } from '../../src/ui/view-models/transaction-approval';

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
});
