// A site's recent activity for the embed panel (src/background/actions/site-activity.ts): only
// what that site may see.
import { siteActivity, SITE_ACTIVITY_LIMIT } from '../../src/background/actions/site-activity';
import type { TransactionMeta } from '../../src/controllers/transactions/types';

const SITE = 'http://localhost:5000';
const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const OTHER_ACCOUNT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const TO = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

let next = 0;
const tx = (overrides: Partial<TransactionMeta> & { from?: string }): TransactionMeta => {
  const { from = ME, ...rest } = overrides;
  return {
    id: `tx${next++}`,
    time: next,
    status: 'confirmed',
    chainId: '0x1691',
    loadingDefaults: false,
    origin: SITE,
    txParams: { from, to: TO, value: '0x10' },
    history: [],
    hash: `0x${next.toString(16).padStart(64, '0')}`,
    ...rest,
  } as TransactionMeta;
};

describe('site activity', () => {
  it('lists only the site’s own transactions from the account it is shown, on its network, newest first', () => {
    const mine = [
      tx({ time: 10 }),
      tx({ time: 30, status: 'submitted' }),
      tx({ time: 20, status: 'failed', from: ME.toUpperCase().replace('0X', '0x') }),
    ];
    const others = [
      tx({ origin: 'https://other.example' }),
      tx({ origin: 'http://localhost:4050' }), // the wallet's own send
      tx({ from: OTHER_ACCOUNT }),
      tx({ chainId: '0x1' }),
      tx({ status: 'unapproved' }),
      tx({ status: 'rejected' }),
    ];
    const listed = siteActivity([...others, ...mine], {
      origin: SITE,
      account: ME,
      chainId: '0x1691',
    });
    expect(listed.map((item) => item.time)).toEqual([30, 20, 10]);
    expect(listed[0]).toEqual({
      id: mine[1]!.id,
      hash: mine[1]!.hash,
      to: TO,
      value: '0x10',
      status: 'submitted',
      time: 30,
    });
  });

  it('shows at most the latest three, and nothing to a site shown no account', () => {
    const many = Array.from({ length: 5 }, (_, index) => tx({ time: index }));
    expect(
      siteActivity(many, { origin: SITE, account: ME, chainId: '0x1691' }).map((i) => i.time),
    ).toEqual([4, 3, 2]);
    expect(SITE_ACTIVITY_LIMIT).toBe(3);
    expect(siteActivity(many, { origin: SITE, account: null, chainId: '0x1691' })).toEqual([]);
  });
});
