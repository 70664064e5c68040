/**
 * Desktop notifications (issue #12): asked for from a click on Activity, shown once when one of
 * the account's transactions is confirmed or fails (never for one already final, another
 * account's, or a dropped original a replacement took over), and a click opens Activity at it.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';

import type { UiState } from '../../src/background/contract/ui-state';
import { newlySettled } from '../../src/ui/features/notifications/settled';
import { SAMPLE_ADDRESS, signedInState } from './fake-background';
import { renderApp } from './render-app';

const OTHER = '0x70997970c51812dc3b479c55d83d34d1a5f6a6e3';

class FakeNotification {
  static permission: NotificationPermission = 'default';
  static shown: FakeNotification[] = [];
  static requestPermission = jest.fn(async () => {
    FakeNotification.permission = 'granted';
    return FakeNotification.permission;
  });
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

function tx(id: string, status: string, from = SAMPLE_ADDRESS, extra: object = {}) {
  return {
    id,
    time: Date.now(),
    status,
    chainId: '0x1',
    loadingDefaults: false,
    origin: 'orrery',
    hash: `0x${id.padStart(64, 'a')}`,
    submittedTime: Date.now(),
    txParams: {
      from,
      to: OTHER,
      value: '0x1',
      gas: '0x5208',
      gasPrice: '0x3b9aca00',
      nonce: '0x1',
    },
    ...extra,
  };
}

const withTransactions = (transactions: ReturnType<typeof tx>[]): UiState =>
  signedInState({
    TransactionController: { uiTransactions: transactions },
  } as unknown as Partial<UiState>);

beforeEach(() => {
  FakeNotification.permission = 'default';
  FakeNotification.shown = [];
  Object.assign(globalThis, { Notification: FakeNotification });
});
afterEach(() => {
  delete (globalThis as { Notification?: unknown }).Notification;
});

describe('transaction notifications', () => {
  it('knows which transactions just settled', () => {
    const seen = new Map<string, string>();
    expect(
      newlySettled(seen, [tx('1', 'submitted'), tx('2', 'confirmed')], SAMPLE_ADDRESS),
    ).toEqual([]);
    expect(
      newlySettled(
        seen,
        [
          tx('1', 'dropped', SAMPLE_ADDRESS, { replacedBy: '0xabc' }),
          tx('2', 'confirmed'),
          tx('3', 'submitted'),
        ],
        SAMPLE_ADDRESS,
      ),
    ).toEqual([]);
    expect(
      newlySettled(seen, [tx('3', 'failed'), tx('4', 'submitted', OTHER)], SAMPLE_ADDRESS),
    ).toEqual([{ id: '3', hash: tx('3', 'failed').hash, outcome: 'failed' }]);
    // Seen again: not announced twice.
    expect(newlySettled(seen, [tx('3', 'failed')], SAMPLE_ADDRESS)).toEqual([]);
  });

  it('asks from a click, then notifies a confirmation once; the click opens Activity', async () => {
    const app = await renderApp('/wallet/history');
    app.background.snapshot(
      1,
      withTransactions([tx('1', 'submitted'), tx('2', 'confirmed'), tx('5', 'submitted', OTHER)]),
    );
    await app.settle();
    await screen.findByRole('heading', { name: 'Activity' });
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(screen.queryByTestId('notification-prompt')).toBeNull());
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);

    app.background.snapshot(
      2,
      withTransactions([tx('1', 'confirmed'), tx('2', 'confirmed'), tx('5', 'confirmed', OTHER)]),
    );
    await app.settle();
    expect(FakeNotification.shown.map((n) => [n.title, n.options.tag])).toEqual([
      ['Transaction confirmed', 'orrery-tx-1-confirmed'],
    ]);
    expect(FakeNotification.shown[0]!.options.body).toContain('0xaaaaaaaa');

    const focus = jest.spyOn(window, 'focus').mockImplementation(() => undefined);
    // Elsewhere in the wallet when the notification is clicked.
    fireEvent.click(screen.getAllByRole('link', { name: /Home/ })[0]!);
    await app.settle();
    expect(app.currentUrl()).toBe('/wallet/home');
    await act(async () => FakeNotification.shown[0]!.onclick!());
    await app.settle();
    expect(focus).toHaveBeenCalled();
    expect(FakeNotification.shown[0]!.closed).toBe(true);
    expect(app.currentUrl()).toBe('/wallet/history');
  });

  it('says when notifications are blocked, and shows nothing without the API', async () => {
    FakeNotification.permission = 'denied';
    const app = await renderApp('/wallet/history');
    app.background.snapshot(1, withTransactions([]));
    await app.settle();
    expect((await screen.findByTestId('notification-prompt')).textContent).toMatch(/blocked/);
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
    app.view.unmount();

    delete (globalThis as { Notification?: unknown }).Notification;
    const bare = await renderApp('/wallet/history');
    bare.background.snapshot(1, withTransactions([]));
    await bare.settle();
    await screen.findByRole('heading', { name: 'Activity' });
    expect(screen.queryByTestId('notification-prompt')).toBeNull();
  });
});
