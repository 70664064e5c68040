import { SUPPORTED_CURRENCIES } from '../../src/shared/currencies';
import { accountRows, keystoreFileName } from '../../src/ui/view-models/accounts';
import {
  contactsOf,
  crashReportEnabled,
  currencyOptions,
  isSignedIn,
  networkFormErrors,
  parseChainIdInput,
  permissionRows,
  siteOrigin,
} from '../../src/ui/view-models/settings';
import { sampleUiState } from './fake-background';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';

const form = (overrides = {}) => ({
  networkName: 'Side',
  host: 'http://127.0.0.1:8546',
  chainId: '31337',
  symbol: '',
  blockExplorer: '',
  ...overrides,
});

describe('settings view logic', () => {
  it('reads a chain id as hex when 0x-prefixed, else decimal, refusing the rest', () => {
    expect(parseChainIdInput('31337')).toBe(31337);
    expect(parseChainIdInput(' 0x7a69 ')).toBe(31337);
    expect(parseChainIdInput('0X7A69')).toBe(31337);
    expect(parseChainIdInput('7a69')).toBeNull();
    expect(parseChainIdInput('0')).toBeNull();
    expect(parseChainIdInput('-1')).toBeNull();
    expect(parseChainIdInput('1.5')).toBeNull();
    expect(parseChainIdInput('9007199254740993')).toBeNull();
  });

  it('checks the network form before asking the RPC', () => {
    expect(networkFormErrors(form(), [])).toEqual({});
    expect(networkFormErrors(form({ networkName: ' ', host: '', chainId: '' }), [])).toEqual({
      networkName: 'walletSettings.errors.required',
      host: 'walletSettings.errors.required',
      chainId: 'walletSettings.errors.required',
    });
    expect(networkFormErrors(form({ host: 'ftp://x', blockExplorer: 'javascript:1' }), [])).toEqual(
      {
        host: 'walletSettings.errors.invalidUrl',
        blockExplorer: 'walletSettings.errors.invalidUrl',
      },
    );
    expect(networkFormErrors(form({ chainId: 'abc' }), []).chainId).toBe(
      'walletSettings.errors.invalidChainId',
    );
    expect(networkFormErrors(form({ chainId: '0x7a69' }), [31337]).chainId).toBe(
      'walletSettings.errors.duplicateChainId',
    );
    expect(networkFormErrors(form({ symbol: '<script>' }), []).symbol).toBe(
      'walletSettings.errors.invalidSymbol',
    );
  });

  it('turns what a person types as a site into an origin, or refuses it', () => {
    expect(siteOrigin('https://app.example/path?q=1')).toBe('https://app.example');
    expect(siteOrigin('app.example:8443')).toBe('https://app.example:8443');
    expect(siteOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(siteOrigin('javascript:alert(1)')).toBeNull();
    expect(siteOrigin('file:///etc/passwd')).toBeNull();
    expect(siteOrigin('   ')).toBeNull();
  });

  it('offers the network ticker first on non-ETH networks, then the supported list', () => {
    expect(currencyOptions('ETH')).toEqual(SUPPORTED_CURRENCIES);
    expect(SUPPORTED_CURRENCIES.length).toBeGreaterThanOrEqual(65);
    const polygon = currencyOptions('matic');
    expect(polygon[0]).toBe('MATIC');
    expect(polygon.filter((code) => code === 'MATIC')).toHaveLength(1);
    expect(currencyOptions('XYZ')[0]).toBe('XYZ');
  });

  it('lists grants soonest expiry first and marks expired ones', () => {
    const ui = sampleUiState({
      PermissionController: {
        grants: {
          'https://late.example': {
            id: '1',
            origin: 'https://late.example',
            accounts: [A],
            period: 'year',
            grantedAt: 0,
            expiresAt: 5_000,
          },
          'https://gone.example': {
            id: '2',
            origin: 'https://gone.example',
            accounts: [B],
            period: 'hour',
            grantedAt: 0,
            expiresAt: 1_000,
          },
        },
      },
    });
    expect(permissionRows(ui, 2_000).map((row) => [row.origin, row.expired])).toEqual([
      ['https://gone.example', true],
      ['https://late.example', false],
    ]);
  });

  it('knows whether the selected address is signed in, its contacts and crash setting', () => {
    const base = sampleUiState();
    const ui = {
      ...base,
      PreferencesController: { ...base.PreferencesController, selectedAddress: A },
      BackendSessionController: { signedIn: { [A]: true } },
      BackendRecordsController: {
        records: {
          [A]: {
            contacts: [{ id: 1, name: 'alice', contact_verifier: 'eth', contact_verifier_id: B }],
            permissions: [],
            customTokens: [],
            customNfts: [],
            customNetworks: [],
          },
        },
      },
    } as typeof base;
    expect(isSignedIn(ui)).toBe(true);
    expect(contactsOf(ui).map((contact) => contact.name)).toEqual(['alice']);
    expect(crashReportEnabled(ui)).toBe(true);
    const other = {
      ...ui,
      PreferencesController: { ...ui.PreferencesController, selectedAddress: B },
    };
    expect(isSignedIn(other)).toBe(false);
    expect(contactsOf(other)).toEqual([]);
  });

  it('lists accounts with type, balance, the selected and the default one', () => {
    const base = sampleUiState();
    const ui = {
      ...base,
      KeyringController: {
        ...base.KeyringController,
        accounts: [
          { address: A, accountType: 'normal' },
          { address: B.toUpperCase().replace('0X', '0x'), accountType: 'imported' },
        ],
      },
      PreferencesController: { ...base.PreferencesController, selectedAddress: A },
      AccountTrackerController: { accounts: { [B]: { address: B, balance: '0xde0b6b3a7640000' } } },
      UserRecordController: {
        isNewUser: false,
        identities: {
          [A]: {
            selectedCurrency: 'USD',
            theme: 'light',
            locale: 'en',
            defaultPublicAddress: B,
            accountType: 'normal',
            crashReport: false,
            verifier: null,
            verifierId: null,
          },
        },
      },
    } as typeof base;
    expect(accountRows(ui)).toEqual([
      expect.objectContaining({
        address: A,
        selected: true,
        isDefault: false,
        displayBalance: null,
      }),
      expect.objectContaining({
        address: B,
        accountType: 'imported',
        selected: false,
        isDefault: true,
        displayBalance: '1.000',
      }),
    ]);
    expect(crashReportEnabled(ui)).toBe(false);
  });

  it('names keystore files as geth does', () => {
    expect(keystoreFileName(A, new Date('2026-11-28T16:00:00.000Z'))).toBe(
      'UTC--2026-11-28T16-00-00.000Z--00000000000000000000000000000000000000aa.json',
    );
  });
});
