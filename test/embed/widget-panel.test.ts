/**
 * The widget panel's model (src/ui/embed-frame/widget/panel-model.ts): what the host's own
 * connection returned, turned into what the panel shows. The panel in a page: embed.e2e.
 */
import { widgetLogo } from '../../src/ui/embed-frame/widget/logo';
import { formatUnits18, panelModel } from '../../src/ui/embed-frame/widget/panel-model';

const ADDRESS = '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('widget panel model', () => {
  it('shows the host’s account (lower case), its balance with the ticker and the network', () => {
    expect(
      panelModel({ accounts: [ADDRESS], chainId: '0x1', balance: '0x1bc16d674ec80000' }),
    ).toEqual({
      address: ADDRESS.toLowerCase(),
      balance: '2 ETH',
      network: 'Main Ethereum Network',
      chain: '1',
      activity: [],
    });
    expect(panelModel({ accounts: [ADDRESS], chainId: '0x89', balance: '0x0' }).balance).toBe(
      '0 MATIC',
    );
  });

  it('says not connected, an unnamed chain by number, and never trusts malformed reads', () => {
    expect(panelModel({ accounts: [], chainId: '0x2a', balance: null })).toEqual({
      address: null,
      balance: null,
      network: null,
      chain: '42',
      activity: [],
    });
    expect(panelModel({ accounts: ['<img>'], chainId: 'x', balance: '12' })).toEqual({
      address: null,
      balance: null,
      network: null,
      chain: null,
      activity: [],
    });
    expect(panelModel({ accounts: [ADDRESS], chainId: '0x1', balance: 'oops' }).balance).toBe(null);
  });

  it('lists the site’s recent activity with the network’s ticker, leaving out malformed items, and none when not connected', () => {
    const activity = [
      { id: 'a', to: ADDRESS, value: '0x2386f26fc10000', status: 'confirmed', time: 3 },
      { id: 'b', to: null, value: '0x0', status: 'submitted', time: 2 },
      { id: 'c', to: ADDRESS, value: '0xde0b6b3a7640000', status: 'dropped', time: 1 },
      { id: 'd', to: ADDRESS, value: 'lots', status: 'confirmed', time: 0 },
      { id: 'e', to: ADDRESS, value: '0x1', status: 'unapproved', time: 0 },
      'junk',
    ];
    expect(
      panelModel({ accounts: [ADDRESS], chainId: '0x89', balance: '0x0', activity }).activity,
    ).toEqual([
      { id: 'a', amount: '0.01 MATIC', to: ADDRESS.toLowerCase(), status: 'confirmed' },
      { id: 'b', amount: '0 MATIC', to: null, status: 'pending' },
      { id: 'c', amount: '1 MATIC', to: ADDRESS.toLowerCase(), status: 'failed' },
    ]);
    expect(panelModel({ accounts: [], chainId: '0x1', balance: null, activity }).activity).toEqual(
      [],
    );
    expect(panelModel({ accounts: [ADDRESS], chainId: '0x1', balance: null }).activity).toEqual([]);
  });

  it('formats wei with at most four decimals, rounded down, zeros trimmed', () => {
    expect(formatUnits18(0n)).toBe('0');
    expect(formatUnits18(10n ** 18n * 10000n)).toBe('10000');
    expect(formatUnits18(1_234_567_890_000_000_000n)).toBe('1.2345');
    expect(formatUnits18(100_000_000_000_000n)).toBe('0.0001');
    expect(formatUnits18(99_999_999_999_999n)).toBe('0');
    expect(formatUnits18(1_500_000_000_000_000_000n)).toBe('1.5');
  });
});

describe('widget logo', () => {
  const WALLET = 'http://localhost:4050';
  it('shows the host’s white-label logo for the theme’s surface, else the wallet’s mark', () => {
    const logos = { logoDark: 'https://host.example/dark.svg', logoLight: '/light.svg' };
    expect(widgetLogo(logos, 'light', WALLET)).toBe('https://host.example/dark.svg');
    // A path is the wallet origin's (as isSafeAssetUrl allows), never the host's.
    expect(widgetLogo(logos, 'dark', WALLET)).toBe(`${WALLET}/light.svg`);
    expect(widgetLogo({ logoDark: null, logoLight: '/light.svg' }, 'light', WALLET)).toBe(
      `${WALLET}/light.svg`,
    );
    expect(widgetLogo(null, 'dark', WALLET)).toBe(`${WALLET}/images/torus_icon-blue.svg`);
  });
});
