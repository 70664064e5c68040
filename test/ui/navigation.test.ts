import {
  afterLoginTarget,
  cleanWalletSearch,
  isCustomLogin,
  loginTargetFor,
  resolveNavigation,
  safeRedirect,
} from '../../src/ui/routes/navigation';

describe('carried query parameters (spec part 1 §2)', () => {
  it('carries instanceId, isCustomLogin and sessionNamespace into every navigation', () => {
    expect(
      resolveNavigation(
        '/wallet/settings',
        '?instanceId=abc&isCustomLogin=true&sessionNamespace=ns&foo=1',
      ),
    ).toBe('/wallet/settings?instanceId=abc&isCustomLogin=true&sessionNamespace=ns');
    expect(resolveNavigation('/confirm?id=7', '?instanceId=abc')).toBe(
      '/confirm?id=7&instanceId=abc',
    );
  });

  it("drops a wallet route's other parameters, except on top-up and transfer", () => {
    expect(resolveNavigation('/wallet/home?foo=1&instanceId=x', '')).toBe(
      '/wallet/home?instanceId=x',
    );
    expect(resolveNavigation('/wallet/transfer?to=0xabc&foo=1', '?instanceId=i')).toBe(
      '/wallet/transfer?to=0xabc&foo=1&instanceId=i',
    );
    expect(resolveNavigation('/wallet/topup?amount=5', '')).toBe('/wallet/topup?amount=5');
    expect(resolveNavigation('/wallet/topup/moonpay?amount=5', '')).toBe(
      '/wallet/topup/moonpay?amount=5',
    );
    // Not a top-up route, though it starts alike.
    expect(resolveNavigation('/wallet/topups?amount=5', '')).toBe('/wallet/topups');
  });

  it('keeps the parameters of routes outside the wallet (login routes skip the drop)', () => {
    expect(resolveNavigation('/?redirect=%2Fwallet&foo=1', '')).toBe('/?redirect=%2Fwallet&foo=1');
  });

  it("lets the target's own carried value win over the current page's", () => {
    expect(resolveNavigation('/wallet/home?instanceId=new', '?instanceId=old')).toBe(
      '/wallet/home?instanceId=new',
    );
  });

  it('cleans a wallet URL landed on with foreign parameters, and leaves a clean one alone', () => {
    expect(cleanWalletSearch('/wallet/home', '?instanceId=abc&foo=1')).toBe('?instanceId=abc');
    expect(cleanWalletSearch('/wallet/home', '?foo=1')).toBe('');
    expect(cleanWalletSearch('/wallet/home', '?instanceId=abc')).toBeNull();
    expect(cleanWalletSearch('/wallet/home', '')).toBeNull();
    expect(cleanWalletSearch('/wallet/transfer', '?to=0x1')).toBeNull();
    expect(cleanWalletSearch('/confirm', '?id=1')).toBeNull();
  });

  it('knows custom-login mode (spec part 1 §6)', () => {
    expect(isCustomLogin('?isCustomLogin=true')).toBe(true);
    expect(isCustomLogin('?sessionNamespace=acme')).toBe(true);
    expect(isCustomLogin('?isCustomLogin=false')).toBe(false);
    expect(isCustomLogin('?sessionNamespace=')).toBe(false);
    expect(isCustomLogin('')).toBe(false);
  });
});

describe('?redirect= after login', () => {
  it.each(['/wallet/settings', '/wallet/transfer?to=0xabc', '/confirm?id=3#top'])(
    'accepts the in-app path %s',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    null,
    '',
    'wallet',
    'https://evil.example/wallet',
    '//evil.example/wallet',
    '/\\evil.example',
    '/wallet\n/x',
    '/ wallet',
    'javascript:alert(1)',
    '/',
    '/logout?x=1',
    `/${'a'.repeat(2048)}`,
  ])('refuses %p', (value) => {
    expect(safeRedirect(value)).toBeNull();
  });

  it('goes to the redirect or /wallet, with the carried parameters', () => {
    expect(afterLoginTarget('?redirect=%2Fwallet%2Fsettings&instanceId=abc')).toBe(
      '/wallet/settings?instanceId=abc',
    );
    expect(afterLoginTarget('?redirect=%2F%2Fevil.example')).toBe('/wallet');
    expect(afterLoginTarget('')).toBe('/wallet');
  });

  it('sends a visitor without a session to the login screen with where they were going', () => {
    expect(loginTargetFor('/wallet/settings', '?instanceId=abc&foo=1')).toBe(
      '/?instanceId=abc&redirect=%2Fwallet%2Fsettings%3FinstanceId%3Dabc%26foo%3D1',
    );
    const back = afterLoginTarget(
      loginTargetFor('/wallet/settings', '?instanceId=abc&foo=1').slice(1),
    );
    expect(back).toBe('/wallet/settings?instanceId=abc');
  });
});
