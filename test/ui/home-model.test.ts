import {
  findCollectibleContract,
  lastUpdate,
  tokenRows,
  totalFiat,
  type HomeState,
} from '../../src/ui/view-models/home';

const ME = '0x00000000000000000000000000000000000000aa';
const ORB = '0x00000000000000000000000000000000000000B1';
const DUST = '0x00000000000000000000000000000000000000b2';
const MOONS = '0x00000000000000000000000000000000000000C3';

function token(tokenAddress: string, symbol: string, balance: string, decimals: number) {
  return { tokenAddress, symbol, name: symbol, decimals, balance, logo: null, customTokenId: null };
}

/** The part of the UI state the home reads; the rest of each controller's state is not read. */
function homeState({
  rate = 2_000,
  tokenRates = { [ORB.toLowerCase()]: 1.5 } as Record<string, number>,
  ratesCurrency = 'usd',
  unread = false,
}: {
  rate?: number;
  tokenRates?: Record<string, number>;
  ratesCurrency?: string;
  unread?: boolean;
} = {}): HomeState {
  const wei = '0x1bc16d674ec80000'; // 2 ETH
  return {
    PreferencesController: { selectedAddress: ME },
    AccountTrackerController: { accounts: unread ? {} : { [ME]: { balance: wei } } },
    NetworkController: { providerConfig: { ticker: 'ETH', networkName: 'Anvil' } },
    CurrencyController: {
      conversionRate: rate,
      conversionDate: 1_764_374_400,
      currentCurrency: 'usd',
    },
    TokensController: {
      tokens: {
        [ME]: [
          token(DUST, 'DUST', '1000000', 6), // 1 DUST, no rate
          token(ORB, 'ORB', '12345678', 6), // 12.345678 ORB at 1.5
        ],
      },
    },
    TokenRatesController: { currency: ratesCurrency, tokenRates },
    CollectiblesController: {
      collectibles: { [ME]: [{ address: MOONS, assets: [] }] },
    },
    // A fixture of only the fields the view model reads; the full controller states are large.
  } as unknown as HomeState;
}

describe('the home view model', () => {
  it('lists the native coin first, then tokens by fiat value, in the spec decimals', () => {
    const rows = tokenRows(homeState());
    expect(rows.map((row) => [row.key, row.displayBalance, row.displayFiat])).toEqual([
      ['native', '2.000', '4,000.00'],
      [ORB.toLowerCase(), '12.34', '18.52'], // 12.345678 × 1.5 = 18.518517 → 18.52; shown down to 12.34
      [DUST.toLowerCase(), '1.00', null],
    ]);
    expect(totalFiat(rows)).toBe('4,018.52');
  });

  it('shows no fiat value with rate 0, and no total when nothing has a rate', () => {
    const rows = tokenRows(homeState({ rate: 0, tokenRates: {} }));
    expect(rows.map((row) => row.displayFiat)).toEqual([null, null, null]);
    expect(totalFiat(rows)).toBeNull();
    expect(lastUpdate(homeState({ rate: 0 }))).toBeNull();
    expect(lastUpdate(homeState())?.toISOString()).toBe('2025-11-29T00:00:00.000Z');
  });

  it('ignores token rates kept in another currency than the user’s', () => {
    const rows = tokenRows(homeState({ ratesCurrency: 'eur' }));
    expect(rows.find((row) => row.symbol === 'ORB')?.displayFiat).toBeNull();
    expect(totalFiat(rows)).toBe('4,000.00');
  });

  it('shows an unread native balance as unknown, not as zero', () => {
    const [native] = tokenRows(homeState({ unread: true }));
    expect(native).toMatchObject({ key: 'native', displayBalance: null, displayFiat: null });
  });

  it('finds a collectible contract by address in any case, and nothing for another', () => {
    expect(findCollectibleContract(homeState(), MOONS.toLowerCase())?.address).toBe(MOONS);
    expect(findCollectibleContract(homeState(), ORB)).toBeNull();
  });
});
