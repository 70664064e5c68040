/**
 * The "waited too long" rule of the confirm window (spec part 2 §8, views.md §3.7): a
 * transaction whose account balance is unknown cannot be confirmed, and after 5 s it is denied,
 * never approved. The hook against a fake clock, then the screen against a scripted background.
 */
import { act, fireEvent, renderHook, screen } from '@testing-library/react';

import type { UiState } from '../../src/background/contract/ui-state';
import {
  BALANCE_WAIT_LOG,
  BALANCE_WAIT_MS,
  useBalanceWait,
} from '../../src/ui/hooks/use-balance-wait';
import { SAMPLE_ADDRESS, signedInState } from './fake-background';
import { renderApp } from './render-app';

describe('useBalanceWait', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fires once after 5 s of waiting, not before', () => {
    const onTimeout = jest.fn();
    renderHook(() => useBalanceWait(true, onTimeout));
    act(() => jest.advanceTimersByTime(BALANCE_WAIT_MS - 1));
    expect(onTimeout).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onTimeout).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(BALANCE_WAIT_MS * 3));
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('a balance that arrives in time, or a screen that goes away, cancels it', () => {
    const onTimeout = jest.fn();
    const hook = renderHook(({ waiting }) => useBalanceWait(waiting, onTimeout), {
      initialProps: { waiting: true },
    });
    act(() => jest.advanceTimersByTime(BALANCE_WAIT_MS - 100));
    hook.rerender({ waiting: false });
    act(() => jest.advanceTimersByTime(BALANCE_WAIT_MS * 2));
    expect(onTimeout).not.toHaveBeenCalled();

    const other = renderHook(() => useBalanceWait(true, onTimeout));
    other.unmount();
    act(() => jest.advanceTimersByTime(BALANCE_WAIT_MS * 2));
    expect(onTimeout).not.toHaveBeenCalled();
  });
});

const DAPP = 'http://localhost:3001';

function withTransaction(balance: string | undefined): UiState {
  const state = signedInState();
  state.TransactionController = {
    uiTransactions: [
      {
        id: 'tx1',
        time: 1,
        status: 'unapproved',
        chainId: state.NetworkController.providerConfig.chainId,
        loadingDefaults: false,
        origin: DAPP,
        transactionCategory: 'sentEther',
        txParams: {
          from: SAMPLE_ADDRESS,
          to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
          value: '0xde0b6b3a7640000',
          gas: '0x5208',
          gasPrice: '0x3b9aca00',
        },
      } as never,
    ],
  };
  state.ApprovalController = {
    pendingApprovals: {
      a1: {
        id: 'a1',
        origin: DAPP,
        type: 'transaction',
        time: 1,
        requestData: { txId: 'tx1', txParams: {}, origin: DAPP },
      } as never,
    },
    pendingApprovalCount: 1,
    dappMetadata: {},
  };
  state.NetworkController = { ...state.NetworkController, networkStatus: 'available' };
  state.AccountTrackerController = {
    ...state.AccountTrackerController,
    accounts: balance === undefined ? {} : { [SAMPLE_ADDRESS]: { balance } },
  } as never;
  return state;
}

const sent = (background: { requests(): Array<{ action: string; params: unknown[] }> }) =>
  background
    .requests()
    .filter((request) => !['reportUserActivity', 'showGasFees'].includes(request.action))
    .map(({ action, params }) => ({ action, params }));

describe('/confirm transaction while the balance is unknown', () => {
  it('shows that it reads the balance, keeps Confirm disabled, and denies after 5 s', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { background, settle } = await renderApp(
        `/confirm?id=a1&origin=${encodeURIComponent(DAPP)}`,
      );
      background.snapshot(1, withTransaction(undefined));
      await settle();
      const shownAt = Date.now();
      expect(screen.getByTestId('balance-wait').textContent).toContain('Reading your balance…');
      const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
      expect(confirm.disabled).toBe(true);
      fireEvent.click(confirm);
      await settle();
      expect(sent(background)).toEqual([]);

      // Waits for the condition (the denial), then checks it did not come early.
      while (sent(background).length === 0) {
        if (Date.now() - shownAt > BALANCE_WAIT_MS * 3) throw new Error('never denied');
        await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      }
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(BALANCE_WAIT_MS - 50);
      expect(sent(background)).toEqual([{ action: 'rejectRequest', params: ['a1'] }]);
      expect(warn).toHaveBeenCalledWith(BALANCE_WAIT_LOG);
    } finally {
      warn.mockRestore();
    }
  }, 20_000);

  it('with the balance known, nothing waits: Confirm is enabled', async () => {
    const { background, settle } = await renderApp(
      `/confirm?id=a1&origin=${encodeURIComponent(DAPP)}`,
    );
    background.snapshot(1, withTransaction('0x56bc75e2d63100000')); // 100 ETH
    await settle();
    expect(screen.queryByTestId('balance-wait')).toBeNull();
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
  });
});
