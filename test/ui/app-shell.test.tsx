import { fireEvent, screen } from '@testing-library/react';
import { clearTimers } from 'mobx-react-lite';

import { lockedState, sampleUiState, signedInState, SAMPLE_ADDRESS } from './fake-background';
import { renderApp } from './render-app';

afterAll(() => clearTimers());

describe('app shell: session restore', () => {
  it('shows no route before the first snapshot, the loader while waiting, then the route', async () => {
    const { background, settle } = await renderApp('/');
    await settle();
    expect(background.typesReceived()).toEqual(['subscribe']);
    expect(screen.queryByTestId('login-page')).toBeNull();
    // The loader's 500 ms delay is FullPageLoader's own test; here it appears in its place.
    expect(await screen.findByTestId('full-page-loader', {}, { timeout: 5_000 })).toBeTruthy();

    background.snapshot(1);
    await settle();
    expect(screen.queryByTestId('full-page-loader')).toBeNull();
    expect(screen.getByTestId('login-page')).toBeTruthy();
  });
});

describe('routes without a session', () => {
  it.each([
    ['/', '/', 'Login | Orrery'],
    ['/no/such/page', '/no/such/page', 'Login | Orrery'],
    ['/wallet/unknown', '/wallet/unknown', 'Login | Orrery'],
    ['/wallet', '/?redirect=%2Fwallet', 'Login | Orrery'],
    ['/wallet/settings?foo=1', '/?redirect=%2Fwallet%2Fsettings%3Ffoo%3D1', 'Login | Orrery'],
    [
      '/wallet/home?instanceId=abc',
      '/?instanceId=abc&redirect=%2Fwallet%2Fhome%3FinstanceId%3Dabc',
      'Login | Orrery',
    ],
  ])('%s shows the login screen at %s', async (path, url, title) => {
    const { background, settle, currentUrl } = await renderApp(path);
    background.snapshot(1);
    await settle();
    expect(screen.getByTestId('login-page').dataset.step).toBe('noVault');
    expect(currentUrl()).toBe(url);
    expect(document.title).toBe(title);
  });

  it('a locked wallet shows the unlock screen, never the wallet', async () => {
    const { background, settle, currentUrl } = await renderApp('/wallet/home');
    background.snapshot(1, lockedState());
    await settle();
    expect(screen.getByTestId('login-page').dataset.step).toBe('locked');
    expect(screen.queryByTestId('wallet-home-page')).toBeNull();
    expect(currentUrl()).toBe('/?redirect=%2Fwallet%2Fhome');
  });

  it('/confirm needs no session; without a request it says so, titled Confirm | Orrery', async () => {
    const { background, settle, currentUrl } = await renderApp('/confirm');
    background.snapshot(1);
    await settle();
    expect(screen.getByRole('heading', { name: 'No new transactions.' })).toBeTruthy();
    expect(screen.queryByTestId('login-page')).toBeNull();
    expect(currentUrl()).toBe('/confirm');
    expect(document.title).toBe('Confirm | Orrery');
  });

  it('/providerchange needs no session; without a request it says so, titled Network change | Orrery', async () => {
    const { background, settle, currentUrl } = await renderApp('/providerchange');
    background.snapshot(1);
    await settle();
    expect(screen.getByRole('heading', { name: 'No new transactions.' })).toBeTruthy();
    expect(screen.queryByTestId('login-page')).toBeNull();
    expect(currentUrl()).toBe('/providerchange');
    expect(document.title).toBe('Network change | Orrery');
  });

  it('/redirect needs no session; opened by no host page, it says it has nothing to show', async () => {
    const { background, settle, currentUrl } = await renderApp('/redirect');
    background.snapshot(1);
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Nothing to show in this window.');
    expect(screen.queryByTestId('login-page')).toBeNull();
    expect(currentUrl()).toBe('/redirect');
    expect(document.title).toBe('Opening your wallet | Orrery');
  });

  it("/start needs no session and shows the loader for the popup's provider", async () => {
    const { background, settle, currentUrl } = await renderApp('/start?loginProvider=discord');
    background.snapshot(1);
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Opening Discord…');
    expect(screen.queryByTestId('login-page')).toBeNull();
    expect(currentUrl()).toBe('/start?loginProvider=discord');
    expect(document.title).toBe('Login | Orrery');
  });

  it('/start naming no provider the wallet offers says Invalid params and offers to close', async () => {
    const { background, settle } = await renderApp('/start?loginProvider=myspace');
    background.snapshot(1);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Invalid params');
    expect(screen.getByRole('button', { name: 'Close this window' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('makes the page transparent on /popup only', async () => {
    const popup = await renderApp('/popup');
    popup.background.snapshot(1);
    await popup.settle();
    expect(screen.getByTestId('coming-soon')).toBeTruthy();
    expect(document.documentElement.dataset.surface).toBe('transparent');
    popup.view.unmount();

    const other = await renderApp('/confirm');
    other.background.snapshot(1);
    await other.settle();
    expect(document.documentElement.dataset.surface).toBeUndefined();
  });
});

describe('routes with a session', () => {
  it.each([
    ['/', '/wallet/home'],
    ['/wallet', '/wallet/home'],
    ['/?redirect=%2Fwallet%2Fsettings', '/wallet/settings'],
    ['/?redirect=%2F%2Fevil.example%2Fwallet', '/wallet/home'],
    ['/?redirect=https%3A%2F%2Fevil.example', '/wallet/home'],
    ['/?instanceId=abc&redirect=%2Fwallet%2Fsettings%3Ffoo%3D1', '/wallet/settings?instanceId=abc'],
    ['/logout', '/wallet/home'],
    ['/wallet/settings?instanceId=abc&foo=1', '/wallet/settings?instanceId=abc'],
    ['/wallet/transfer?to=0xabc&foo=1', '/wallet/transfer?to=0xabc&foo=1'],
    ['/wallet/topup/moonpay?amount=5', '/wallet/topup/moonpay?amount=5'],
  ])('%s lands on %s', async (path, url) => {
    const { background, settle, currentUrl } = await renderApp(path);
    background.snapshot(1, signedInState());
    await settle();
    expect(currentUrl()).toBe(url);
    expect(screen.queryByTestId('login-page')).toBeNull();
  });

  it.each([
    ['/wallet/history', 'Activity | Orrery', 'Activity'],
    ['/wallet/transfer', 'Transfer | Orrery', 'Transfer'],
  ])('%s is its own screen inside the wallet, titled %s', async (path, title, heading) => {
    const { background, settle } = await renderApp(path);
    background.snapshot(1, signedInState());
    await settle();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!).toBeTruthy();
    expect(document.title).toBe(title);
  });

  it.each([
    ['/wallet/topup', 'Top up | Orrery'],
    ['/wallet/topup/banxa', 'Top up | Orrery'],
    ['/wallet/discover', 'Discover | Orrery'],
    ['/wallet/swap', 'Swap | Orrery'],
  ])('%s is a placeholder inside the wallet, titled %s', async (path, title) => {
    const { background, settle } = await renderApp(path);
    background.snapshot(1, signedInState());
    await settle();
    expect(screen.getByTestId('coming-soon')).toBeTruthy();
    expect(screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!).toBeTruthy();
    expect(document.title).toBe(title);
  });

  it('/wallet/home/collectibles/{address} is its own screen: a contract the account does not hold is not found', async () => {
    const { background, settle } = await renderApp(`/wallet/home/collectibles/${SAMPLE_ADDRESS}`);
    background.snapshot(1, signedInState());
    await settle();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    expect(await screen.findByTestId('collectible-not-found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
    expect(document.title).toBe('Collectible | Orrery');
  });

  it('sends the user to the login screen as soon as the wallet locks', async () => {
    const { background, settle, currentUrl } = await renderApp('/wallet/settings');
    background.snapshot(1, signedInState());
    await settle();
    expect(screen.getByTestId('settings-page')).toBeTruthy();
    background.patches(2, [
      { op: 'replace', path: ['KeyringController', 'isUnlocked'], value: false },
      { op: 'replace', path: ['KeyringController', 'accounts'], value: [] },
    ]);
    await settle();
    expect(screen.getByTestId('login-page').dataset.step).toBe('locked');
    expect(currentUrl()).toBe('/?redirect=%2Fwallet%2Fsettings');
  });

  it('hides top-up (nav item and routes) when the white-label says so', async () => {
    const state = signedInState();
    state.WhiteLabelController.whiteLabel = {
      ...state.WhiteLabelController.whiteLabel,
      isActive: true,
      topupHide: true,
      name: 'Acme Wallet',
    };
    const { background, settle, currentUrl } = await renderApp('/wallet/topup/moonpay');
    background.snapshot(1, state);
    await settle();
    expect(currentUrl()).toBe('/wallet/home');
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(nav.textContent).not.toContain('Top up');
    expect(nav.textContent).toContain('Settings');
    expect(document.title).toBe('Home | Acme Wallet');
  });

  it('shows the network status and the selected account live as patches arrive', async () => {
    const { background, settle } = await renderApp('/wallet/home');
    background.snapshot(1, signedInState());
    await settle();
    expect(screen.getByTestId('network-name').textContent).toBe('Localhost 8545');
    expect(screen.getByTestId('chain-id').textContent).toBe('5777 (0x1691)');
    expect(screen.getByTestId('network-status').dataset.status).toBe('loading');
    expect(screen.getByTestId('network-status').textContent).toBe('Connecting…');
    expect(screen.getByTestId('selected-address').textContent).toBe(SAMPLE_ADDRESS);
    expect(screen.queryByTestId('balance')).toBeNull();

    background.patches(2, [
      { op: 'replace', path: ['NetworkController', 'networkStatus'], value: 'available' },
      { op: 'replace', path: ['NetworkController', 'latestBlockNumber'], value: 41 },
      {
        op: 'add',
        path: ['AccountTrackerController', 'accounts', SAMPLE_ADDRESS],
        value: { balance: '0x21e19e0c9bab23fffff' }, // 1 wei short of 10,000 ETH
      },
    ]);
    await settle();
    expect(screen.getByTestId('network-status').textContent).toBe('Connected');
    expect(screen.getByTestId('block-number').textContent).toBe('41');
    expect(screen.getByTestId('balance').textContent).toBe('9,999.999 ETH');

    background.patches(4, [
      { op: 'replace', path: ['NetworkController', 'latestBlockNumber'], value: 44 },
    ]);
    await settle();
    expect(screen.getByTestId('block-number').textContent).toBe('41'); // gap: resync, not applied
    const fresh = signedInState();
    fresh.NetworkController.networkStatus = 'available';
    fresh.NetworkController.latestBlockNumber = 44;
    background.snapshot(9, fresh);
    await settle();
    expect(screen.getByTestId('block-number').textContent).toBe('44');
    // A gap resyncs by subscribing again; the only action home asks for is its billboard.
    expect(background.typesReceived().filter((type) => type === 'subscribe')).toHaveLength(2);
    expect(
      background.requests().map((request) => (request.type === 'request' ? request.action : null)),
    ).toEqual(['readBillboard']);
  });

  it('reports user activity to the background, at most once per interval', async () => {
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const { background, settle } = await renderApp('/');
      background.snapshot(1, sampleUiState());
      await settle();
      const reports = () =>
        background.received.filter((m) => m.type === 'request' && m.action === 'reportUserActivity')
          .length;
      window.dispatchEvent(new Event('pointerdown'));
      window.dispatchEvent(new Event('keydown'));
      await settle();
      expect(reports()).toBe(1);
      now += 29_999;
      window.dispatchEvent(new Event('keydown'));
      await settle();
      expect(reports()).toBe(1);
      now += 1;
      window.dispatchEvent(new Event('keydown'));
      await settle();
      expect(reports()).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('white-label in the shell', () => {
  beforeEach(() => localStorage.clear());

  it("puts the white-label's colours into the page and takes them out again", async () => {
    const state = sampleUiState();
    state.WhiteLabelController.whiteLabel = {
      ...state.WhiteLabelController.whiteLabel,
      isActive: true,
      theme: { isDark: false, colors: { primary: '#0f766e' } },
    };
    const { background, settle } = await renderApp('/');
    background.snapshot(1, state);
    await settle();
    const style = () => document.getElementById('orrery-white-label')?.textContent ?? null;
    expect(style()).toContain('--color-primary: #0f766e;');
    expect(style()).toContain('--color-on-primary: #ffffff;');

    background.patches(2, [
      {
        op: 'replace',
        path: ['WhiteLabelController', 'whiteLabel', 'theme', 'colors'],
        value: {},
      },
    ]);
    await settle();
    expect(style()).toBeNull();
  });

  it('shows the white-label logo in the loader of the next start when it asks to', async () => {
    const state = sampleUiState();
    state.WhiteLabelController.whiteLabel = {
      ...state.WhiteLabelController.whiteLabel,
      isActive: true,
      useLogoLoader: true,
      logoDark: '/acme-dark.svg',
    };
    const first = await renderApp('/');
    first.background.snapshot(1, state);
    await first.settle();
    first.view.unmount();

    // The next start: the loader shows before the engine's first state.
    await renderApp('/');
    const loader = await screen.findByTestId('full-page-loader', {}, { timeout: 5_000 });
    expect(loader.querySelector('img')?.getAttribute('src')).toBe('/acme-dark.svg');
    expect(screen.queryByTestId('full-page-loader-spinner')).toBeNull();
  });

  it('lists what the engine refused, until dismissed', async () => {
    const state = sampleUiState();
    state.WhiteLabelController.refused = [{ field: 'theme.colors.glow', reason: 'unknownField' }];
    const { background, settle } = await renderApp('/');
    background.snapshot(1, state);
    await settle();
    const notice = screen.getByTestId('white-label-notice');
    expect(notice.textContent).toContain('theme.colors.glow: not a known setting');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('white-label-notice')).toBeNull();
  });
});
