import { KeyringError, KeyringErrorCode } from '../../src/controllers/keyring/errors';
import { BUILT_IN_NETWORK_TYPES, BUILT_IN_NETWORKS } from '../../src/shared/networks';
import { defaultWhiteLabel } from '../../src/shared/white-label';
import { selectedAccount, shortenAddress } from '../../src/ui/view-models/accounts';
import { failureMessage } from '../../src/ui/view-models/action-errors';
import { loginButtons, type LoginConfigItem } from '../../src/ui/view-models/login-options';
import { networkChoices, parseNetworkSelection } from '../../src/ui/view-models/networks';
import { newPasswordErrors, passwordRuleStates } from '../../src/ui/view-models/password';
import { sessionStatus } from '../../src/ui/view-models/session';
import { logoFor, productName, walletFeatures } from '../../src/ui/view-models/white-label';
import { lockedState, sampleUiState, SAMPLE_ADDRESS, signedInState } from './fake-background';

describe('sessionStatus', () => {
  it('tells every step of the local way in apart', () => {
    expect(sessionStatus(sampleUiState())).toBe('noVault');
    expect(sessionStatus(lockedState())).toBe('locked');
    const empty = signedInState();
    empty.KeyringController.accounts = [];
    expect(sessionStatus(empty)).toBe('noAccount');
    const choosing = signedInState();
    choosing.PreferencesController.selectedAddress = null;
    expect(sessionStatus(choosing)).toBe('selecting');
    const stale = signedInState();
    stale.PreferencesController.selectedAddress = '0x000000000000000000000000000000000000dead';
    expect(sessionStatus(stale)).toBe('selecting');
    expect(sessionStatus(signedInState())).toBe('ready');
  });
});

describe('selectedAccount', () => {
  it('gives the address, its short form and the balance in 3 decimals of the ticker', () => {
    const state = signedInState();
    expect(selectedAccount(state)).toEqual({
      address: SAMPLE_ADDRESS,
      shortAddress: '0xf39f…2266',
      displayBalance: null,
      ticker: 'ETH',
    });
    state.AccountTrackerController.accounts[SAMPLE_ADDRESS] = { balance: '0x1bc16d674ec80000' };
    expect(selectedAccount(state)?.displayBalance).toBe('2.000');
    expect(selectedAccount(sampleUiState())).toBeNull();
    expect(shortenAddress('0x1234')).toBe('0x1234');
  });
});

describe('networkChoices', () => {
  it('lists every built-in network in order, marks the selected one and disables those without RPC', () => {
    const choices = networkChoices(sampleUiState());
    expect(choices.builtIn.map((choice) => choice.value)).toEqual(
      BUILT_IN_NETWORK_TYPES.map((type) => `builtin:${type}`),
    );
    expect(choices.selected).toBe('builtin:localhost');
    expect(choices.current).toBeNull();
    const reef = choices.builtIn.find((choice) => choice.value === 'builtin:reef');
    expect(reef).toEqual({
      value: 'builtin:reef',
      name: 'Reef Chain',
      chainId: 101,
      disabled: true,
    });
    expect(choices.builtIn.find((c) => c.value === 'builtin:mainnet')).toMatchObject({
      chainId: 1,
      disabled: false,
    });
  });

  it('shows the selected built-in as configured, and lists custom networks', () => {
    const state = sampleUiState();
    state.NetworkController.providerConfig = {
      ...BUILT_IN_NETWORKS.localhost,
      networkName: 'Anvil (e2e)',
      rpcUrl: 'http://127.0.0.1:9999',
    };
    state.NetworkController.customNetworks = {
      abc: {
        id: 'abc',
        networkName: 'Second anvil',
        host: 'http://127.0.0.1:8546',
        chainId: '0x7a69',
        symbol: 'ETH',
        blockExplorer: '',
      },
    };
    const choices = networkChoices(state);
    expect(choices.builtIn.find((c) => c.value === 'builtin:localhost')?.name).toBe('Anvil (e2e)');
    expect(choices.custom).toEqual([
      { value: 'custom:abc', name: 'Second anvil', chainId: 31337, disabled: false },
    ]);

    state.NetworkController.providerConfig = {
      ...state.NetworkController.providerConfig,
      type: 'rpc',
      customNetworkId: 'abc',
    };
    expect(networkChoices(state).selected).toBe('custom:abc');
  });

  it('adds the configured network when it is neither built in nor custom', () => {
    const state = sampleUiState();
    state.NetworkController.providerConfig = {
      ...BUILT_IN_NETWORKS.localhost,
      type: 'rpc',
      networkName: 'Operator chain',
      chainId: '0x2a',
    };
    const choices = networkChoices(state);
    expect(choices.selected).toBe('current');
    expect(choices.current).toEqual({
      value: 'current',
      name: 'Operator chain',
      chainId: 42,
      disabled: false,
    });
  });

  it('turns a choice into what to ask the engine', () => {
    expect(parseNetworkSelection('builtin:matic')).toEqual({ kind: 'builtIn', type: 'matic' });
    expect(parseNetworkSelection('custom:abc')).toEqual({ kind: 'custom', id: 'abc' });
    expect(parseNetworkSelection('current')).toEqual({ kind: 'none' });
  });
});

