/**
 * The transfer result e-mails a recipient sent to by e-mail login (spec part 2 §7 'after a 2 s
 * wait'): only once the send has a hash, only for an e-mail login, once, and it says whether
 * the e-mail went out.
 */
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';

import type { RemoteActionApi } from '../../src/background/contract/action-api';
import { AppServicesProvider } from '../../src/ui/app-context';
import { createI18n } from '../../src/ui/i18n/create-i18n';
import {
  TRANSFER_EMAIL_DELAY_MS,
  TransferResult,
} from '../../src/ui/pages/transfer/TransferResult';
import { RootStore } from '../../src/ui/stores/root-store';
import { ToastStore } from '../../src/ui/toasts/toast-store';
import { ToastStoreProvider } from '../../src/ui/toasts/toast-context';
import { signedInState } from './fake-background';

const SEND = {
  txId: 'tx-1',
  approvalId: 'a-1',
  to: '0x70997970c51812dc3b479c55d83d34d1a5f6a6e3',
  recipientLabel: 'bob@example.com (0x7099…)',
  amount: '1.5',
  symbol: 'ETH',
  amountWei: 1_500_000_000_000_000_000n,
  fee: {
    tier: 'medium' as const,
    maxFeePerGasWei: 1n,
    overrides: { gasPrice: '0x1' },
    maxWaitMs: null,
  },
};

async function renderResult(kind: string, sendTransferEmail: jest.Mock, hash?: string) {
  const store = new RootStore();
  const state = signedInState();
  (state.TransactionController as { uiTransactions: unknown[] }).uiTransactions = [
    { id: 'tx-1', status: 'submitted', hash, txParams: { from: '0x1', to: SEND.to } },
  ];
  store.applySnapshot(state);
  const i18n = await createI18n({});
  const actions = { sendTransferEmail } as unknown as RemoteActionApi;
  const view = render(
    <I18nextProvider i18n={i18n}>
      <AppServicesProvider services={{ store, actions }}>
        <ToastStoreProvider store={new ToastStore()}>
          <MemoryRouter>
            <TransferResult
              send={SEND}
              txId="tx-1"
              recipient={{ kind, id: kind === 'google' ? 'bob@example.com' : SEND.to }}
              onAnother={() => undefined}
            />
          </MemoryRouter>
        </ToastStoreProvider>
      </AppServicesProvider>
    </I18nextProvider>,
  );
  return { store, view };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('transfer e-mail', () => {
  it('waits for the hash, then 2 s, then asks the engine once and says it was sent', async () => {
    const sendTransferEmail = jest.fn().mockResolvedValue(undefined);
    const { store } = await renderResult('google', sendTransferEmail);
    await act(async () => jest.advanceTimersByTime(5_000));
    expect(sendTransferEmail).not.toHaveBeenCalled(); // no hash yet

    await act(async () => {
      const next = JSON.parse(JSON.stringify(store.ui)) as typeof store.ui;
      (next.TransactionController.uiTransactions[0] as { hash?: string }).hash = '0xabc';
      store.applySnapshot(next);
    });
    await act(async () => jest.advanceTimersByTime(TRANSFER_EMAIL_DELAY_MS - 100));
    expect(sendTransferEmail).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(200));
    expect(sendTransferEmail).toHaveBeenCalledTimes(1);
    expect(sendTransferEmail).toHaveBeenCalledWith('tx-1', {
      email: 'bob@example.com',
      amount: '1.5',
      symbol: 'ETH',
    });
    expect((await screen.findByTestId('transfer-email')).textContent).toBe(
      'We e-mailed bob@example.com about this transfer.',
    );
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(sendTransferEmail).toHaveBeenCalledTimes(1);
  });

  it('sends nothing for an address recipient; says so when the e-mail fails', async () => {
    const none = jest.fn();
    const first = await renderResult('eth', none, '0xabc');
    await act(async () => jest.advanceTimersByTime(5_000));
    expect(none).not.toHaveBeenCalled();
    first.view.unmount();

    const failing = jest.fn().mockRejectedValue(new Error('backend down'));
    await renderResult('google', failing, '0xabc');
    await act(async () => jest.advanceTimersByTime(TRANSFER_EMAIL_DELAY_MS));
    expect((await screen.findByTestId('transfer-email')).textContent).toMatch(/could not be sent/);
  });
});
