import { trimNonceGroups } from '../../../src/controllers/transactions/trim';
import type {
  TransactionMeta,
  TransactionStatus,
} from '../../../src/controllers/transactions/types';

let time = 0;
function tx(nonce: number | undefined, status: TransactionStatus): TransactionMeta {
  time += 1;
  return {
    id: `${time}`,
    time,
    status,
    chainId: '0x1',
    loadingDefaults: false,
    origin: 'orrery',
    history: [],
    txParams: {
      from: '0x' + '1'.repeat(40),
      ...(nonce === undefined ? {} : { nonce: `0x${nonce.toString(16)}` }),
    },
  };
}

describe('trimming by nonce groups', () => {
  it('removes the oldest whole groups, a replaced pair counting as one', () => {
    const list = [
      tx(0, 'dropped'),
      tx(0, 'confirmed'),
      tx(1, 'confirmed'),
      tx(2, 'failed'),
      tx(3, 'confirmed'),
    ];
    expect(trimNonceGroups(list, 2).map((t) => t.txParams.nonce)).toEqual(['0x2', '0x3']);
    expect(trimNonceGroups(list, 4)).toHaveLength(5);
  });

  it('never removes unapproved or in-flight transactions, and unapproved ones do not count', () => {
    const list = [
      tx(0, 'submitted'),
      tx(1, 'confirmed'),
      tx(2, 'signed'),
      tx(3, 'confirmed'),
      tx(undefined, 'unapproved'),
    ];
    const kept = trimNonceGroups(list, 2);
    expect(kept.map((t) => t.status)).toEqual(['submitted', 'signed', 'unapproved']);
    // A group with one pending member stays whole.
    const mixed = [tx(0, 'dropped'), tx(0, 'submitted'), tx(1, 'confirmed'), tx(2, 'confirmed')];
    expect(trimNonceGroups(mixed, 2).map((t) => t.status)).toEqual([
      'dropped',
      'submitted',
      'confirmed',
    ]);
  });

  it('counts a transaction that failed before it got a nonce as its own group', () => {
    const list = [tx(undefined, 'failed'), tx(0, 'confirmed'), tx(1, 'confirmed')];
    expect(trimNonceGroups(list, 2).map((t) => t.txParams.nonce)).toEqual(['0x0', '0x1']);
  });
});