describe('vault password rules (spec part 1 §5)', () => {
  it('checks length, upper, lower and number', () => {
    expect(passwordRuleStates('')).toEqual([
      { rule: 'length', met: false },
      { rule: 'upper', met: false },
      { rule: 'lower', met: false },
      { rule: 'number', met: false },
    ]);
    expect(passwordRuleStates('Orbit-Sun-2026').every(({ met }) => met)).toBe(true);
    expect(passwordRuleStates('orbit-sun-2026').find((r) => r.rule === 'upper')?.met).toBe(false);
    expect(passwordRuleStates('Ünïcödé-Paß9').every(({ met }) => met)).toBe(true);
    expect(passwordRuleStates('Aa1bcdefg').find((r) => r.rule === 'length')?.met).toBe(false);
  });

  it('requires both fields, all the rules and a matching retype', () => {
    expect(newPasswordErrors('', '')).toEqual({
      password: 'login.errors.passwordRequired',
      confirmation: 'login.errors.confirmRequired',
    });
    expect(newPasswordErrors('weakpassword', 'weakpassword')).toEqual({
      password: 'login.errors.passwordWeak',
    });
    expect(newPasswordErrors('Orbit-Sun-2026', 'Orbit-Sun-2025')).toEqual({
      confirmation: 'login.errors.passwordMismatch',
    });
    expect(newPasswordErrors('Orbit-Sun-2026', 'Orbit-Sun-2026')).toEqual({});
  });
});

describe('failureMessage', () => {
  it.each([
    [KeyringErrorCode.incorrectPassword, 'login.errors.incorrectPassword'],
    [KeyringErrorCode.corruptVault, 'login.errors.corruptVault'],
    [KeyringErrorCode.emptyKey, 'accountMenu.errors.emptyKey'],
    [KeyringErrorCode.invalidKey, 'accountMenu.errors.invalidKey'],
    [KeyringErrorCode.alreadyAdded, 'accountMenu.errors.alreadyAdded'],
    [KeyringErrorCode.invalidSeedPhrase, 'accountMenu.errors.incorrectSeedPhrase'],
    [KeyringErrorCode.keystoreWrongPassword, 'accountMenu.errors.keystorePassword'],
    [KeyringErrorCode.keystoreInvalid, 'accountMenu.errors.keystoreInvalid'],
    [KeyringErrorCode.keystorePasswordRequired, 'accountMenu.errors.keystorePasswordRequired'],
  ])('shows the refusal coded %s as %s', (code, key) => {
    // As it crosses the wire: a plain object with the message and data.code.
    const refusal = { code: -32000, message: 'the engine says why', data: { code } };
    expect(failureMessage(refusal)).toEqual({ key, text: 'the engine says why' });
    expect(failureMessage(new KeyringError(code, 'same, in the engine'))).toEqual({
      key,
      text: 'same, in the engine',
    });
  });

  it('shows any other failure as the engine said it', () => {
    const exists = { message: 'A vault already exists.', data: { code: 'keyring.vaultExists' } };
    expect(failureMessage(exists)).toEqual({ key: null, text: 'A vault already exists.' });
    expect(failureMessage(new Error('Incorrect Password Entered.'))).toEqual({
      key: null,
      text: 'Incorrect Password Entered.',
    });
    expect(failureMessage('plain')).toEqual({ key: null, text: 'plain' });
  });
});

describe('loginButtons', () => {
  const item = (verifier: string, extra: Partial<LoginConfigItem> = {}): LoginConfigItem => ({
    verifier,
    typeOfLogin: verifier,
    name: verifier,
    ...extra,
  });

  it('orders by priority (default 99, ties in given order) and puts main options first', () => {
    const buttons = loginButtons(
      [
        item('twitter'),
        item('google', { priority: 1, mainOption: true }),
        item('github'),
        item('discord', { priority: 50 }),
      ],
      false,
    );
    expect(buttons.main.map((b) => b.verifier)).toEqual(['google']);
    expect(buttons.others.map((b) => b.verifier)).toEqual(['discord', 'twitter', 'github']);
  });

  it('offers per device what the configuration allows', () => {
    const items = [
      item('wechat', { showOnMobile: false }),
      item('kakao', { showOnDesktop: false }),
    ];
    expect(loginButtons(items, true).others.map((b) => b.verifier)).toEqual(['kakao']);
    expect(loginButtons(items, false).others.map((b) => b.verifier)).toEqual(['wechat']);
  });
});

describe('white-label view models', () => {
  it('names the product and picks the logo for the background it sits on', () => {
    expect(productName(undefined)).toBe('Orrery');
    const whiteLabel = {
      ...defaultWhiteLabel(),
      name: 'Acme',
      logoLight: '/l.svg',
      logoDark: '/d.svg',
    };
    expect(productName(whiteLabel)).toBe('Acme');
    expect(logoFor(whiteLabel, 'dark')).toBe('/l.svg');
    expect(logoFor(whiteLabel, 'light')).toBe('/d.svg');
    expect(logoFor({ ...whiteLabel, logoDark: null }, 'light')).toBe('/l.svg');
    expect(logoFor(defaultWhiteLabel(), 'light')).toBeNull();
  });

  it('turns the flags into the features the wallet shows', () => {
    const state = sampleUiState();
    expect(walletFeatures(state)).toEqual({
      topup: true,
      featuredBillboard: true,
      ethTransferOnly: false,
    });
    state.WhiteLabelController.whiteLabel.topupHide = true;
    state.WhiteLabelController.whiteLabel.featuredBillboardHide = true;
    state.WhiteLabelController.whiteLabel.ethTransferOnly = true;
    expect(walletFeatures(state)).toEqual({
      topup: false,
      featuredBillboard: false,
      ethTransferOnly: true,
    });
  });
});
