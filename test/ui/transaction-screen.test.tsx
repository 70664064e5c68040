/**
 * C1 in the /confirm window against a scripted background: a token transfer shows its amount
 * in the token and, when the wallet has a rate for it in the user's currency, in fiat.
 */
import { screen } from '@testing-library/react';

import type { UiState } from '../../src/background/contract/ui-state';
import { SAMPLE_ADDRESS, signedInState } from './fake-background';
import { renderApp } from './render-app';

const DAPP = 'http://localhost:3001';
const ORB = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

function withTokenTransfer(rate: number): UiState {
  const state = signedInState();
  const chainId = state.NetworkController.providerConfig.chainId;
  state.NetworkController = { ...state.NetworkController, networkStatus: 'available' };
  state.TransactionController = {
    uiTransactions: [
      {
        id: 'tx1',
        time: 1,
        status: 'unapproved',
        chainId,
        loadingDefaults: false,
        origin: DAPP,
        transactionCategory: 'transfer',
        txParams: {
          from: SAMPLE_ADDRESS,
          to: ORB,
          value: '0x0',
          data: '0xa9059cbb',
          gas: '0xc350',
          gasPrice: '0x3b9aca00',
        },
        methodParams: [
          { name: '_to', type: 'address', value: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' },
          { name: '_value', type: 'uint256', value: '0x2625a0' }, // 2.5 ORB (6 decimals)
        ],
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
  state.AccountTrackerController = {
    ...state.AccountTrackerController,
    accounts: { [SAMPLE_ADDRESS]: { balance: '0x56bc75e2d63100000' } },
  } as never;
  state.TokensController = {
    ...state.TokensController,
    tokens: {
      [SAMPLE_ADDRESS]: [
        { tokenAddress: ORB, symbol: 'ORB', decimals: 6, balance: '0x0' } as never,
      ],
    },
  };
  state.CurrencyController = { ...state.CurrencyController, currentCurrency: 'usd' };
  state.TokenRatesController = {
    ...state.TokenRatesController,
    currency: 'usd',
    chainId,
    tokenRates: { [ORB]: rate },
  };
  return state;
}

describe('/confirm token transfer', () => {
  it('shows the amount in the token and in the user’s currency', async () => {
    const { background, settle } = await renderApp(
      `/confirm?id=a1&origin=${encodeURIComponent(DAPP)}`,
    );
    background.snapshot(1, withTokenTransfer(4.2));
    await settle();
    expect(screen.getByTestId('tx-token-amount').textContent).toBe('2.500000 ORB ≈ 10.50 USD');
  });

  it('shows no fiat when the token has no rate', async () => {
    const { background, settle } = await renderApp(
      `/confirm?id=a1&origin=${encodeURIComponent(DAPP)}`,
    );
    background.snapshot(1, withTokenTransfer(0));
    await settle();
    expect(screen.getByTestId('tx-token-amount').textContent).toBe('2.500000 ORB');
  });
});
