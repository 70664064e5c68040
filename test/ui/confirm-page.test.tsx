/**
 * The /confirm window against a scripted background: what reaches the engine for each click
 * (and that nothing does before one), the connect period as a required choice, eth_sign's
 * acknowledgement, and a request of another origin refused.
 */
import { fireEvent, screen } from '@testing-library/react';

import type { UiState } from '../../src/background/contract/ui-state';
import { SAMPLE_ADDRESS, signedInState } from './fake-background';
import { renderApp } from './render-app';

const DAPP = 'http://localhost:3001';

/** The actions the window asked of the engine, apart from activity reports. */
function actionsSent(background: { requests(): Array<{ action: string; params: unknown[] }> }) {
  return background
    .requests()
    .filter((request) => request.action !== 'reportUserActivity')
    .map(({ action, params }) => ({ action, params }));
}

function withRequest(request: Record<string, unknown>): UiState {
  const state = signedInState();
  state.ApprovalController = {
    pendingApprovals: { [request.id as string]: request as never },
    pendingApprovalCount: 1,
    dappMetadata: { [DAPP]: { name: 'Sample dapp', icon: 'javascript:alert(1)' } },
  };
  return state;
}

const connect = {
  id: 'c1',
  origin: DAPP,
  type: 'connect',
  time: 1,
  requestData: { permissions: ['eth_accounts'], periods: ['hour', 'week', 'month', 'year'] },
};

describe('/confirm', () => {
  it('connect: Connect waits for a period, then sends the account and the period', async () => {
    const { background, settle } = await renderApp(
      `/confirm?id=c1&origin=${encodeURIComponent(DAPP)}`,
    );
    background.snapshot(1, withRequest(connect));
    await settle();
    expect(screen.getByText('Sample dapp')).toBeTruthy();
    expect(screen.getByTestId('confirm-origin').textContent).toBe(DAPP);
    // The dapp's javascript: icon is never loaded: the default icon shows.
    expect(document.querySelector('img')).toBeNull();
    const allow = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement;
    expect(allow.disabled).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.click(allow);
    await settle();
    expect(actionsSent(background)).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: '1 month' }));
    await settle();
    expect(allow.disabled).toBe(false);
    fireEvent.click(allow);
    await settle();
    expect(actionsSent(background)).toEqual([
      {
        action: 'approveRequest',
        params: ['c1', { accounts: [SAMPLE_ADDRESS], period: 'month' }],
      },
    ]);
  });

  it('eth_sign: Sign only after the acknowledgement; Deny rejects by id', async () => {
    const ethSign = {
      id: 'e1',
      origin: DAPP,
      type: 'eth_sign',
      time: 1,
      requestData: {
        messageId: 'm',
        from: SAMPLE_ADDRESS,
        data: `0x${'ab'.repeat(32)}`,
        dangerWarning: true,
      },
    };
    const { background, settle } = await renderApp(
      `/confirm?id=e1&origin=${encodeURIComponent(DAPP)}`,
    );
    background.snapshot(1, withRequest(ethSign));
    await settle();
    const sign = screen.getByRole('button', { name: 'Sign' }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox'));
    await settle();
    expect(sign.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await settle();
    expect(actionsSent(background)).toEqual([{ action: 'rejectRequest', params: ['e1'] }]);
  });

  it('refuses a request of another origin than the window names, and shows an unknown id as none', async () => {
    const forged = await renderApp(
      `/confirm?id=c1&origin=${encodeURIComponent('https://evil.example')}`,
    );
    forged.background.snapshot(1, withRequest(connect));
    await forged.settle();
    expect(screen.getByRole('heading', { name: 'Request refused' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    forged.view.unmount();

    const unknown = await renderApp('/confirm?id=nope');
    unknown.background.snapshot(1, withRequest(connect));
    await unknown.settle();
    expect(screen.getByRole('heading', { name: 'No new transactions.' })).toBeTruthy();
  });
});
