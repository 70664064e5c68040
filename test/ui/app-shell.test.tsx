import { act, screen } from '@testing-library/react';
import { clearTimers } from 'mobx-react-lite';

import { sampleUiState } from './fake-background';
import { renderApp } from './render-app';

afterAll(() => clearTimers());

describe('app shell and routes', () => {
  it('shows the loader after 500 ms while waiting for the first snapshot, then the route', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    try {
      const { background, settle } = await renderApp('/wallet');
      await settle();
      expect(background.typesReceived()).toEqual(['subscribe']);
      act(() => jest.advanceTimersByTime(499));
      expect(screen.queryByTestId('full-page-loader')).toBeNull();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByTestId('full-page-loader')).toBeTruthy();
      expect(screen.queryByTestId('wallet-status-panel')).toBeNull();

      background.snapshot(1);
      await settle();
      expect(screen.queryByTestId('full-page-loader')).toBeNull();
      expect(screen.getByTestId('wallet-status-panel')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['/', 'login-page', 'Login | Orrery'],
    ['/wallet', 'wallet-home-page', 'Home | Orrery'],
    ['/wallet/home', 'wallet-home-page', 'Home | Orrery'],
    ['/no/such/page', 'login-page', 'Login | Orrery'],
    ['/wallet/unknown', 'login-page', 'Login | Orrery'],
  ])('%s shows %s titled %s', async (path, page, title) => {
    const { background, settle } = await renderApp(path);
    background.snapshot(1);
    await settle();
    expect(screen.getByTestId(page)).toBeTruthy();
    expect(document.title).toBe(title);
  });

  it('shows the network status live as patches arrive', async () => {
    const { background, settle } = await renderApp('/wallet');
    background.snapshot(1);
    await settle();
    expect(screen.getByTestId('network-name').textContent).toBe('Localhost 8545');
    expect(screen.getByTestId('chain-id').textContent).toBe('5777 (0x1691)');
    expect(screen.getByTestId('network-status').dataset.status).toBe('loading');
    expect(screen.getByTestId('network-status').textContent).toBe('Connecting…');
    expect(screen.getByTestId('block-number').dataset.block).toBe('');

    background.patches(2, [
      { op: 'replace', path: ['NetworkController', 'networkStatus'], value: 'available' },
      { op: 'replace', path: ['NetworkController', 'networkId'], value: '5777' },
      { op: 'replace', path: ['NetworkController', 'latestBlockNumber'], value: 41 },
    ]);
    await settle();
    expect(screen.getByTestId('network-status').textContent).toBe('Connected');
    expect(screen.getByTestId('block-number').textContent).toBe('41');

    background.patches(3, [
      { op: 'replace', path: ['NetworkController', 'latestBlockNumber'], value: 42 },
    ]);
    await settle();
    expect(screen.getByTestId('block-number').textContent).toBe('42');

    background.patches(5, [
      { op: 'replace', path: ['NetworkController', 'latestBlockNumber'], value: 44 },
    ]);
    await settle();
    expect(screen.getByTestId('block-number').textContent).toBe('42'); // gap: resync, not applied
    const fresh = sampleUiState();
    fresh.NetworkController.networkStatus = 'available';
    fresh.NetworkController.latestBlockNumber = 44;
    background.snapshot(9, fresh);
    await settle();
    expect(screen.getByTestId('block-number').textContent).toBe('44');
    expect(background.typesReceived()).toEqual(['subscribe', 'subscribe']);
  });

  it('shows the selected account and its balance in the network ticker, 3 decimals', async () => {
    const { background, settle } = await renderApp('/wallet');
    background.snapshot(1);
    await settle();
    expect(screen.getByTestId('selected-address').textContent).toBe('No account yet');
    expect(screen.queryByTestId('balance')).toBeNull();

    const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
    background.patches(2, [
      { op: 'replace', path: ['PreferencesController', 'selectedAddress'], value: address },
      {
        op: 'add',
        path: ['AccountTrackerController', 'accounts', address],
        value: { balance: '0x21e19e0c9bab23fffff' }, // 1 wei short of 10,000 ETH
      },
    ]);
    await settle();
    expect(screen.getByTestId('selected-address').textContent).toBe(address);
    expect(screen.getByTestId('balance').textContent).toBe('9,999.999 ETH');
  });

  it('reports user activity to the background, at most once per interval', async () => {
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const { background, settle } = await renderApp('/wallet');
      background.snapshot(1);
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
