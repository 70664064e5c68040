import {
  activityCsv,
  activityItems,
  cancelAllowedAt,
  CANCEL_DELAY_MS,
  filterActivity,
  replacementFee,
} from '../../src/ui/view-models/activity';

const ME = '0x00000000000000000000000000000000000000aa';
const OTHER = '0x00000000000000000000000000000000000000bb';
const NOW = Date.parse('2026-11-28T12:00:00Z');
const DAY = 86_400_000;

function own(id: string, extra: Record<string, unknown>, params: Record<string, unknown> = {}) {
  return {
    id,
    time: NOW - DAY,
    status: 'confirmed',
    chainId: '0x1691',
    loadingDefaults: false,
    origin: 'orrery',
    transactionCategory: 'sentEther',
    txParams: {
      from: ME,
      to: OTHER,
      value: '0xde0b6b3a7640000',
      nonce: '0x1',
      gas: '0x5208',
      maxFeePerGas: '0x3b9aca00',
      ...params,
    },
    ...extra,
  };
}

function state(uiTransactions: unknown[], past: unknown[] = [], orders: unknown[] = []) {
  return {
    TransactionController: { uiTransactions },
    PastTransactionsController: {
      pastTransactions: { [ME]: past },
      paymentTx: { [ME]: orders },
      fetchedPastTx: { [ME]: true },
    },
    NetworkController: { providerConfig: { ticker: 'ETH', chainId: '0x1691' } },
  } as never;
}

describe('activity list', () => {
  it('shows a cancelled send once (the cancel on it), hides a sped-up original, merges the server list by hash', () => {
    const items = activityItems(
      state(
        [
          own('a', { status: 'dropped', hash: '0xa1', replacedBy: '0xc1' }),
          own('c', { status: 'confirmed', hash: '0xc1', type: 'cancel' }, { to: ME, value: '0x0' }),
          own(
            's',
            { status: 'dropped', hash: '0xs1', replacedBy: '0xs2', time: NOW - 2 * DAY },
            { nonce: '0x2' },
          ),
          own(
            's2',
            {
              status: 'submitted',
              hash: '0xs2',
              type: 'retry',
              submittedTime: NOW - 1000,
              time: NOW - 2 * DAY + 1,
            },
            { nonce: '0x2' },
          ),
        ],
        [
          {
            transaction_hash: '0xA1',
            network: '0x1691',
            from: ME,
            to: OTHER,
            status: 'confirmed',
            date: new Date(NOW).toISOString(),
            nonce: '0x1',
            gas: null,
            gasPrice: null,
            symbol: 'ETH',
            is_cancel: false,
          },
          {
            transaction_hash: '0xr1',
            network: '0x1691',
            from: OTHER,
            to: ME,
            status: 'confirmed',
            date: new Date(NOW - 40 * DAY).toISOString(),
            nonce: '0x9',
            gas: null,
            gasPrice: null,
            symbol: 'ETH',
            is_cancel: false,
          },
        ],
        [
          {
            id: 7,
            date: new Date(NOW - 200 * DAY).toISOString(),
            from: 'ramp',
            to: ME,
            totalAmountString: '50 USD',
            status: 'confirmed',
          },
        ],
      ),
      ME,
    );
    expect(items.map((item) => [item.key, item.type, item.status])).toEqual([
      ['a', 'send', 'cancelled'],
      ['s2', 'send', 'pending'],
      ['past-0xr1', 'receive', 'successful'],
      ['order-7', 'topup', 'successful'],
    ]);

    const pick = (filters: Parameters<typeof filterActivity>[1]) =>
      filterActivity(items, filters, NOW).map((item) => item.key);
    expect(pick({ type: 'receive', date: 'all', status: 'all' })).toEqual(['past-0xr1']);
    expect(pick({ type: 'topup', date: 'all', status: 'all' })).toEqual(['order-7']);
    expect(pick({ type: 'all', date: 'lastOneWeek', status: 'all' })).toEqual(['a', 's2']);
    expect(pick({ type: 'all', date: 'lastSixMonths', status: 'all' })).toEqual([
      'a',
      's2',
      'past-0xr1',
    ]);
    expect(pick({ type: 'all', date: 'all', status: 'cancelled' })).toEqual(['a']);
    expect(pick({ type: 'send', date: 'all', status: 'unsuccessful' })).toEqual([]);
  });

  it('shows cancelling while the cancel waits, and allows cancel only after the delay', () => {
    const [item] = activityItems(
      state([
        own('p', { status: 'submitted', hash: '0xp', submittedTime: NOW }),
        own('c', { status: 'submitted', hash: '0xc', type: 'cancel' }, { to: ME, value: '0x0' }),
      ]),
      ME,
    );
    expect(item!.status).toBe('cancelling');
    const [pending] = activityItems(
      state([own('p', { status: 'submitted', hash: '0xp', submittedTime: NOW })]),
      ME,
    );
    expect(cancelAllowedAt(pending!)).toBe(NOW + CANCEL_DELAY_MS);
    expect(replacementFee(100n)).toBe(110n);
    expect(replacementFee(101n)).toBe(112n);
  });

  it('exports the given rows as CSV with the issue’s columns, quoting where needed', () => {
    const items = activityItems(state([own('a', { hash: '0xa' })]), ME);
    const csv = activityCsv(
      items,
      () => '1',
      () => '0.000021',
    );
    expect(csv.split('\n')).toEqual([
      'date,type,from,to,amount,token,fee,status,hash',
      `${new Date(NOW - DAY).toISOString()},send,${ME},${OTHER},1,ETH,0.000021,successful,0xa`,
    ]);
    expect(
      activityCsv(
        items,
        () => '1,5',
        () => '',
      ),
    ).toContain('"1,5"');
  });
});
